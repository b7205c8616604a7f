import { describe, expect, it } from "vitest";
import { DEBUG_ENABLED, exposeForDebug, readDebugFlag } from "./debug.ts";

const storage = (value: string | null) => ({ getItem: () => value });

describe("debug flag", () => {
  it("is off by default", () => {
    expect(readDebugFlag("", storage(null))).toBe(false);
    expect(readDebugFlag("?company=3", null)).toBe(false);
    expect(readDebugFlag("?debug=0", storage("0"))).toBe(false);
  });

  it("is on with ?debug=1 or vigia.debug = 1 in local storage", () => {
    expect(readDebugFlag("?x=1&debug=1", storage(null))).toBe(true);
    expect(readDebugFlag("", storage("1"))).toBe(true);
  });

  it("stays off when storage throws", () => {
    const blocked = {
      getItem: (): string | null => {
        throw new Error("blocked");
      },
    };
    expect(readDebugFlag("", blocked)).toBe(false);
  });

  it("publishes nothing on window when off (the test page starts without the flag)", () => {
    expect(DEBUG_ENABLED).toBe(false);
    exposeForDebug("live", { size: () => 0 });
    expect(window.vigiaDebug).toBeUndefined();
  });
});
