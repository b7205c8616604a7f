import type { Attributes } from "./types.ts";

/**
 * Device text is hostile: a NUL byte, a control character or half of a UTF-16 surrogate pair in one string
 * makes PostgreSQL refuse the jsonb or text it lands in, and with it every row of a shared batch. Every
 * string a decoder takes from a device passes through `deviceText` before it leaves the decoder.
 */

/** Longest attribute value, in code points. */
export const MAX_TEXT_VALUE = 256;
/** Longest attribute name, in code points. */
export const MAX_TEXT_KEY = 64;
/** Longest device identifier, in code points. */
export const MAX_DEVICE_ID = 64;
/** Longest command answer, in code points. */
export const MAX_COMMAND_RESULT = 2048;

export interface DeviceTextOptions {
  /** Keep tab, line feed and carriage return (command answers are often several lines). Default false. */
  multiline?: boolean;
}

/** Anything that needs the slow path: C0/C1 controls, DEL, any surrogate half. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const SUSPECT = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/;
const REPLACEMENT = "\ufffd";

const isControl = (c: number, multiline: boolean): boolean =>
  (c < 0x20 && !(multiline && (c === 0x09 || c === 0x0a || c === 0x0d))) || (c >= 0x7f && c <= 0x9f);

/**
 * Removes control characters (NUL included; tab, LF and CR kept when `multiline`), replaces every unpaired
 * surrogate with U+FFFD and keeps at most `max` code points, so a cut never splits a pair. Pure.
 */
export function deviceText(input: string, max: number, options: DeviceTextOptions = {}): string {
  // Fast path: plain text within the limit (UTF-16 length bounds the code point count).
  if (input.length <= max && !SUSPECT.test(input)) return input;
  const multiline = options.multiline ?? false;
  const out: string[] = [];
  for (let i = 0; i < input.length && out.length < max; i++) {
    const c = input.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = input.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out.push(input.slice(i, i + 2));
        i++;
      } else out.push(REPLACEMENT);
    } else if (c >= 0xdc00 && c <= 0xdfff) out.push(REPLACEMENT);
    else if (!isControl(c, multiline)) out.push(input[i]!);
  }
  return out.join("");
}

/** Attributes with every name and text value cleaned; a name that cleans to nothing is dropped. */
export function deviceAttributes(attributes: Attributes): Attributes {
  const out: Attributes = {};
  for (const [rawKey, value] of Object.entries(attributes)) {
    const key = deviceText(rawKey, MAX_TEXT_KEY);
    if (key === "") continue;
    out[key] = typeof value === "string" ? deviceText(value, MAX_TEXT_VALUE) : value;
  }
  return out;
}
