import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { testSession, testUser } from "../../test/fixtures.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { CrudPage } from "./crud-page.tsx";

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [
  { id: 1, name: "Van" },
  { id: 2, name: "Truck" },
];

const session = testSession(testUser());

function renderPage(props: Partial<Parameters<typeof CrudPage<Row>>[0]> = {}) {
  renderWithApp(
    <CrudPage<Row>
      name="things"
      title="Things"
      rows={rows}
      rowKey={(r) => r.id}
      columns={[{ key: "name", header: "Name", value: (r) => r.name }]}
      label={(r) => r.name}
      {...props}
    />,
    { session },
  );
}

const rowOf = (name: string) => {
  const row = screen.getAllByTestId("table-row").find((r) => r.textContent?.includes(name));
  if (!row) throw new Error(`no row ${name}`);
  return within(row);
};
const confirmButton = () => screen.queryByTestId("mgmt-delete-confirm");

beforeAll(() => {
  useEnglish();
});

describe("CrudPage", () => {
  it("offers New, Edit and Delete only for the handlers it was given", () => {
    renderPage();
    expect(screen.queryByTestId("mgmt-new")).toBeNull();
    expect(screen.queryByTestId("row-action-edit")).toBeNull();
    expect(screen.queryByTestId("row-action-delete")).toBeNull();
  });

  it("opens New and Edit through the page's handlers", () => {
    const onNew = vi.fn();
    const onEdit = vi.fn();
    renderPage({ onNew, onEdit });
    fireEvent.click(screen.getByTestId("mgmt-new"));
    expect(onNew).toHaveBeenCalledTimes(1);
    fireEvent.click(rowOf("Truck").getByTestId("row-action-edit"));
    expect(onEdit).toHaveBeenCalledWith(rows[1]);
  });

  it("asks before deleting, naming the row, and closes once the delete succeeded", async () => {
    const onDelete = vi.fn(async () => true);
    renderPage({ onDelete });
    fireEvent.click(rowOf("Truck").getByTestId("row-action-delete"));
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog").textContent).toContain("Truck");
    await act(async () => fireEvent.click(confirmButton() as HTMLElement));
    expect(onDelete).toHaveBeenCalledWith(rows[1]);
    expect(confirmButton()).toBeNull();
  });

  it("keeps the confirmation open when the delete failed", async () => {
    const onDelete = vi.fn(async () => false);
    renderPage({ onDelete });
    fireEvent.click(rowOf("Van").getByTestId("row-action-delete"));
    await act(async () => fireEvent.click(confirmButton() as HTMLElement));
    expect(onDelete).toHaveBeenCalledWith(rows[0]);
    expect(confirmButton()).not.toBeNull();
  });

  it("shows why a delete failed inside the confirmation", async () => {
    const onDelete = vi.fn(async () => "The group is not empty");
    renderPage({ onDelete });
    fireEvent.click(rowOf("Van").getByTestId("row-action-delete"));
    await act(async () => fireEvent.click(confirmButton() as HTMLElement));
    expect(screen.getByTestId("mgmt-delete-error").textContent).toBe("The group is not empty");
    expect(within(screen.getByRole("dialog")).getByTestId("mgmt-delete-error")).toBeTruthy();
  });

  it("confirms a destructive row action and keeps the row's buttons still while it runs", async () => {
    let finish: () => void = () => undefined;
    const detach = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const props = {
      extraActions: [
        {
          key: "detach",
          label: "Detach",
          icon: "D",
          confirm: (r: Row) => `Detach ${r.name}?`,
          visible: () => !detach.mock.calls.length,
          onClick: detach,
        },
        {
          key: "other",
          label: "Other",
          icon: "O",
          visible: () => detach.mock.calls.length > 0,
          onClick: vi.fn(),
        },
      ],
    };
    renderPage(props);
    fireEvent.click(rowOf("Van").getByTestId("row-action-detach"));
    expect(detach).not.toHaveBeenCalled();
    expect(screen.getByTestId("row-action-confirm").textContent).toContain("Detach Van?");
    fireEvent.click(screen.getByTestId("row-action-confirm-ok"));
    expect(detach).toHaveBeenCalledWith(rows[0]);
    // While the request runs the row still shows the button that was clicked, disabled: a second click on
    // the same spot cannot hit the "Other" action that replaces it afterwards.
    const running = rowOf("Van").getByTestId("row-action-detach");
    expect(running.hasAttribute("disabled") || running.getAttribute("data-loading") !== null).toBe(true);
    expect(rowOf("Van").queryByTestId("row-action-other")).toBeNull();
    await act(async () => finish());
    expect(rowOf("Van").queryByTestId("row-action-other")).not.toBeNull();
  });

  it("cancels a delete without calling the server", () => {
    const onDelete = vi.fn(async () => true);
    renderPage({ onDelete });
    fireEvent.click(rowOf("Van").getByTestId("row-action-delete"));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" }));
    expect(confirmButton()).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it("puts the page's own row actions before Edit and Delete", () => {
    renderPage({
      onEdit: () => undefined,
      onDelete: async () => true,
      extraActions: [{ key: "qr", label: "QR", icon: null, onClick: () => undefined }],
    });
    const keys = rowOf("Van")
      .getAllByRole("button")
      .map((b) => b.getAttribute("data-testid"))
      .filter((id) => id?.startsWith("row-action-"));
    expect(keys).toEqual(["row-action-qr", "row-action-edit", "row-action-delete"]);
  });

  it("shows no row actions on a read-only list", () => {
    renderPage({ onEdit: () => undefined, onDelete: async () => true, readOnly: true });
    expect(screen.queryByTestId("row-action-edit")).toBeNull();
    expect(screen.queryByTestId("row-action-delete")).toBeNull();
  });
});
