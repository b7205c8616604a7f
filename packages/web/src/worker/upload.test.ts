import "fake-indexeddb/auto";
import type { WorkerAck, WorkerFix } from "@vigia/domain";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fixId, WorkerStorage } from "./storage.ts";
import { Drainer, deviceQueue, drainQueue } from "./upload.ts";

let storage: WorkerStorage;
let dbName = 0;

beforeEach(async () => {
  dbName += 1;
  storage = await WorkerStorage.open(`worker-test-${dbName}`);
});
afterEach(() => storage.close());

function fix(ts: number): WorkerFix {
  return {
    id: fixId(ts),
    ts,
    lat: 40,
    lng: -3,
    accuracy: 5,
    speed: 0,
    heading: null,
    altitude: null,
    battery: null,
    charging: null,
    activity: "still",
  };
}

const all = (fixes: WorkerFix[]): WorkerAck => ({ stored: fixes.map((f) => f.id), refused: [] });

describe("worker queue", () => {
  it("keeps fixes in measuring order, and the pairing and configuration across opens", async () => {
    const fixes = [fix(3000), fix(1000), fix(2000), fix(1000)];
    for (const f of fixes) await storage.enqueue("phone-1", f);
    expect(await storage.queued("phone-1")).toBe(4);
    expect((await storage.oldest("phone-1", 10)).map((f) => f.ts)).toEqual([1000, 1000, 2000, 3000]);
    expect((await storage.oldest("phone-1", 2)).map((f) => f.ts)).toEqual([1000, 1000]);
    await storage.setPairing({ deviceId: "phone-1", key: "k".repeat(20) });
    storage.close();
    storage = await WorkerStorage.open(`worker-test-${dbName}`);
    expect(await storage.pairing()).toEqual({ deviceId: "phone-1", key: "k".repeat(20) });
    expect(await storage.queued("phone-1")).toBe(4);
  });

  it("keeps each device's fixes apart: a phone paired as another device never sends the first one's", async () => {
    await storage.enqueue("phone-1", fix(1000));
    await storage.enqueue("phone-10", fix(2000));
    await storage.enqueue("phone-1", fix(3000));
    expect((await storage.oldest("phone-1", 10)).map((f) => f.ts)).toEqual([1000, 3000]);
    expect((await storage.oldest("phone-10", 10)).map((f) => f.ts)).toEqual([2000]);
    const sent: number[] = [];
    await drainQueue(
      deviceQueue(storage, "phone-10"),
      async (batch) => {
        sent.push(...batch.map((f) => f.ts));
        return all(batch);
      },
      () => 1,
    );
    expect(sent).toEqual([2000]);
    expect(await storage.queued("phone-10")).toBe(0);
    expect(await storage.queued("phone-1")).toBe(2);
  });

  it("sends in batches and removes only what the server acknowledged", async () => {
    for (let i = 0; i < 7; i++) await storage.enqueue("phone-1", fix(1000 + i));
    const batches: number[][] = [];
    const result = await drainQueue(
      deviceQueue(storage, "phone-1"),
      async (batch) => {
        batches.push(batch.map((f) => f.ts));
        // The server stores all but the batch's last fix, which it refuses for good: both leave the queue.
        const last = batch.at(-1)!;
        return {
          stored: batch.slice(0, -1).map((f) => f.id),
          refused: [{ id: last.id, reason: "futureTime" }],
        };
      },
      () => 42,
      3,
    );
    expect(batches).toEqual([[1000, 1001, 1002], [1003, 1004, 1005], [1006]]);
    expect(result.stored).toHaveLength(4);
    expect(result.refused).toHaveLength(3);
    expect(result.error).toBeNull();
    expect(await storage.queued("phone-1")).toBe(0);
    expect(await storage.lastSent()).toBe(42);
  });

  it("keeps the queue when offline and sends it all when the connection returns", async () => {
    for (let i = 0; i < 5; i++) await storage.enqueue("phone-1", fix(1000 + i));
    const queue = deviceQueue(storage, "phone-1");
    let online = false;
    const send = async (batch: WorkerFix[]) => {
      if (!online) throw new TypeError("Failed to fetch");
      return all(batch);
    };
    const offline = await drainQueue(queue, send, () => 1, 2);
    expect(offline.error).toBeInstanceOf(TypeError);
    expect(await storage.queued("phone-1")).toBe(5);
    expect(await storage.lastSent()).toBeNull();
    online = true;
    const back = await drainQueue(queue, send, () => 2, 2);
    expect(back.stored).toHaveLength(5);
    expect(await storage.queued("phone-1")).toBe(0);
  });

  it("stops when an answer acknowledges nothing of the batch (ids it never got count for nothing)", async () => {
    await storage.enqueue("phone-1", fix(1000));
    const result = await drainQueue(
      deviceQueue(storage, "phone-1"),
      async () => ({ stored: ["not-sent"], refused: [] }),
      () => 1,
    );
    expect(result.stored).toEqual([]);
    expect(result.error).toBeInstanceOf(Error);
    expect(await storage.queued("phone-1")).toBe(1);
  });

  it("runs one drain at a time and once more for a call made meanwhile", async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const first = new Promise<void>((resolve) => {
      release = resolve;
    });
    const drainer = new Drainer(async () => {
      calls += 1;
      if (calls === 1) await first;
      return { stored: [`s${calls}`], refused: [], error: null };
    });
    const a = drainer.run();
    const b = drainer.run();
    const c = drainer.run();
    release();
    const [ra, rb, rc] = await Promise.all([a, b, c]);
    expect(calls).toBe(2);
    expect(ra.stored).toEqual(["s1", "s2"]);
    expect(rb).toBe(ra);
    expect(rc).toBe(ra);
  });
});
