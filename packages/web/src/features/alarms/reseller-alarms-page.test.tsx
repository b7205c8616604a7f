import { fireEvent, screen, waitFor } from "@testing-library/react";
import { type AlarmLog, alarmLogSchema } from "@vigia/domain";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DatesLocale } from "../../platform/i18n/dates-locale.tsx";
import { TimezoneProvider } from "../../platform/session/preferences.tsx";
import { testSession, testUser } from "../../test/fixtures.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { ResellerAlarmsPage } from "./reseller-alarms-page.tsx";

const session = testSession(testUser({ role: "RESELLER", companyId: null, resellerId: 7 }));

const notice = (value: 0 | 1 | 2): AlarmLog =>
  alarmLogSchema.parse({
    id: 31,
    ts: Date.now() - 3_600_000,
    receptionTs: Date.now() - 3_600_000,
    itemType: 1,
    itemId: 4,
    itemName: "Van 4",
    companyId: 12,
    info: {
      name: "Depot arrival",
      priority: 3,
      family: 5,
      description: "",
      notification: { recipients: [] },
      alarmId: 2,
      craCode: "",
      craId: null,
    },
    data: { event: "geoIn", text: "", pos: null },
    state: { current: { value, ts: 0, by: "", text: "" }, historic: [] },
    seen: false,
    delivery: [],
  });

const company = {
  id: 12,
  name: "Acme Logistics",
  state: 1,
  resellerId: 7,
  email: "",
  phone: "",
  address: "",
  nif: "",
  contact: "",
  demo: false,
  countryId: "ES",
  licenses: { vehicleTotal: 0, vehicleBillable: 0, assetTotal: 0, assetBillable: 0 },
  used: { vehicles: 0, assets: 0 },
  retentionDays: 30,
  createdTs: 0,
};

beforeAll(() => {
  useEnglish();
});
afterEach(() => vi.unstubAllGlobals());

describe("ResellerAlarmsPage", () => {
  it("names each notice's company and resolves it through the reseller's own endpoint", async () => {
    const puts: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === "PUT") {
          const body: unknown = JSON.parse(String(init.body));
          puts.push({ url, body });
          return new Response(JSON.stringify(notice(2)), { status: 200 });
        }
        if (/\/resellers\/id\/7\/companies$/.test(url))
          return new Response(JSON.stringify({ 12: company }), { status: 200 });
        if (/\/resellers\/id\/7\/alarmlogs\?/.test(url))
          return new Response(JSON.stringify({ 31: notice(0) }), { status: 200 });
        return new Response("{}", { status: 404 });
      }),
    );
    renderWithApp(
      <DatesLocale>
        <TimezoneProvider>
          <ResellerAlarmsPage />
        </TimezoneProvider>
      </DatesLocale>,
      { session, query: true },
    );
    await screen.findByText("Acme Logistics");
    fireEvent.click(await screen.findByTestId("row-action-resolve"));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.url).toMatch(/\/fr\/v1\/resellers\/id\/7\/alarmlogs\/id\/31$/);
    expect(puts[0]?.body).toEqual({ value: 2, text: "" });
    // Resolved: no more state actions on the row.
    await waitFor(() => expect(screen.queryByTestId("row-action-resolve")).toBeNull());
  });
});
