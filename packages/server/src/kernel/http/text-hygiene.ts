/**
 * Strings the database cannot store or that no honest client sends: a NUL character (PostgreSQL text refuses
 * it) and a UTF-16 surrogate without its pair (not a character at all). Refused for every field of every API
 * request in one place, before validation, so no route answers 500 for them and each answer names the field.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is exactly what is refused
const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The dotted path of the first string (or object key) in `value` holding such a character, else null. */
export function badTextPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return NUL_OR_LONE_SURROGATE.test(value) ? path.join(".") || "body" : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = badTextPath(item, [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (NUL_OR_LONE_SURROGATE.test(key)) return [...path, key].join(".");
      const found = badTextPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
