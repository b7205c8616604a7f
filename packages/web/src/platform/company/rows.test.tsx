import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { CompanyLoadResource, GroupRow } from "@vigia/domain";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { companyLoadKey } from "./api.ts";
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
      client.setQueryData(companyLoadKey(id, resource), {});
    const { result } = renderHook(() => useRefreshCompany(), { wrapper: wrapper(company({}), client) });
    await act(() => result.current(["groups", "info"]));
    const invalidated = (id: number, resource: CompanyLoadResource) =>
      client.getQueryState(companyLoadKey(id, resource))?.isInvalidated;
    expect(invalidated(5, "groups")).toBe(true);
    expect(invalidated(5, "info")).toBe(true);
    expect(invalidated(5, "vehicles")).toBe(false);
    expect(invalidated(6, "groups")).toBe(false);
  });
});
