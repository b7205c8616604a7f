import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Processor } from "../../src/ingest/index.ts";
import { type CommittedPosition, LiveState } from "../../src/live/index.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/** Live state whose application of each batch waits until the test lets it go, logging what happens. */
class GatedLive extends LiveState {
  readonly log: string[] = [];
  private gates: (() => void)[] = [];
  private opened = false;

  override async applyCommitted(committed: CommittedPosition[]): Promise<void> {
    if (!this.opened) await new Promise<void>((resolve) => this.gates.push(resolve));
    this.log.push(`applied:${committed.map((c) => c.position.ts - TEST_START).join(",")}`);
  }

  open(): void {
    this.opened = true;
    for (const gate of this.gates.splice(0)) gate();
  }
}

let p: TestPlatform;
let imei: string;

beforeAll(async () => {
  p = await startTestPlatform();
  const rows = await p.ctx.db.query<{ device_id: string }>(
    `select d.device_id from devices d join device_types t on t.id = d.type_id
     where t.proto = 'osmand' and d.company_id is not null and d.item_id is not null order by d.id limit 1`,
  );
  imei = rows[0]!.device_id;
});
afterAll(async () => {
  await p?.close();
});

const position = (offset: number) => ({
  ts: TEST_START + offset,
  lat: 40.4,
  lng: -3.7,
  alt: 600,
  spd: 10,
  course: 0,
  satt: 9,
  valid: true,
  src: 1 as const,
  attributes: { note: 'quoted "text", with commas' },
});

async function stored(offsets: number[]): Promise<number> {
  const rows = await p.ctx.db.query<{ n: number }>(
    `select count(*)::int as n from positions
     where device_id = (select id from devices where device_id = $1) and ts = any($2::bigint[])`,
    [imei, offsets.map((o) => TEST_START + o)],
  );
  return rows[0]!.n;
}

function pipeline(maxHeldPositions: number) {
  const live = new GatedLive(p.ctx, p.services.registry);
  const processor = new Processor(p.ctx, p.services.registry, p.services.partitions, live, {
    maxHeldPositions,
  });
  const submit = (offset: number) =>
    processor
      .submit({ protocol: "osmand", imei, remote: "test", positions: [position(offset)] })
      .then((result) => live.log.push(`${result}:${offset}`));
  return { live, processor, submit };
}

describe("ingest pipeline", () => {
  it("acknowledges a batch once it is committed, while live state is still applying, and the next batch commits meanwhile", async () => {
    const { live, processor, submit } = await pipeline(1000);
    await submit(101);
    expect(await stored([101])).toBe(1);
    await submit(102);
    expect(live.log).toEqual(["stored:101", "stored:102"]);
    live.open();
    await processor.idle();
    // Applied in commit order, after both were acknowledged.
    expect(live.log).toEqual(["stored:101", "stored:102", "applied:101", "applied:102"]);
    expect(await stored([101, 102])).toBe(2);
  });

  it("holds submitters back once the positions held reach the limit, until live state catches up", async () => {
    const { live, processor, submit } = await pipeline(1);
    await submit(201);
    const second = submit(202);
    // The first batch is committed but not applied: the second waits for room, not for the database.
    await new Promise((resolve) => setImmediate(resolve));
    expect(processor.pressure()).toEqual({ held: 1, waiting: 1 });
    expect(live.log).toEqual(["stored:201"]);
    live.open();
    await second;
    await processor.idle();
    expect(live.log).toEqual(["stored:201", "applied:201", "stored:202", "applied:202"]);
  });

  it("lets waiting submitters in strictly in arrival order, and says it is full until they are in", async () => {
    const { live, processor, submit } = await pipeline(1);
    const rooms: { free: number; empty: boolean }[] = [];
    processor.onRoom((room) => rooms.push(room));
    await submit(401);
    expect(processor.full()).toBe(true);
    const waiting = [submit(402), submit(403), submit(404)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(processor.pressure()).toEqual({ held: 1, waiting: 3 });
    live.open();
    await Promise.all(waiting);
    await processor.idle();
    expect(live.log.filter((line) => line.startsWith("stored"))).toEqual([
      "stored:401",
      "stored:402",
      "stored:403",
      "stored:404",
    ]);
    // No room was announced while anyone waited; the last release left the processor empty.
    expect(processor.full()).toBe(false);
    expect(rooms).toEqual([{ free: 1, empty: true }]);
  });

  it("stores a duplicate of a stored position without failing its batch", async () => {
    const { live, processor, submit } = await pipeline(1000);
    live.open();
    await submit(301);
    await Promise.all([submit(301), submit(302)]);
    await processor.idle();
    expect(await stored([301, 302])).toBe(2);
    const attributes = await p.ctx.db.query<{ attributes: { note: string } }>(
      "select attributes from positions where ts = $1",
      [TEST_START + 302],
    );
    expect(attributes[0]!.attributes.note).toBe('quoted "text", with commas');
  });
});
