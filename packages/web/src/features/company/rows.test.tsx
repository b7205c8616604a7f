import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, renderHook, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { CustomDataFields } from "./CustomDataFields.tsx";
import { CompanyContext, type CompanyValue } from "./company.ts";
import { useCompanyRows, useRefreshCompany } from "./rows.ts";

function company(over: Partial<CompanyValue>): CompanyValue {
  return {
    companyId: 5,
    selectedId: null,
    info: null,
    data: {},
    loading: false,
    progress: { done: 0, total: 0 },
    selectLocal: () => undefined,
    choose: async () => undefined,
    clear: async () => undefined,
    ...over,
  };
}

const wrapper =
  (value: CompanyValue, client = new QueryClient()) =>
  ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <CompanyContext.Provider value={value}>{children}</CompanyContext.Provider>
    </QueryClientProvider>
  );

describe("useCompanyRows", () => {
  it("turns a company-load collection keyed by id into rows", () => {
    const groups = { "1": { id: 1, name: "North" }, "2": { id: 2, name: "South" } };
    const { result } = renderHook(() => useCompanyRows<{ id: number }>("groups"), {
      wrapper: wrapper(company({ data: { groups } })),
    });
    expect(result.current.map((g) => g.id)).toEqual([1, 2]);
  });

  it.each([
    ["not loaded", undefined],
    ["null", null],
    ["a string", "oops"],
  ])("gives no rows when the collection is %s", (_why, groups) => {
    const { result } = renderHook(() => useCompanyRows("groups"), {
      wrapper: wrapper(company({ data: { groups } })),
    });
    expect(result.current).toEqual([]);
  });

  it("keeps the same array between renders while the collection is unchanged", () => {
    const { result, rerender } = renderHook(() => useCompanyRows("groups"), {
      wrapper: wrapper(company({ data: { groups: { "1": { id: 1 } } } })),
    });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});

describe("useRefreshCompany", () => {
  it("invalidates exactly the named collections of the current company", async () => {
    const client = new QueryClient();
    for (const [id, resource] of [
      [5, "groups"],
      [5, "vehicles"],
      [5, "info"],
      [6, "groups"],
    ] as const)
      client.setQueryData(["company", id, resource], {});
    const { result } = renderHook(() => useRefreshCompany(), { wrapper: wrapper(company({}), client) });
    await act(() => result.current(["groups", "info"]));
    const invalidated = (id: number, resource: string) =>
      client.getQueryState(["company", id, resource])?.isInvalidated;
    expect(invalidated(5, "groups")).toBe(true);
    expect(invalidated(5, "info")).toBe(true);
    expect(invalidated(5, "vehicles")).toBe(false);
    expect(invalidated(6, "groups")).toBe(false);
  });
});

describe("CustomDataFields", () => {
  const withFields = (customDatas: unknown) =>
    company({
      info: {
        id: 5,
        name: "Acme",
        state: { current: { value: 1, name: "active", id: 1 } },
        conf: { general: { units: { fuelConsumption: 0 } }, supports: [], customDatas },
        centroId: null,
      },
    });

  function renderFields(value: CompanyValue, current: Record<string, unknown>) {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <CompanyContext.Provider value={value}>
          <CustomDataFields kind="vehicle" value={current} onChange={onChange} />
        </CompanyContext.Provider>
      </MantineProvider>,
    );
    return onChange;
  }

  const defs = {
    vehicle: [
      { key: "axles", label: "Axles", type: "number" },
      { key: "colour", label: "Colour" },
    ],
    asset: [{ key: "serial", label: "Serial" }],
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
