import type { FastifyInstance } from "fastify";
import type { Clock } from "../kernel/config.ts";
import type { Mount } from "../kernel/http/app.ts";

/**
 * The clock of browser tests (`VIGIA_TEST_CLOCK=manual`, never set in production): wall time plus an offset
 * the test moves forward, so that a scenario can let minutes pass (a device goes silent) without waiting.
 * It only ever goes forward, so tokens, sessions and timers stay ordered.
 */
export class SteerableClock implements Clock {
  private offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  advance(ms: number): void {
    this.offset += Math.max(0, ms);
  }
}

/** Whether this process runs with the test clock; only the environment can turn it on. */
export const testClockRequested = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.VIGIA_TEST_CLOCK === "manual";

/**
 * `POST /test/clock/advance {"ms": n}` moves the test clock forward and then runs what the platform's timers
 * run on time (`afterAdvance`: the offline sweep), so the test sees their effect when the call returns. Mounted
 * only with the test clock; outside /fr/v1 because it is no part of the API.
 */
export function testClockMount(clock: SteerableClock, afterAdvance: () => Promise<unknown>): Mount {
  return async (app: FastifyInstance) => {
    app.post("/test/clock/advance", async (request, reply) => {
      const ms = Number((request.body as { ms?: unknown } | null)?.ms);
      if (!Number.isFinite(ms) || ms < 0 || ms > 86_400_000) return reply.status(400).send({ error: "ms" });
      clock.advance(ms);
      await afterAdvance();
      return { now: clock.now() };
    });
  };
}
