import {
  encodeGalileoskyHead,
  encodeGalileoskyRecords,
  encodeRuptelaRecords,
  galileoskyAck,
  galileoskyPacket,
  ruptelaAck,
} from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PartitionManager } from "../../src/ingest/index.ts";
import { redecodeQuarantine } from "../../src/ingest/redecode.ts";
import { TestDevice } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/** The binary protocols added after Teltonika and GT06, through the real gateway: frames to stored rows and ACKs. */
let p: TestPlatform;
const idOf: Record<string, string> = {};

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1" });
  const rows = await p.ctx.db.query<{ device_id: string; proto: string }>(
    `select d.device_id, t.proto from devices d join device_types t on t.id = d.type_id
     join companies c on c.id = d.company_id where c.name = 'Acme Logistics' order by d.id`,
  );
  for (const row of rows) idOf[row.proto] ??= row.device_id;
});
afterAll(async () => {
  await p?.close();
});

async function stored(deviceId: string): Promise<{ ts: number; lat: number; spd: number }[]> {
  return p.ctx.db.query<{ ts: number; lat: number; spd: number }>(
    `select ts::float8 as ts, lat::float8 as lat, spd::float8 as spd from positions
     where device_id = (select id from devices where device_id = $1) order by ts`,
    [deviceId],
  );
}

async function storedAtLeast(deviceId: string, n: number) {
  let rows = await stored(deviceId);
  for (let i = 0; i < 200 && rows.length < n; i++) {
    await p.services.processor.idle();
    await new Promise((resolve) => setImmediate(resolve));
    rows = await stored(deviceId);
  }
  return rows;
}

const at = (minute: number) => TEST_START - 3_600_000 + minute * 60_000;

