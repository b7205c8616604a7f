import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { badTextPath } from "./text-hygiene.ts";

describe("badTextPath", () => {
  it.each([
    ["a clean body", { name: "Calle Mayor 1", tags: ["a", "b"], n: 3 }, null],
    ["a NUL in a field", { name: "x\u0000y" }, "name"],
    ["a NUL deep in a list", { rows: [{ a: "ok" }, { a: "\u0000" }] }, "rows.1.a"],
    ["a lone high surrogate", { q: "abc\uD83D" }, "q"],
    ["a lone low surrogate", { q: "\uDE00abc" }, "q"],
    ["a NUL in a key", { "na\u0000me": "x" }, "na\u0000me"],
    ["a bare string body", "\u0000", "body"],
    ["an emoji (a proper pair)", { q: "🚚 ruta" }, null],
  ])("%s", (_name, value, expected) => {
    expect(badTextPath(value)).toBe(expected);
  });

  it("accepts every well-formed string and refuses it with a NUL inside", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.nat(), (text, at) => {
        const clean = text.replaceAll("\u0000", "");
        expect(badTextPath({ field: clean })).toBeNull();
        const cut = at % (clean.length + 1);
        expect(badTextPath({ field: `${clean.slice(0, cut)}\u0000${clean.slice(cut)}` })).toBe("field");
      }),
    );
  });
});
