import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { frameText, SharedFrames } from "./frames.ts";

describe("shared frames", () => {
  it("builds one frame for every socket that waited for the same texts", () => {
    const a = '{"type":"vPos","data":{"id":1}}';
    const b = '{"type":"vPos","data":{"id":2}}';
    const shared = new SharedFrames();
    const first = shared.frameOf([a, b]);
    expect(shared.frameOf([a, b])).toBe(first);
    expect(first.toString()).toBe(`[${a},${b}]`);
    // Another view (fewer items, another order) gets its own frame, and the first is still shared after it.
    const other = shared.frameOf([b]);
    expect(other).not.toBe(first);
    expect(other.toString()).toBe(b);
    expect(shared.frameOf([b, a]).toString()).toBe(`[${b},${a}]`);
    expect(shared.frameOf([a, b])).toBe(first);
  });

  it("always sends exactly the frame of the socket's own texts", () => {
    const text = fc.constantFrom("{}", '{"a":1}', '{"b":"é"}', "[]");
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 1, maxLength: 4 }), { maxLength: 12 }), (outboxes) => {
        const shared = new SharedFrames();
        for (const texts of outboxes) expect(shared.frameOf(texts).toString("utf8")).toBe(frameText(texts));
      }),
    );
  });
});
