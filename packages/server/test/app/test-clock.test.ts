import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SteerableClock, testClockRequested } from "../../src/app/test-clock.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** The e2e clock route exists only when the environment asks for it (SECURITY.md, "Test clock"). */
describe("test clock", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(async () => {
    await p?.close();
  });

  it.each([
    [{}, false],
    [{ VIGIA_TEST_CLOCK: "" }, false],
    [{ VIGIA_TEST_CLOCK: "1" }, false],
    [{ VIGIA_TEST_CLOCK: "true" }, false],
    [{ VIGIA_TEST_CLOCK: "manual" }, true],
  ])("is on for %j: %s", (env, on) => {
    expect(testClockRequested(env)).toBe(on);
  });

  it("only ever moves forward", () => {
    const clock = new SteerableClock();
    const start = clock.now();
    clock.advance(-60_000);
    expect(clock.now()).toBeGreaterThanOrEqual(start);
    clock.advance(10 * 60_000);
    expect(clock.now()).toBeGreaterThanOrEqual(start + 10 * 60_000);
  });

  it("has no route on a platform started without it", async () => {
    const response = await fetch(`${p.url}/test/clock/advance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ms: 60_000 }),
    });
    expect(response.status).toBe(404);
  });
});