describe("binary protocols through the gateway", () => {
  it("Ruptela: records and extended records stored, each packet acknowledged 00 02 64 01 13 BC", async () => {
    const id = idOf.ruptela!;
    expect(id).toMatch(/^\d{15}$/);
    const device = await TestDevice.connect(p.gateway!.ports.ruptela);
    const rec = (minute: number) => ({
      timeMs: at(minute),
      lat: 40.42 + minute / 1000,
      lng: -3.69,
      altitude: 650,
      course: 90,
      satellites: 9,
      speedKmh: 36,
    });
    device.send(encodeRuptelaRecords(id, [rec(1), rec(2)], { recordsLeft: 1 }));
    expect(await device.read(6)).toEqual(ruptelaAck(true));
    device.send(encodeRuptelaRecords(id, [rec(3)], { extended: true }));
    expect((await device.read(6)).toString("hex")).toBe("0002640113bc");
    const rows = await storedAtLeast(id, 3);
    expect(rows.map((r) => r.ts)).toEqual([at(1), at(2), at(3)]);
    expect(rows.map((r) => r.spd)).toEqual([36, 36, 36]);
    device.end();
  });

  it("Galileosky: head packet, live and archived records stored, each packet answered 02 + its CRC", async () => {
    const id = idOf.galileosky!;
    expect(id).toMatch(/^\d{15}$/);
    const device = await TestDevice.connect(p.gateway!.ports.galileosky);
    const rec = (minute: number) => ({
      timeMs: at(minute),
      lat: 40.42 + minute / 1000,
      lng: -3.69,
      satellites: 9,
      valid: true,
      speedKmh: 36,
      course: 90,
      altitude: 650,
    });
    const crcOf = (packet: Buffer) => packet.readUInt16LE(packet.length - 2);
    const head = encodeGalileoskyHead(id);
    device.send(head);
    expect(await device.read(3)).toEqual(galileoskyAck(crcOf(head)));
    const archived = encodeGalileoskyRecords([rec(1), rec(2)], true);
    device.send(archived);
    expect(await device.read(3)).toEqual(galileoskyAck(crcOf(archived)));
    const live = encodeGalileoskyRecords([rec(3)]);
    device.send(live);
    expect(await device.read(3)).toEqual(galileoskyAck(crcOf(live)));
    const rows = await storedAtLeast(id, 3);
    expect(rows.map((r) => r.ts)).toEqual([at(1), at(2), at(3)]);
    expect(rows.map((r) => r.spd)).toEqual([36, 36, 36]);
    device.end();
  });

  it("Galileosky: a packet with a tag of unknown size is quarantined whole before it is answered", async () => {
    const id = idOf.galileosky!;
    const device = await TestDevice.connect(p.gateway!.ports.galileosky);
    const rec = (minute: number) => ({
      timeMs: at(minute),
      lat: 41.38,
      lng: 2.17,
      satellites: 9,
      valid: true,
      speedKmh: 20,
      course: 0,
      altitude: 10,
    });
    const head = encodeGalileoskyHead(id);
    device.send(head);
    await device.read(3);
    const tags = encodeGalileoskyRecords([rec(10), rec(11)]).subarray(3, -2);
    // 0xFD belongs to the second record (it ascends from its last tag): the first record is whole, the second not.
    const packet = galileoskyPacket(Buffer.concat([tags, Buffer.from([0xfd, 1, 2, 3])]));
    device.send(packet);
    expect(await device.read(3)).toEqual(galileoskyAck(packet.readUInt16LE(packet.length - 2)));
    // The ACK was written only after the quarantine row committed: no wait.
    const kept = await p.ctx.db.query<{ reason: string; error: string; raw_format: string; raw: string }>(
      "select reason, error, raw_format, raw from ingest_quarantine where imei = $1 and reason = 'undecoded'",
      [id],
    );
    expect(kept).toEqual([
      {
        reason: "undecoded",
        error: `galileosky: unknown tag 0xFD at offset ${3 + tags.length}`,
        raw_format: "hex",
        raw: packet.toString("hex"),
      },
    ]);
    const rows = await storedAtLeast(id, 4);
    expect(rows.map((r) => r.ts)).toContain(at(10));
    expect(rows.map((r) => r.ts)).not.toContain(at(11));
    device.end();
  });

  it("redecode gives back the positions of undecoded frames the decoders now read, once", async () => {
    const id = idOf.galileosky!;
    const fix = { lat: 41.4, lng: 2.2, satellites: 7, valid: true, speedKmh: 5, course: 0, altitude: 3 };
    // As an older decoder would have left them: one frame readable today, one with a tag still unknown.
    const readable = encodeGalileoskyRecords([{ ...fix, timeMs: at(30) }]);
    const tags = encodeGalileoskyRecords([{ ...fix, timeMs: at(31) }]).subarray(3, -2);
    const unreadable = galileoskyPacket(Buffer.concat([tags, Buffer.from([0xfd, 0])]));
    for (const frame of [readable, unreadable])
      await p.ctx.db.query(
        `insert into ingest_quarantine (company_id, device_id, imei, protocol, reason, error, raw_format, raw,
           received_ts)
         select company_id, id, device_id, 'galileosky', 'undecoded', 'galileosky: unknown tag', 'hex', $2, $3
         from devices where device_id = $1`,
        [id, frame.toString("hex"), at(32)],
      );
    const first = await redecodeQuarantine(p.ctx.db, p.ctx.clock, new PartitionManager());
    expect(first).toMatchObject({ restored: 1, positions: 1 });
    expect(first.left).toBe(first.examined - 1);
    expect((await stored(id)).map((r) => r.ts)).toContain(at(30));
    const left = await p.ctx.db.query<{ raw: string }>(
      "select raw from ingest_quarantine where imei = $1 and reason = 'undecoded'",
      [id],
    );
    expect(left.map((r) => r.raw)).toContain(unreadable.toString("hex"));
    expect(left.map((r) => r.raw)).not.toContain(readable.toString("hex"));
    const again = await redecodeQuarantine(p.ctx.db, p.ctx.clock, new PartitionManager());
    expect(again).toEqual({ examined: first.left, restored: 0, positions: 0, left: first.left });
  });
});
