import { dropExpiredMedia } from "../event-media/index.ts";
import { dropExpiredPartitions } from "../ingest/index.ts";
import { buildDueHeatDays } from "../insights/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import type { Services } from "./services.ts";

/**
 * The periodic work of the node that owns live state and positions (`vigia start`, `vigia processor`): the live
 * state snapshot to item_state (every `snapshotMs`), the sweep that turns items whose devices fell silent offline,
 * the hourly retention of position partitions and of event media (their files included) with another try at
 * bytes the store refused to delete, and periodic reports
 * (several owners may tick them: the scheduler's claims make each period run once), and the heat-map cells of
 * days that have ended (several owners may build the same day: the build is idempotent), and the final parking of
 * items whose day ended while they stood silent (derived history).
 */
const OFFLINE_SWEEP_MS = 15_000;
const MAINTENANCE_SWEEP_MS = 10 * 60_000;
const PERIODIC_TICK_MS = 30_000;
const HEAT_DAYS_TICK_MS = 60_000;

export function ownerTimers(ctx: KernelContext, services: Services, snapshotMs: number): NodeJS.Timeout[] {
  const { db, clock, log } = ctx;
  const { live, partitions, maintenance, periodic, files } = services;
  const timers = [
    // Items whose devices fell silent turn offline; the sweep is cheap (one query, one pass in memory).
    setInterval(
      () => void live.markSilentItems().catch((err: unknown) => log.warn({ err }, "offline sweep failed")),
      OFFLINE_SWEEP_MS,
    ),
    setInterval(
      () => void live.snapshot().catch((err: unknown) => log.warn({ err }, "live state snapshot failed")),
      snapshotMs,
    ),
    setInterval(() => {
      void dropExpiredPartitions(db, partitions, clock.now()).catch((err: unknown) =>
        log.warn({ err }, "retention failed"),
      );
      // Apart from the partitions: ingest may not import event-media, which imports ingest.
      void dropExpiredMedia(db, files, clock.now()).catch((err: unknown) =>
        log.warn({ err }, "event media retention failed"),
      );
      // Bytes the store refused to delete earlier (their rows are gone) are tried again.
      void files.retryLeftovers().then(
        (left) => (left > 0 ? log.warn({ left }, "stored files' bytes still not deleted") : undefined),
        (err: unknown) => log.warn({ err }, "stored files' leftovers not retried"),
      );
    }, 3_600_000),
    // Revisions planned by days fall due as the days pass; km and hour plans move with positions too.
    setInterval(
      () => void maintenance.sweep().catch((err: unknown) => log.warn({ err }, "maintenance sweep failed")),
      MAINTENANCE_SWEEP_MS,
    ),
    setInterval(
      () => void periodic.tick().catch((err: unknown) => log.warn({ err }, "periodic reports tick failed")),
      PERIODIC_TICK_MS,
    ),
    setInterval(
      () =>
        void buildDueHeatDays(db, partitions, clock.now()).then(
          (days) => (days > 0 ? log.info({ days }, "heat-map days built") : undefined),
          (err: unknown) => log.warn({ err }, "heat-map days not built"),
        ),
      HEAT_DAYS_TICK_MS,
    ),
    // A day that ended with an item parked and silent shows its final parking as a stop.
    setInterval(
      () =>
        void services.derived
          .closeEndedDays(clock.now())
          .catch((err: unknown) => log.warn({ err }, "ended days' parkings not written")),
      HEAT_DAYS_TICK_MS,
    ),
  ];
  // Once at start too, so revisions that fell due while the server was down show as such.
  void maintenance.sweep().catch((err: unknown) => log.warn({ err }, "maintenance sweep failed"));
  for (const timer of timers) timer.unref();
  return timers;
}
