import { act, fireEvent, screen, within } from "@testing-library/react";
import type { Revision, User } from "@vigia/domain";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testCompany, WithCompany } from "../../test/company.tsx";
import { testSession, testUser } from "../../test/fixtures.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { MaintenancesPage } from "./maintenances-page.tsx";
import { revisionChain } from "./revision-detail.tsx";

const revision = (over: Partial<Revision>): Revision => ({
  id: 1,
  itemType: 1,
  itemId: 7,
  itemName: "Van 7",
  groupId: 1,
  task: "Oil change",
  everyKm: 10000,
  everyDays: null,
  everyHours: null,
  warnKm: 500,
  warnDays: 0,
  warnHours: 0,
  baseKm: 0,
  baseDate: "2026-01-01",
  baseHours: 0,
  dueKm: 10000,
  dueDate: null,
  dueHours: null,
  state: 2,
  overdue: false,
  currentKm: 10020,
  currentHours: null,
  doneDate: "2026-01-10",
  doneKm: 10020,
  doneHours: null,
  workshop: "Talleres Gómez",
  notes: "",
  costId: null,
  files: [{ id: 40, name: "invoice.pdf", mime: "application/pdf", size: 2048, createdTs: 0 }],
  previousId: null,
  nextId: 2,
  createdTs: 0,
  updatedTs: 0,
  ...over,
});
const done = revision({});
const next = revision({
  id: 2,
  state: 0,
  doneDate: null,
  workshop: "",
  files: [],
  previousId: 1,
  nextId: null,
});

/** GET maintenances answers a done revision and the one it planned; the other calls answer an empty list. */
function serve(): { served: Promise<void>; calls: string[] } {
  const calls: string[] = [];
  const served = new Promise<void>((resolve) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url.includes("/maintenances/id/1/files/id/40"))
          return new Response(new Blob(["%PDF"]), { status: 200 });
        if (/\/maintenances(\?|$)/.test(url)) {
          resolve();
          return new Response(JSON.stringify([done, next]), { status: 200 });
        }
        return new Response("[]", { status: 200 });
      }),
    );
  });
  return { served, calls };
}

async function renderAs(user: User) {
  const server = serve();
  renderWithApp(
    <WithCompany value={testCompany()}>
      <MaintenancesPage />
    </WithCompany>,
    { session: testSession(user), query: true },
  );
  await server.served;
  const rows = await screen.findAllByTestId("table-row");
  const row = rows.find((r) => r.textContent?.includes("Talleres"));
  if (!row) throw new Error("no done row");
  return { row: within(row), calls: server.calls };
}

beforeAll(() => useEnglish());
afterEach(() => vi.unstubAllGlobals());

describe("MaintenancesPage per role", () => {
  it.each([
    ["an administrator", testUser()],
    ["an operator", testUser({ role: "OPERATOR" })],
  ])("lets %s plan, edit, delete, unmark and read the detail", async (_who, user) => {
    const { row } = await renderAs(user);
    expect(screen.getByTestId("mgmt-new")).toBeTruthy();
    for (const action of ["edit", "delete", "undone", "history"])
      expect(row.getByTestId(`row-action-${action}`)).toBeTruthy();
    expect(row.queryByTestId("row-action-view")).toBeNull();
  });

  it.each([
    ["a read-only operator", testUser({ role: "OPERATOR", readOnly: true })],
    ["a read-only user", testUser({ role: "USER", readOnly: true })],
  ])("shows %s no write action; the revision opens read-only with its attachments", async (_who, user) => {
    const { row, calls } = await renderAs(user);
    expect(screen.queryByTestId("mgmt-new")).toBeNull();
    expect(screen.queryByTestId("table-select-all")).toBeNull();
    for (const action of ["edit", "delete", "undone", "done", "history"])
      expect(row.queryByTestId(`row-action-${action}`)).toBeNull();
    await act(async () => fireEvent.click(row.getByTestId("row-action-view")));
    const detail = await screen.findByTestId("revision-detail");
    expect(detail.textContent).toContain("Talleres Gómez");
    expect(within(detail).getByTestId("revision-history").textContent).toContain("Planned");
    const open = vi.fn();
    vi.stubGlobal("open", open);
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    await act(async () => fireEvent.click(within(detail).getByText(/invoice\.pdf/)));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith("blob:x", "_blank", "noopener"));
    // The attachment comes through the revision's own route, which checks the item is visible.
    expect(calls.some((u) => u.includes("/companies/id/5/maintenances/id/1/files/id/40"))).toBe(true);
  });
});

describe("revisionChain", () => {
  const a = revision({ id: 1, previousId: null, nextId: 2 });
  const b = revision({ id: 2, previousId: 1, nextId: 3 });
  const c = revision({ id: 3, previousId: 2, nextId: null });
  it.each([
    ["the first", a, [1, 2, 3]],
    ["the middle", b, [1, 2, 3]],
    ["the last", c, [1, 2, 3]],
  ])("reads the whole chain from %s revision, oldest first", (_which, from, ids) =>
    expect(revisionChain(from, [c, a, b]).map((r) => r.id)).toEqual(ids),
  );
  it("stops at a revision it cannot see and at a loop", () => {
    expect(revisionChain(b, [b, c]).map((r) => r.id)).toEqual([2, 3]);
    const loop = revision({ id: 4, previousId: 5, nextId: 5 });
    const back = revision({ id: 5, previousId: 4, nextId: 4 });
    expect(revisionChain(loop, [loop, back]).map((r) => r.id)).toEqual([5, 4]);
  });
});
