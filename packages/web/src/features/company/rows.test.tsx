import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, renderHook, screen } from "@testing-library/react";
import type { CompanyInfo, CustomDatas, GroupRow } from "@vigia/domain";
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

const group = (id: number, name: string): GroupRow => ({
  id,
  name,
  parentId: null,
  vehicles: [],
  assets: [],
  persons: [],
});

describe("useCompanyRows", () => {
  it("turns a company-load collection keyed by id into rows", () => {
    const groups = { "1": group(1, "North"), "2": group(2, "South") };
    const { result } = renderHook(() => useCompanyRows("groups"), {
      wrapper: wrapper(company({ data: { groups } })),
    });
    expect(result.current.map((g) => g.id)).toEqual([1, 2]);
  });

  // The collections are parsed with their contracts on load, so "not loaded yet" is the only empty case.
  it("gives no rows while the collection is not loaded", () => {
    const { result } = renderHook(() => useCompanyRows("groups"), {
      wrapper: wrapper(company({ data: {} })),
    });
    expect(result.current).toEqual([]);
  });

  it("keeps the same array between renders while the collection is unchanged", () => {
    const { result, rerender } = renderHook(() => useCompanyRows("groups"), {
      wrapper: wrapper(company({ data: { groups: { "1": group(1, "North") } } })),
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
  const info = (customDatas: CustomDatas): CompanyInfo => ({
    id: 5,
    name: "Acme",
    resellerId: 1,
    state: { current: { value: 1, name: "active", id: 1 } },
    conf: {
      general: { units: { fuelConsumption: 0 } },
      supports: [],
      customDatas,
      customStates: { vehicle: {}, asset: {}, person: {}, driver: {} },
    },
    centroId: null,
    licenses: {},
    retentionDays: 30,
    passwordExpirationDays: null,
    restrictions: { timeRange: null, ip: null },
    mapType: "osm",
    cartography: "osm",
    craCode: "",
    demo: false,
  });
  const withFields = (customDatas: CustomDatas) => company({ info: info(customDatas) });

  function renderFields(value: CompanyValue, current: Record<string, string | number | boolean>) {
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
