import { act, fireEvent, screen, within } from "@testing-library/react";
import type { User } from "@vigia/domain";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { testCompany, WithCompany } from "../../test/company.tsx";
import { testSession, testUser } from "../../test/fixtures.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { entryErrors, KindListEditor } from "./kind-list-editor.tsx";

interface Entry {
  id: number;
  text: string;
}
const lists: Record<string, Entry[]> = {
  vehicle: [
    { id: 0, text: "None" },
    { id: 1, text: "Workshop" },
  ],
  asset: [{ id: 3, text: "Rented" }],
};

function renderAs(user: User, save = vi.fn(async () => null)) {
  const form = vi.fn(() => <div data-testid="entry-form" />);
  renderWithApp(
    // Storing a list reloads the company's data.
    <WithCompany value={testCompany()}>
      <KindListEditor<Entry>
        name="things"
        title="Things"
        help="Help"
        rows={(kind) => lists[kind] ?? []}
        rowKey={(r) => r.id}
        columns={[{ key: "text", header: "Text", value: (r) => r.text }]}
        label={(r) => r.text}
        fixed={(r) => r.id === 0}
        save={save}
        reload={["states"]}
        form={form}
      />
    </WithCompany>,
    { session: testSession(user), query: true },
  );
  return { save, form };
}
const row = (text: string) => {
  const found = screen.getAllByTestId("table-row").find((r) => r.textContent?.includes(text));
  if (!found) throw new Error(`no row ${text}`);
  return within(found);
};

beforeAll(() => useEnglish());

/** The one editor of /groups' per-kind lists (custom states, custom data fields). */
describe("KindListEditor", () => {
  it("lets an administrator add and edit, but never the fixed entry", () => {
    const { form } = renderAs(testUser());
    expect(screen.getByTestId("things-new")).toBeTruthy();
    expect(row("None").queryByTestId("row-action-edit")).toBeNull();
    fireEvent.click(row("Workshop").getByTestId("row-action-edit"));
    expect(form).toHaveBeenLastCalledWith(
      expect.objectContaining({ kind: "vehicle", row: { id: 1, text: "Workshop" } }),
    );
  });

  it("deletes an entry by storing the kind's list without it", async () => {
    const { save } = renderAs(testUser());
    expect(row("None").queryByTestId("row-action-delete")).toBeNull();
    fireEvent.click(row("Workshop").getByTestId("row-action-delete"));
    await act(async () => fireEvent.click(screen.getByTestId("row-action-confirm-ok")));
    expect(save).toHaveBeenCalledWith("vehicle", [{ id: 0, text: "None" }]);
  });

  it("shows each kind's own list", () => {
    renderAs(testUser());
    fireEvent.click(screen.getByText("Assets"));
    expect(screen.getAllByTestId("table-row").map((r) => r.textContent)).toEqual(["Rented"]);
  });

  it.each([
    ["a read-only administrator", testUser({ readOnly: true })],
    ["a sub-administrator", testUser({ role: "SUBADMIN" })],
  ])("gives %s the list to read only", (_who, user) => {
    renderAs(user);
    expect(screen.queryByTestId("things-new")).toBeNull();
    expect(row("Workshop").queryByTestId("row-action-edit")).toBeNull();
    expect(row("Workshop").queryByTestId("row-action-delete")).toBeNull();
  });

  it.each([
    [{ "states.0.color": "color" }, { color: "color" }],
    [
      { "fields.2.key": "required", label: "max" },
      { key: "required", label: "max" },
    ],
  ])("reads the server's list errors %j as the entry's %j", (fields, expected) =>
    expect(entryErrors(fields)).toEqual(expected),
  );
});
