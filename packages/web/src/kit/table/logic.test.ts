import { describe, expect, it } from "vitest";
import {
  bulkDeleteConfirmed,
  compareCells,
  createActionGuard,
  csvSeparator,
  exportCreatedAt,
  exportFileName,
  exportMatrix,
  filterRows,
  nextSort,
  pageInfo,
  pdfSiteName,
  sortRows,
  type ValueColumn,
} from "./logic.ts";

interface R {
  id: number;
  name: string;
  km: number | null;
}
const cols: ValueColumn<R>[] = [
  { key: "name", value: (r) => r.name },
  { key: "km", value: (r) => r.km },
];
const rows: R[] = [
  { id: 1, name: "Truck 10", km: 50 },
  { id: 2, name: "truck 2", km: null },
  { id: 3, name: "Van", km: 7 },
];

describe("filterRows", () => {
  it.each([
    ["", [1, 2, 3]],
    ["t", [1, 2, 3]], // one character is no search yet
    ["tr", [1, 2]],
    ["TRUCK 1", [1]],
    ["  va ", [3]],
    ["50", [1]],
    ["zz", []],
  ])("%j → %j", (search, ids) => {
    expect(filterRows(rows, cols, search).map((r) => r.id)).toEqual(ids);
  });
  it("ignores unsearchable columns", () => {
    expect(filterRows(rows, [{ ...cols[0], searchable: false } as ValueColumn<R>], "van")).toEqual([]);
  });
});

describe("sortRows", () => {
  it.each([
    [{ key: "name", dir: "asc" as const }, [2, 1, 3]], // natural order: 2 before 10
    [{ key: "name", dir: "desc" as const }, [3, 1, 2]],
    [{ key: "km", dir: "asc" as const }, [3, 1, 2]], // empty last
    [{ key: "km", dir: "desc" as const }, [1, 3, 2]], // empty still last
    [null, [1, 2, 3]],
    [{ key: "missing", dir: "asc" as const }, [1, 2, 3]],
  ])("%j → %j", (sort, ids) => {
    expect(sortRows(rows, cols, sort).map((r) => r.id)).toEqual(ids);
  });
  it("sorts 20,000 rows quickly enough to stay interactive", () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({
      id: i,
      name: `Item ${(i * 7919) % 20_000}`,
      km: i,
    }));
    const sorted = sortRows(many, cols, { key: "name", dir: "asc" });
    expect(sorted[0]?.name).toBe("Item 0");
    expect(sorted).toHaveLength(20_000);
  });
});

describe("compareCells and nextSort", () => {
  it.each([
    [1, 2, -1],
    ["a", "B", -1],
    ["x2", "x10", -1],
    [null, "a", 1],
    ["", null, 0],
  ])("%j vs %j", (a, b, sign) => {
    expect(Math.sign(compareCells(a, b))).toBe(sign);
  });
  it("cycles asc → desc → none and restarts on another column", () => {
    const a = nextSort(null, "name");
    expect(a).toEqual({ key: "name", dir: "asc" });
    const b = nextSort(a, "name");
    expect(b).toEqual({ key: "name", dir: "desc" });
    expect(nextSort(b, "name")).toBeNull();
    expect(nextSort(b, "km")).toEqual({ key: "km", dir: "asc" });
  });
});

describe("pageInfo", () => {
  it.each([
    [0, 50, 1, { page: 1, pages: 1, from: 0, to: 0 }],
    [120, 50, 3, { page: 3, pages: 3, from: 100, to: 120 }],
    [120, 50, 9, { page: 3, pages: 3, from: 100, to: 120 }],
    [120, 200, 2, { page: 1, pages: 1, from: 0, to: 120 }],
    [10, 10, 0, { page: 1, pages: 1, from: 0, to: 10 }],
  ])("%i rows, size %i, page %i", (total, size, page, expected) => {
    expect(pageInfo(total, size, page)).toEqual(expected);
  });
});

describe("export names and header", () => {
  it.each([
    ["vehicles", "report_vehicles_2026-03-04.xlsx"],
    ["mis vehículos", "report_mis_vehículos_2026-03-04.xlsx"],
    ["", "report_table_2026-03-04.xlsx"],
  ])("%j", (name, file) => {
    expect(exportFileName(name, new Date(2026, 2, 4, 23, 59), "xlsx")).toBe(file);
  });
  it("cuts the site name to 30 characters", () => {
    expect(pdfSiteName("short")).toBe("short");
    expect(pdfSiteName("x".repeat(45))).toHaveLength(30);
  });
  it("builds the matrix from the values, numbers kept as numbers", () => {
    const m = exportMatrix(rows.slice(0, 2), [
      { key: "name", header: "Name", value: (r: R) => r.name },
      { key: "km", header: "Km", value: (r: R) => r.km },
    ]);
    expect(m).toEqual({
      header: ["Name", "Km"],
      body: [
        ["Truck 10", 50],
        ["truck 2", ""],
      ],
    });
  });
});

describe("row action guard and bulk confirm", () => {
  it("drops calls within 500 ms of the last one that ran", () => {
    let now = 1000;
    const guard = createActionGuard(500, () => now);
    let runs = 0;
    const run = () => {
      runs += 1;
    };
    expect(guard(run)).toBe(true);
    now = 1499;
    expect(guard(run)).toBe(false);
    now = 1500;
    expect(guard(run)).toBe(true);
    expect(runs).toBe(2);
  });
  it.each([
    ["3", 3, true],
    [" 3 ", 3, true],
    ["03", 3, false],
    ["2", 3, false],
    ["", 0, false],
    ["0", 0, false],
  ])("%j for %i → %s", (typed, count, ok) => {
    expect(bulkDeleteConfirmed(typed, count)).toBe(ok);
  });
});

describe("csvSeparator", () => {
  it.each([
    ["en", ","],
    ["es", ";"],
    ["pt", ";"],
    ["fr", ";"],
    ["it", ";"],
    ["tr", ";"],
    ["not a language tag!", ","],
  ] as const)("%s → %s", (language, expected) => expect(csvSeparator(language)).toBe(expected));
});

describe("exportCreatedAt", () => {
  it("is in the user's zone and the product's format", () => {
    const ts = Date.UTC(2026, 10, 24, 8, 5, 0);
    expect(exportCreatedAt(ts, "Europe/Madrid")).toBe("2026-11-24 09:05 (Europe/Madrid)");
    expect(exportCreatedAt(ts, "America/New_York")).toBe("2026-11-24 03:05 (America/New_York)");
  });
});
