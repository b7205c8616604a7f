import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import type { CustomDatas } from "@vigia/domain";
import { describe, expect, it, vi } from "vitest";
import type { CompanyValue } from "../../platform/company/index.ts";
import { testCompany, testCompanyInfo, WithCompany } from "../../test/company.tsx";
import { CustomDataFields } from "./custom-data-fields.tsx";

describe("CustomDataFields", () => {
  const withFields = (customDatas: CustomDatas): CompanyValue => ({
    ...testCompany(),
    info: testCompanyInfo({ customDatas }),
  });

  function renderFields(value: CompanyValue, current: Record<string, string | number | boolean>) {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <WithCompany value={value}>
          <CustomDataFields kind="vehicle" value={current} onChange={onChange} />
        </WithCompany>
      </MantineProvider>,
    );
    return onChange;
  }

  const defs: CustomDatas = {
    vehicle: [
      { key: "axles", label: "Axles", type: "number" },
      { key: "colour", label: "Colour", type: "text" },
    ],
    asset: [{ key: "serial", label: "Serial", type: "text" }],
  };

  it("shows the fields the company defined for the item kind, with their values", () => {
    renderFields(withFields(defs), { axles: 3, colour: "red" });
    expect(screen.getByLabelText("Axles")).toHaveProperty("value", "3");
    expect(screen.getByLabelText("Colour")).toHaveProperty("value", "red");
    expect(screen.queryByLabelText("Serial")).toBeNull();
  });

  it.each([
    { label: "Axles", typed: "4", sent: 4 },
    { label: "Axles", typed: "4x", sent: "4x" },
    { label: "Axles", typed: "", sent: "" },
    { label: "Colour", typed: "42", sent: "42" },
  ])("sends $typed typed in $label as $sent, keeping the other values", ({ label, typed, sent }) => {
    const onChange = renderFields(withFields(defs), { axles: 3, colour: "red", other: true });
    fireEvent.change(screen.getByLabelText(label), { target: { value: typed } });
    const key = label === "Axles" ? "axles" : "colour";
    expect(onChange).toHaveBeenCalledWith({ axles: 3, colour: "red", other: true, [key]: sent });
  });

  it("renders nothing when the company defined no fields for the kind", () => {
    renderFields(withFields({ asset: defs.asset }), {});
    expect(screen.queryAllByRole("textbox")).toEqual([]);
  });
});
