import { describe, expect, it } from "vitest";
import { historySeries } from "./sensor-history.ts";

const label = (ts: number) => `t${ts}`;

describe("historySeries", () => {
  it.each([
    { why: "keeps raw values with an identity scale", scale: (v: number) => v, values: [1, 0, 12.5] },
    { why: "applies the company's multiplier", scale: (v: number) => v * 0.1, values: [0.1, 0, 1.25] },
    {
      why: "leaves out what the scale cannot show",
      scale: (v: number) => (v === 0 ? null : v),
      values: [1, 12.5],
    },
    {
      why: "leaves out values that are not finite",
      scale: (v: number) => (v > 10 ? Number.NaN : v),
      values: [1, 0],
    },
  ])("$why", ({ scale, values }) => {
    const rows = historySeries(
      [
        { ts: 1, value: 1 },
        { ts: 2, value: 0 },
        { ts: 3, value: 12.5 },
      ],
      scale,
      label,
    );
    expect(rows.map((r) => r.value)).toEqual(values.map((v) => expect.closeTo(v, 9)));
    for (const r of rows) expect(r.time).toBe(`t${r.ts}`);
  });
});
