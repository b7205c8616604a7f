/**
 * One `Range: bytes=…` header against a file of `size` bytes (RFC 9110 §14.1.2): the inclusive span to send,
 * null when there is no usable range (send the whole file), or "unsatisfiable" (answer 416). Several ranges
 * are not served: the pmtiles client asks for one at a time, and the whole file is a valid answer. Pure.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | "unsatisfiable" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null;
  return { start, end };
}
