import { act, fireEvent, screen, within } from "@testing-library/react";
import type { Cost, User } from "@vigia/domain";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testCompany, WithCompany } from "../../test/company.tsx";
import { testSession, testUser } from "../../test/fixtures.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { CostsPage } from "./costs-page.tsx";

const cost: Cost = {
  id: 1,
  name: "Tyres",
  typeId: 2,
  quantity: 4,
  unitPrice: 100,
  tax: 21,
  currency: "EUR",
  date: "2026-01-10",
  vehicleId: null,
  driverId: null,
  assetId: null,
  description: "",
  amount: 484,
  createdTs: 0,
  updatedTs: 0,
};

/** GET costs answers one cost; `served` resolves once it was asked, so the test waits on the call itself. */
function serve(): Promise<void> {
  return new Promise((served) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url.includes("/fr/v1/companies/id/5/costs")) served();
        return new Response(JSON.stringify([cost]), { status: 200 });
      }),
    );
  });
}

async function renderAs(user: User) {
  const served = serve();
  renderWithApp(
    <WithCompany value={testCompany()}>
      <CostsPage />
    </WithCompany>,
    { session: testSession(user), query: true },
  );
  await served;
  return within(await screen.findByTestId("table-row"));
}

beforeAll(() => useEnglish());
afterEach(() => vi.unstubAllGlobals());

/** Who may do what on /costs: operators write costs even when read-only; other read-only users only look. */
describe("CostsPage per role", () => {
  it.each([
    ["an administrator", testUser()],
    ["a read-only operator", testUser({ role: "OPERATOR", readOnly: true })],
    ["a plain user", testUser({ role: "USER" })],
  ])("lets %s create, edit, delete, import and select", async (_who, user) => {
    const row = await renderAs(user);
    expect(screen.getByTestId("mgmt-new")).toBeTruthy();
    expect(screen.getByTestId("costs-import")).toBeTruthy();
    expect(screen.getByTestId("table-select-all")).toBeTruthy();
    expect(row.getByTestId("row-action-edit")).toBeTruthy();
    expect(row.getByTestId("row-action-delete")).toBeTruthy();
    expect(row.queryByTestId("row-action-view")).toBeNull();
  });

  it.each([
    ["a read-only user", testUser({ role: "USER", readOnly: true })],
    ["a read-only administrator", testUser({ readOnly: true })],
  ])("shows %s the costs with no write action, and opens one read-only", async (_who, user) => {
    const row = await renderAs(user);
    expect(screen.queryByTestId("mgmt-new")).toBeNull();
    expect(screen.queryByTestId("costs-import")).toBeNull();
    expect(screen.queryByTestId("table-select-all")).toBeNull();
    expect(row.queryByTestId("row-action-edit")).toBeNull();
    expect(row.queryByTestId("row-action-delete")).toBeNull();
    await act(async () => fireEvent.click(row.getByTestId("row-action-view")));
    const form = await screen.findByTestId("mgmt-form");
    expect(within(form).getByTestId("mgmt-form-readonly")).toBeTruthy();
    expect(within(form).queryByTestId("mgmt-save")).toBeNull();
    const name = within(form).getByDisplayValue("Tyres");
    expect((name as HTMLInputElement).closest("fieldset")?.disabled).toBe(true);
  });
});
