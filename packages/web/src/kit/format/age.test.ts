import { describe, expect, it } from "vitest";
import { formatAge } from "./age.ts";

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const MIN = 60_000;

describe("formatAge", () => {
  it.each([
    [NOW - 10_000, "en", "now"],
    [NOW + 5_000, "en", "now"], // a device clock slightly ahead is not "in 5 s"
    [NOW - 8 * MIN, "en", "8 min. ago"],
    [NOW - 3 * 60 * MIN, "en", "3 hr. ago"],
    [NOW - 5 * 24 * 60 * MIN, "en", "5 days ago"],
    [NOW - 8 * MIN, "es", "hace 8 min"],
  ])("%i in %s: %s", (ts, language, expected) => {
    expect(formatAge(ts, NOW, language)).toBe(expected);
  });
});
