import { act, renderHook } from "@testing-library/react";
import { type CustomStates, emptyLiveItemState } from "@vigia/domain";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CompanyValue } from "../../platform/company/index.ts";
import { liveItems } from "../../platform/live/store.ts";
import { testCompany, WithCompany } from "../../test/company.tsx";
import { useEnglish } from "../../test/render.tsx";
import { useCustomStateColumn, useCustomStates } from "./custom-states.tsx";

const states: CustomStates = {
  vehicle: {
    "2": { id: 2, color: "#00ff00", description: "Loaded" },
    "1": { id: 1, color: "#ff0000", description: "In workshop" },
    // Some companies store the no-state too; it must not show twice.
    "0": { id: 0, color: "#ffffff", description: "stored none" },
  },
  asset: { "1": { id: 1, color: "#0000ff", description: "Rented" } },
  person: {},
  driver: {},
};

function wrapper(data: CompanyValue["data"]) {
  const value = testCompany(data);
  return ({ children }: { children: ReactNode }) => <WithCompany value={value}>{children}</WithCompany>;
}

beforeAll(() => {
  useEnglish();
});
afterEach(() => liveItems.clear());

describe("useCustomStates", () => {
  it("puts the fixed no-state first, then the company's states by id", () => {
    const { result } = renderHook(() => useCustomStates("vehicle"), { wrapper: wrapper({ states }) });
    expect(result.current.map((s) => [s.id, s.description])).toEqual([
      [0, ""],
      [1, "In workshop"],
      [2, "Loaded"],
    ]);
  });

  it.each<[string, CompanyValue["data"], "vehicle" | "person" | "asset", number[]]>([
    ["another kind", { states }, "person", [0]],
    ["states not loaded", {}, "vehicle", [0]],
    ["the asset states", { states }, "asset", [0, 1]],
  ])("with %s lists %j", (_why, data, kind, ids) => {
    const { result } = renderHook(() => useCustomStates(kind), { wrapper: wrapper(data) });
    expect(result.current.map((s) => s.id)).toEqual(ids);
  });
});

describe("useCustomStateColumn", () => {
  const setLive = (itemType: 1 | 2 | 3, id: number, customStateId: number) =>
    act(() => liveItems.applyDetail({ ...emptyLiveItemState(itemType, id), customStateId }));

  it("is absent for lists without custom states", () => {
    const { result } = renderHook(() => useCustomStateColumn(null), { wrapper: wrapper({ states }) });
    expect(result.current).toBeNull();
  });

  it("shows each item's live custom state and follows changes from the live store", () => {
    const { result } = renderHook(() => useCustomStateColumn<{ id: number }>("vehicle"), {
      wrapper: wrapper({ states }),
    });
    const value = (id: number) => result.current?.value({ id });
    expect(result.current?.key).toBe("customState");
    expect(value(10)).toBe("");

    setLive(1, 10, 2);
    expect(value(10)).toBe("Loaded");
    expect(value(11)).toBe("");

    setLive(1, 10, 1);
    expect(value(10)).toBe("In workshop");

    setLive(1, 10, 0);
    expect(value(10)).toBe("");
  });

  it("reads only the items of its own kind (an asset with the same id does not count)", () => {
    const { result } = renderHook(() => useCustomStateColumn<{ id: number }>("vehicle"), {
      wrapper: wrapper({ states }),
    });
    setLive(2, 10, 1);
    expect(result.current?.value({ id: 10 })).toBe("");
  });

  it("does not rebuild the column when only positions change", () => {
    setLive(1, 10, 2);
    const { result } = renderHook(() => useCustomStateColumn<{ id: number }>("vehicle"), {
      wrapper: wrapper({ states }),
    });
    const before = result.current;
    act(() =>
      liveItems.applyDetail({
        ...emptyLiveItemState(1, 10),
        customStateId: 2,
        odometer: 1234,
      }),
    );
    expect(result.current).toBe(before);
  });
});
