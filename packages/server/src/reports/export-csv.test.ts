import { describe, expect, it } from "vitest";
import { csvCell, csvHeader } from "./export-csv.ts";

describe("CSV cells", () => {
  it.each([
    { kind: "distance" as const, value: 11_349, cell: "11.3", header: "Distance (km)" },
    { kind: "distance" as const, value: 480, cell: "0.5", header: "Distance (km)" },
    { kind: "fuel" as const, value: 12.04, cell: "12", header: "Distance (L)" },
    { kind: "speed" as const, value: 81.7, cell: "81", header: "Distance (km/h)" },
    { kind: "duration" as const, value: 3_723_000, cell: "1:02:03", header: "Distance" },
    { kind: "text" as const, value: "Renault Master 1", cell: "Renault Master 1", header: "Distance" },
    { kind: "distance" as const, value: null, cell: "", header: "Distance (km)" },
  ])("$kind $value → $cell", ({ kind, value, cell, header }) => {
    expect(csvCell(value, kind, "UTC")).toBe(cell);
    expect(csvHeader("Distance", kind)).toBe(header);
  });
});
