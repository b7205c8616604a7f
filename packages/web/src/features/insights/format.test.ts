import { describe, expect, it } from "vitest";
import { formatDistance, formatFuel, formatHours } from "./format.ts";

describe("insight formats", () => {
  it.each([
    [999, "999 m"],
    [1000, "1000 m"],
    [1234, "1.2 km"],
  ])("distance %d → %s", (m, text) => expect(formatDistance(m)).toBe(text));
  it("hours pass a day", () => expect(formatHours(27 * 3_600_000 + 5 * 60_000)).toBe("27:05 h"));
  it("fuel trims zeros", () => expect(formatFuel(12)).toBe("12 L"));
});
