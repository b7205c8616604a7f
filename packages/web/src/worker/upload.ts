import { WORKER_BATCH_MAX, type WorkerAck, type WorkerFix } from "@vigia/domain";
import type { WorkerStorage } from "./storage.ts";

export type SendBatch = (fixes: WorkerFix[]) => Promise<WorkerAck>;

/** What one drain of the queue did: fixes acknowledged (stored or refused for good), and whether it stopped early. */
export interface DrainResult {
  stored: string[];
  refused: string[];
  /** The error that stopped it (offline, server unavailable, credential refused); null when the queue emptied. */
  error: unknown;
}

/**
 * Sends the queue oldest first in batches, removing from it only what the server acknowledged, until it is empty
 * or a batch fails (then the rest waits for the next try: the online event or the periodic retry). A batch whose
 * answer acknowledges nothing stops the drain too, so a server that takes nothing is not asked in a loop.
 */
/** One device's view of the queue (storage.ts keeps each device's fixes apart). */
export interface DeviceQueue {
  oldest(limit: number): Promise<WorkerFix[]>;
  remove(ids: readonly string[]): Promise<void>;
  setLastSent(ts: number): Promise<void>;
}

/** The queue of one device in the phone's storage. */
export const deviceQueue = (storage: WorkerStorage, deviceId: string): DeviceQueue => ({
  oldest: (limit) => storage.oldest(deviceId, limit),
  remove: (ids) => storage.remove(deviceId, ids),
  setLastSent: (ts) => storage.setLastSent(ts),
});

export async function drainQueue(
  storage: DeviceQueue,
  send: SendBatch,
  now: () => number,
  batchSize = WORKER_BATCH_MAX,
): Promise<DrainResult> {
  const result: DrainResult = { stored: [], refused: [], error: null };
  for (;;) {
    const batch = await storage.oldest(batchSize);
    if (batch.length === 0) return result;
    let ack: WorkerAck;
    try {
      ack = await send(batch);
    } catch (error) {
      result.error = error;
      return result;
    }
    const sent = new Set(batch.map((f) => f.id));
    const acked = [...ack.stored, ...ack.refused.map((r) => r.id)].filter((id) => sent.has(id));
    await storage.remove(acked);
    if (acked.length > 0) await storage.setLastSent(now());
    result.stored.push(...ack.stored.filter((id) => sent.has(id)));
    result.refused.push(...ack.refused.map((r) => r.id).filter((id) => sent.has(id)));
    if (acked.length === 0) {
      result.error = new Error("the server acknowledged none of the batch");
      return result;
    }
  }
}

/** One drain at a time: a call while one runs waits for it and then runs once more, so no fix is left behind. */
export class Drainer {
  private running: Promise<DrainResult> | null = null;
  private again = false;

  constructor(private readonly drain: () => Promise<DrainResult>) {}

  run(): Promise<DrainResult> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const loop = async (): Promise<DrainResult> => {
      const total = await this.drain();
      while (this.again && total.error === null) {
        this.again = false;
        const next = await this.drain();
        total.stored.push(...next.stored);
        total.refused.push(...next.refused);
        total.error = next.error;
      }
      this.again = false;
      return total;
    };
    this.running = loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
