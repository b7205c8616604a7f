import { describe, expect, it } from "vitest";
import { fontOf, rangeOf } from "./local-glyphs.ts";

describe("local glyphs", () => {
  it.each([
    ["Noto Sans Regular", "400", "normal"],
    ["Noto Sans Medium", "500", "normal"],
    ["Noto Sans Bold", "700", "normal"],
    ["Open Sans Semibold Italic", "700", "italic"],
    ["Inter,Segoe UI,Roboto,Arial,sans-serif", "400", "normal"],
  ])("%s is drawn at weight %s, %s", (stack, weight, style) => {
    expect(fontOf(stack)).toEqual({ weight, style });
  });

  it.each([
    ["0-255", [0, 255]],
    ["256-511", [256, 511]],
    ["65280-65535", [65280, 65535]],
    ["0-1000", null],
    ["10-5", null],
    ["x-y", null],
  ])("range %s", (text, range) => {
    expect(rangeOf(text)).toEqual(range);
  });
});
