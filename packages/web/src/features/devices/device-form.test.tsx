import { fireEvent, screen, waitFor } from "@testing-library/react";
import {
  APP_CONFIG_DEFAULTS,
  type CompanyAppConfig,
  type DeviceRow,
  type DeviceTypeInfo,
} from "@vigia/domain";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testSession, testUser } from "../../test/fixtures.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { DeviceForm } from "./device-form.tsx";

const TYPES: DeviceTypeInfo[] = [
  { id: 4, name: "OsmAnd phone", proto: "osmand", idLength: null },
  { id: 5, name: "Vigia App", proto: "app", idLength: null },
];

const row = (over: Partial<DeviceRow> = {}): DeviceRow => ({
  id: 42,
  deviceId: "nuria.vega",
  typeId: 5,
  name: "Nuria's phone",
  description: "",
  companyId: 5,
  companyName: "Acme",
  resellerId: 2,
  itemType: 3,
  itemId: 9,
  itemName: "Nuria Vega",
  vehicleName: null,
  vehiclePlate: null,
  groupId: null,
  sim: { phone: "", type: 99, iccid: "", imsi: "", apn: "" },
  config: {},
  configActive: false,
  configState: "updated",
  countryId: "",
  createdTs: 0,
  updatedTs: 0,
  firstConnectTs: null,
  itemPos: null,
  authentication: "none",
  refusedFrames: 0,
  lastRefusedTs: null,
  lastRefusedReason: null,
  ...over,
});

const companyConfig = (override: CompanyAppConfig["devices"][number]["override"]): CompanyAppConfig => ({
  config: APP_CONFIG_DEFAULTS,
  updatedTs: null,
  devices: [
    {
      id: 42,
      deviceId: "nuria.vega",
      name: "Nuria's phone",
      itemName: "Nuria Vega",
      override,
      state: "awaiting",
      fetchedTs: null,
    },
  ],
});

/** The company's app configuration answers GET; a PUT of the device's settings is recorded and echoed. */
function serve(answer: CompanyAppConfig) {
  const puts: unknown[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === "PUT" && url.includes("/companies/id/5/appconfig/devices/id/42")) {
      const body: unknown = JSON.parse(String(init.body));
      puts.push(body);
      return new Response(JSON.stringify(answer), { status: 200 });
    }
    if (url.includes("/companies/id/5/appconfig"))
      return new Response(JSON.stringify(answer), { status: 200 });
    return new Response("{}", { status: 404 });
  });
  vi.stubGlobal("fetch", fetch);
  return { fetch, puts };
}

function renderForm(device: DeviceRow | null) {
  renderWithApp(
    <DeviceForm
      row={device}
      types={TYPES}
      simTypes={[]}
      onClose={() => {}}
      onSave={async () => ({ ok: true, value: null })}
    />,
    { session: testSession(testUser({ role: "RESELLER" })), query: true },
  );
}

beforeAll(() => {
  useEnglish();
  // jsdom has no font loading API; the description's autosizing textarea listens to it.
  if (!("fonts" in document))
    Object.defineProperty(document, "fonts", {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
});
afterEach(() => vi.unstubAllGlobals());

describe("DeviceForm worker app configuration", () => {
  it("edits an app device's own settings over the company's defaults and saves them", async () => {
    const { puts } = serve(companyConfig({ trackerMode: "app_tracker" }));
    renderForm(row());
    await screen.findByTestId("device-appconfig");
    // Its own setting is ticked and editable; the others show the spec's defaults, locked to the company's.
    expect((screen.getByTestId("appconfig-own-trackerMode") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId("appconfig-own-sensorInterval") as HTMLInputElement).checked).toBe(false);
    const interval = screen.getByTestId("appconfig-sensorInterval") as HTMLInputElement;
    expect(interval.value).toBe("1000");
    expect(interval.disabled).toBe(true);
    expect(screen.getByTestId("device-appconfig-state").textContent).toBe("Awaiting update");

    fireEvent.click(screen.getByTestId("appconfig-own-sensorInterval"));
    expect(interval.disabled).toBe(false);
    fireEvent.change(interval, { target: { value: "500" } });
    fireEvent.click(screen.getByTestId("device-appconfig-save"));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ trackerMode: "app_tracker", sensorInterval: 500 });
  });

  it.each([
    ["a new app device", null, "Save the device first"],
    [
      "an app device of no company",
      row({ companyId: null, companyName: null }),
      "Assign the device to a company",
    ],
  ])("explains why %s has no app settings yet, asking nothing", async (_what, device, text) => {
    const { fetch } = serve(companyConfig({}));
    renderForm(device);
    if (device === null) fireEvent.click(await screen.findByText("Vigia App"));
    await waitFor(() => expect(screen.getByTestId("device-appconfig-note").textContent).toContain(text));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows no app section on a tracker of another type", async () => {
    serve(companyConfig({}));
    renderForm(row({ typeId: 4, deviceId: "walkphone01" }));
    await screen.findByTestId("field-deviceId");
    expect(screen.queryByText("Worker app configuration")).toBeNull();
    expect(screen.queryByTestId("device-appconfig")).toBeNull();
  });
});
