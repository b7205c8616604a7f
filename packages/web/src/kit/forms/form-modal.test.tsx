import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { FormModal } from "./form-modal.tsx";

function renderModal(props: {
  onSave(): Promise<boolean>;
  onClose?: () => void;
  valid?: boolean;
  error?: string;
}) {
  const onClose = props.onClose ?? vi.fn();
  renderWithApp(
    <FormModal
      opened
      title="Edit vehicle"
      onClose={onClose}
      onSave={props.onSave}
      valid={props.valid ?? true}
      error={props.error}
    >
      <input aria-label="plate" />
    </FormModal>,
  );
  return { onClose };
}

const saveButton = () => screen.getByTestId("mgmt-save");

beforeAll(() => {
  useEnglish();
});

// Only the clock the save lock reads is frozen; React and Mantine keep their real timers.
beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2024, 0, 1) }));
afterEach(() => vi.useRealTimers());

describe("FormModal", () => {
  it("closes once the save succeeded", async () => {
    const onSave = vi.fn(async () => true);
    const { onClose } = renderModal({ onSave });
    await act(async () => fireEvent.click(saveButton()));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("stays open when the save was refused (field errors to show)", async () => {
    const onSave = vi.fn(async () => false);
    const { onClose } = renderModal({ onSave });
    await act(async () => fireEvent.click(saveButton()));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("sends once on a double click, and again after the 500 ms lock", async () => {
    const onSave = vi.fn(async () => false);
    renderModal({ onSave });
    await act(async () => fireEvent.click(saveButton()));
    vi.setSystemTime(Date.now() + 499);
    await act(async () => fireEvent.click(saveButton()));
    expect(onSave).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 1);
    await act(async () => fireEvent.click(saveButton()));
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it("shows the button as busy while the save runs", async () => {
    let finish: (saved: boolean) => void = () => undefined;
    const onSave = () => new Promise<boolean>((resolve) => (finish = resolve));
    renderModal({ onSave });
    await act(async () => fireEvent.click(saveButton()));
    expect(saveButton().getAttribute("data-loading")).toBe("true");
    await act(async () => finish(false));
    await waitFor(() => expect(saveButton().getAttribute("data-loading")).toBeNull());
  });

  it("keeps Save disabled while the form is invalid", () => {
    const onSave = vi.fn(async () => true);
    renderModal({ onSave, valid: false });
    expect(saveButton()).toHaveProperty("disabled", true);
    fireEvent.click(saveButton());
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows a form-level error above the buttons", () => {
    renderModal({ onSave: async () => true, error: "Company is blocked" });
    expect(screen.getByRole("alert").textContent).toContain("Company is blocked");
  });

  it("cancels without saving", () => {
    const onSave = vi.fn(async () => true);
    const { onClose } = renderModal({ onSave });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });
});
