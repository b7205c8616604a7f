import { describe, expect, it } from "vitest";
import { deviceAttributes, deviceText } from "./text.ts";

const EMOJI = "😀"; // one code point, two UTF-16 units

describe("deviceText", () => {
  it.each([
    ["plain text is returned as is", "Calle Mayor 1", 256, {}, "Calle Mayor 1"],
    ["NUL is removed", "a\u0000b", 256, {}, "ab"],
    ["C0 controls and DEL are removed", "a\u0001\u001b[31mb\u007f", 256, {}, "a[31mb"],
    ["C1 controls are removed", "a\u0085\u009fb", 256, {}, "ab"],
    ["tab and newlines are removed by default", "a\tb\r\nc", 256, {}, "abc"],
    ["tab and newlines are kept when multiline", "a\tb\r\nc\u0000", 256, { multiline: true }, "a\tb\r\nc"],
    ["a lone high surrogate becomes U+FFFD", "x\ud83d", 256, {}, "x\ufffd"],
    ["a lone low surrogate becomes U+FFFD", "\ude00x", 256, {}, "\ufffdx"],
    ["reversed halves are two replacements", "\ude00\ud83d", 256, {}, "\ufffd\ufffd"],
    ["a whole pair is kept", `ok ${EMOJI}`, 256, {}, `ok ${EMOJI}`],
    [
      "the limit counts code points, not UTF-16 units",
      `${"a".repeat(255)}${EMOJI}`,
      256,
      {},
      `${"a".repeat(255)}${EMOJI}`,
    ],
    [
      "a cut never splits a pair",
      `${"a".repeat(255)}${EMOJI}${EMOJI}`,
      256,
      {},
      `${"a".repeat(255)}${EMOJI}`,
    ],
    ["a cut on plain text", "abcdef", 3, {}, "abc"],
    ["removed characters do not count", "\u0000\u0000abc", 3, {}, "abc"],
    ["non-Latin letters are kept", "Ñandú ü ж 中", 256, {}, "Ñandú ü ж 中"],
    ["the empty string stays empty", "", 256, {}, ""],
  ])("%s", (_name, input, max, options, expected) => {
    expect(deviceText(input, max, options)).toBe(expected);
  });

  it("always gives text that is well formed and free of controls", () => {
    const samples = ["\ud800", "a\u0000\ud83d\ude00\udfff", `${"\ud83d".repeat(300)}`, "\u0000".repeat(10)];
    for (const s of samples) {
      const out = deviceText(s, 256);
      expect(Buffer.from(out, "utf8").toString("utf8")).toBe(out); // no lone surrogate
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters.
      expect(/[\u0000-\u001f\u007f-\u009f]/.test(out)).toBe(false);
      expect([...out].length).toBeLessThanOrEqual(256);
    }
  });
});

describe("deviceAttributes", () => {
  it("cleans names and text values, keeps numbers and booleans, drops names that clean to nothing", () => {
    expect(
      deviceAttributes({ "no\u0000te": "a\u0000b", "\u0000": "gone", speed: 5, on: true, x: "\ud83d" }),
    ).toEqual({ note: "ab", speed: 5, on: true, x: "\ufffd" });
  });
});
