import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  encodeGt06Frame,
  encodeGt06Login,
  encodeGt06Status,
  encodeGt06Wifi,
  encodeWatchLink,
  encodeWatchPosition,
  GT06_LBS,
} from "@vigia/protocols";
import { radioAt, SIM_CELL_RANGE_M } from "@vigia/sim";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knownPlaces } from "../../src/cells/index.ts";
import { TestDevice } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * Frames without a fix but with cell towers or Wi-Fi APs become source-3 and source-4 positions
 * through the real gateway, from a small generated cell table, or from GEOLOCATION_URL (a tiny service started
 * here, allowed through the egress guard as a private address); unknown ones land in the quarantine as `noFix`.
 */
let p: TestPlatform;
let geo: http.Server;
const asked: unknown[] = [];
/** The one cell the service knows (the local table does not). */
const ONLINE_CID = 777;
const idOf: Record<string, string> = {};

const MCC = 214;
const MNC = 7;

beforeAll(async () => {
  geo = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on("end", () => {
      const request = JSON.parse(body) as { cellTowers?: { cellId: number }[] };
      asked.push(request);
      const known = request.cellTowers?.some((c) => c.cellId === ONLINE_CID);
      res.writeHead(known ? 200 : 404, { "content-type": "application/json" });
      res.end(
        JSON.stringify(
          known ? { location: { lat: 41.39, lng: 2.17 }, accuracy: 850 } : { error: "notFound" },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => geo.listen(0, "127.0.0.1", resolve));
  p = await startTestPlatform({
    VIGIA_GATEWAY: "1",
    GEOLOCATION_URL: `http://127.0.0.1:${(geo.address() as AddressInfo).port}/v1/geolocate`,
    VIGIA_EGRESS_ALLOW_PRIVATE: "127.0.0.1/32",
  });
  const rows = await p.ctx.db.query<{ device_id: string; proto: string }>(
    `select d.device_id, t.proto from devices d join device_types t on t.id = d.type_id
     join companies c on c.id = d.company_id where c.name = 'Acme Logistics' order by d.id`,
  );
  for (const row of rows) idOf[row.proto] ??= row.device_id;
  // A small generated table: a row of towers along a meridian, 0.01° apart.
  for (let i = 1; i <= 5; i++)
    await p.ctx.db.query(
      "insert into cell_towers (radio, mcc, mnc, lac, cid, lat, lng, range, samples) values ('GSM', $1, $2, 100, $3, $4, -3.7, 1500, 10)",
      [MCC, MNC, i, 40.4 + i / 100],
    );
  await p.ctx.db.query(
    "insert into wifi_aps (mac, lat, lng, range, samples) values ('aa:bb:cc:00:00:01', 40.5, -3.6, 40, 3), ('aa:bb:cc:00:00:02', 40.5002, -3.6, 40, 3)",
  );
});
afterAll(async () => {
  await p?.close();
  await new Promise((resolve) => geo?.close(resolve));
});

interface Row {
  ts: number;
  lat: number;
  lng: number;
  src: number;
  valid: boolean;
  attributes: Record<string, unknown>;
}
async function stored(deviceId: string): Promise<Row[]> {
  return p.ctx.db.query<Row>(
    `select ts::float8 as ts, lat::float8 as lat, lng::float8 as lng, src, valid, attributes from positions
     where device_id = (select id from devices where device_id = $1) order by ts`,
    [deviceId],
  );
}

/** A GT06 0x11 LBS packet: date, MCC, MNC, LAC, cell id (3 bytes). */
function gt06Lbs(ts: number, cid: number, serial: number): Buffer {
  const d = new Date(ts);
  const b = Buffer.alloc(14);
  b.set([
    d.getUTCFullYear() - 2000,
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ]);
  b.writeUInt16BE(MCC, 6);
  b.writeUInt8(MNC, 8);
  b.writeUInt16BE(100, 9);
  b.writeUIntBE(cid, 11, 3);
  return encodeGt06Frame(GT06_LBS, b, serial);
}

/** Sends frames, then a status packet, and waits for its answer: the gateway handles a connection's frames in order. */
async function gt06Send(device: TestDevice, frames: Buffer[], serial: number): Promise<void> {
  for (const frame of frames) device.send(frame);
  const status = encodeGt06Status(
    { acc: false, charging: true, gpsTracking: true, voltageLevel: 4, gsmSignal: 3 },
    serial,
  );
  device.send(status);
  await device.read(10);
}

const noFix = (minute: number) => ({
  timeMs: TEST_START - 3_600_000 + minute * 60_000,
  lat: 0,
  lng: 0,
  speedKmh: 0,
  course: 0,
  altitude: 0,
  satellites: 0,
  valid: false,
});

async function watchSend(id: string, frames: Buffer[]): Promise<void> {
  const device = await TestDevice.connect(p.gateway!.ports.watch);
  for (const frame of frames) device.send(frame);
  device.send(encodeWatchLink("SG", id, { steps: 1, batteryPct: 80 }));
  const answer = `[SG*${id}*0002*LK]`;
  expect(String(await device.read(answer.length))).toBe(answer);
  device.end();
}

describe("cell and Wi-Fi positions", () => {
  it("a GT06 LBS frame becomes a source-3 position with an accuracy; an unknown tower goes to the quarantine", async () => {
    const imei = idOf.gt06!;
    const device = await TestDevice.connect(p.gateway!.ports.gt06);
    device.send(encodeGt06Login(imei, 1));
    await device.read(10);
    const ts = TEST_START - 600_000;
    await gt06Send(device, [gt06Lbs(ts, 3, 2), gt06Lbs(ts + 60_000, 999, 3)], 4);
    device.end();
    const rows = await stored(imei);
    const cell = rows.find((r) => r.ts === ts);
    expect(cell).toMatchObject({ src: 3, valid: false });
    expect(cell!.lat).toBeCloseTo(40.43, 6);
    expect(cell!.lng).toBeCloseTo(-3.7, 6);
    expect(cell!.attributes.accuracy).toBe(1500);
    expect(rows.some((r) => r.ts === ts + 60_000)).toBe(false);
    const quarantined = await p.ctx.db.query<{
      reason: string;
      position: { attributes: Record<string, unknown> };
    }>("select reason, position from ingest_quarantine where imei = $1", [imei]);
    expect(quarantined).toHaveLength(1);
    expect(quarantined[0]!.reason).toBe("noFix");
    expect(quarantined[0]!.position.attributes.cells).toBe(`${MCC}-${MNC}-100-999`);
  });

  it("a Concox 0x2C packet becomes a source-4 position from the access points it heard", async () => {
    const imei = idOf.gt06!;
    const device = await TestDevice.connect(p.gateway!.ports.gt06);
    device.send(encodeGt06Login(imei, 1));
    await device.read(10);
    const ts = TEST_START - 200_000;
    const frame = encodeGt06Wifi(
      ts,
      { mcc: MCC, mnc: MNC, lac: 100, cellId: 999, rssi: 40 },
      [],
      [
        { mac: "aa:bb:cc:00:00:01", rssi: -50 },
        { mac: "aa:bb:cc:00:00:02", rssi: -50 },
      ],
      2,
    );
    await gt06Send(device, [frame], 3);
    device.end();
    const row = (await stored(imei)).find((r) => r.ts === ts);
    expect(row).toMatchObject({ src: 4, valid: false });
    expect(row!.lat).toBeCloseTo(40.5001, 6);
  });

  it("a tower the local table does not know is asked of GEOLOCATION_URL", async () => {
    const imei = idOf.gt06!;
    const device = await TestDevice.connect(p.gateway!.ports.gt06);
    device.send(encodeGt06Login(imei, 1));
    await device.read(10);
    const ts = TEST_START - 300_000;
    await gt06Send(device, [gt06Lbs(ts, ONLINE_CID, 2)], 3);
    device.end();
    const row = (await stored(imei)).find((r) => r.ts === ts);
    expect(row).toMatchObject({ src: 3, valid: false, lat: 41.39, lng: 2.17, attributes: { accuracy: 850 } });
    expect(asked).toContainEqual({
      considerIp: false,
      cellTowers: [
        { mobileCountryCode: MCC, mobileNetworkCode: MNC, locationAreaCode: 100, cellId: ONLINE_CID },
      ],
      wifiAccessPoints: [],
    });
  });

  it("a watch frame with only Wi-Fi becomes a source-4 position; Wi-Fi wins over a known tower", async () => {
    const id = idOf.watch!;
    const report = {
      fix: noFix(1),
      batteryPct: 80,
      gsm: 90,
      steps: 1,
      wifi: [
        { mac: "aa:bb:cc:00:00:01", rssi: -50 },
        { mac: "aa:bb:cc:00:00:02", rssi: -50 },
      ],
    };
    await watchSend(id, [
      encodeWatchPosition("SG", id, report),
      encodeWatchPosition("SG", id, {
        ...report,
        fix: noFix(2),
        cells: [{ mcc: MCC, mnc: MNC, lac: 100, cid: 1, rssi: -60 }],
      }),
    ]);
    const rows = await stored(id);
    expect(rows.map((r) => r.src)).toEqual([4, 4]);
    expect(rows[0]!.lat).toBeCloseTo(40.5001, 6);
    expect(rows[0]!.attributes.accuracy).toBeGreaterThanOrEqual(40);
  });

  it("learns an AP seen with a good GPS fix, for the device's company only", async () => {
    const id = idOf.watch!;
    const fix = { ...noFix(10), lat: 41.1, lng: 2.1, satellites: 8, valid: true };
    const wifi = [{ mac: "aa:bb:cc:00:00:77", rssi: -40 }];
    await watchSend(id, [encodeWatchPosition("SG", id, { fix, batteryPct: 80, gsm: 90, steps: 1, wifi })]);
    const learned = await p.ctx.db.query<{ company_id: number; lat: number; lng: number }>(
      "select company_id, lat, lng from company_wifi_aps where mac = 'aa:bb:cc:00:00:77'",
    );
    const acme = await p.ctx.db.query<{ company_id: number }>(
      "select company_id from devices where device_id = $1",
      [id],
    );
    expect(learned).toEqual([{ company_id: acme[0]!.company_id, lat: 41.1, lng: 2.1 }]);
    // Later, without a fix, that AP alone places the watch.
    await watchSend(id, [
      encodeWatchPosition("SG", id, { fix: noFix(11), batteryPct: 80, gsm: 90, steps: 1, wifi }),
    ]);
    const later = (await stored(id)).find((r) => r.ts === noFix(11).timeMs);
    expect(later).toMatchObject({ src: 4, lat: 41.1, lng: 2.1 });
    // Another company's devices never see what Acme's learned.
    const other = await p.ctx.db.query<{ id: number }>("select id from companies where id <> $1 limit 1", [
      acme[0]!.company_id,
    ]);
    expect(other).toHaveLength(1);
    const theirs = await knownPlaces(p.ctx.db, other[0]!.id, { cells: [], wifi });
    expect(theirs.wifi.size).toBe(0);
    const ours = await knownPlaces(p.ctx.db, acme[0]!.company_id, { cells: [], wifi });
    expect(ours.wifi.size).toBe(1);
  });
});

describe("why an item has no position (GET …/unlocated/:itemType/id/:itemId)", () => {
  it("names the newest report nobody could place, to the users who see the item only", async () => {
    const [gt06] = await p.ctx.db.query<{
      item_type: number;
      item_id: number;
      company_id: number;
      group_id: number;
    }>(
      `select d.item_type, d.item_id, d.company_id, v.group_id from devices d join vehicles v on v.id = d.item_id
       where d.device_id = $1 and d.item_type = 1`,
      [idOf.gt06!],
    );
    const path = `companies/id/${gt06!.company_id}/unlocated/1/id/${gt06!.item_id}`;
    const admin = await p.api.get<{ report: { ts: number; towers: number; accessPoints: number } | null }>(
      path,
      await p.api.token("admin@acme.demo"),
    );
    expect(admin.status).toBe(200);
    // The LBS test's second frame (an unknown tower) is the newest unplaced report.
    expect(admin.body.report).toMatchObject({
      ts: TEST_START - 600_000 + 60_000,
      towers: 1,
      accessPoints: 0,
    });
    const globex = await p.api.get(path, await p.api.token("admin@globex.demo"));
    expect([403, 404]).toContain(globex.status);
    const placed = (
      await p.ctx.db.query<{ item_id: number }>(
        `select d.item_id from devices d join device_types t on t.id = d.type_id join vehicles v on v.id = d.item_id
         where d.company_id = $1 and t.proto = 'teltonika' and d.item_type = 1 limit 1`,
        [gt06!.company_id],
      )
    )[0]!;
    const none = await p.api.get<{ report: unknown }>(
      `companies/id/${gt06!.company_id}/unlocated/1/id/${placed.item_id}`,
      await p.api.token("admin@acme.demo"),
    );
    expect(none.body).toEqual({ report: null });
  });
});

describe("the demo's cell table", () => {
  it("places a demo watch that lost GPS indoors from the towers the demo seeded around its city", async () => {
    const id = idOf.watch!;
    const home = { lat: 40.4168 + 0.011, lng: -3.7038 - 0.017 };
    const heard = radioAt(home.lat, home.lng);
    await watchSend(id, [
      encodeWatchPosition("SG", id, {
        fix: noFix(20),
        batteryPct: 70,
        gsm: 80,
        steps: 5,
        cells: heard.cells,
        // Access points nobody has seen with a fix yet: only the cell can place it.
        wifi: [{ mac: "02:aa:bb:cc:dd:01", rssi: -60 }],
      }),
    ]);
    const row = (await stored(id)).find((r) => r.ts === noFix(20).timeMs);
    expect(row).toMatchObject({ src: 3, valid: false, attributes: { accuracy: SIM_CELL_RANGE_M } });
    expect(Math.abs(row!.lat - home.lat)).toBeLessThan(1 / 220);
    expect(Math.abs(row!.lng - home.lng)).toBeLessThan(1 / 200);
  });
});

describe("cell table status (GET /resellers/cells)", () => {
  it("counts the shared tables, and only the caller's subtree's learned APs and unresolved frames", async () => {
    // The learning test above left one Acme AP and the LBS test one unresolved Acme frame.
    const reseller = await p.api.get<{
      towers: number;
      accessPoints: number;
      learnedAccessPoints: number;
      onlineService: boolean;
      unresolvedLastDay: number;
    }>("resellers/cells", await p.api.token("reseller@vigia.demo"));
    expect(reseller.status).toBe(200);
    const [tables] = await p.ctx.db.query<{ towers: number; aps: number }>(
      "select (select count(*) from cell_towers)::int as towers, (select count(*) from wifi_aps)::int as aps",
    );
    expect(tables!.towers).toBeGreaterThan(5);
    expect(reseller.body).toMatchObject({
      towers: tables!.towers,
      accessPoints: tables!.aps,
      onlineService: true,
    });
    expect(reseller.body.learnedAccessPoints).toBeGreaterThanOrEqual(1);
    expect(reseller.body.unresolvedLastDay).toBeGreaterThanOrEqual(1);
    const provider = await p.api.get<{ learnedAccessPoints: number }>(
      "resellers/cells",
      await p.api.token("super@vigia.demo"),
    );
    expect(provider.body.learnedAccessPoints).toBe(reseller.body.learnedAccessPoints);
    // A reseller outside Acme's subtree sees the shared tables but nothing Acme learned or lost.
    const atlas = await p.ctx.db.query<{ id: number }>(
      "select id from resellers where name = 'Atlas Telematics'",
    );
    await p.ctx.db.query(
      `insert into users (email, password_hash, role, reseller_id, first_name, last_name, created_ts, updated_ts)
       select 'staff@atlas.test', password_hash, 'RESELLER', $1, 'Atlas', 'Staff', 0, 0 from users
       where email = 'reseller@vigia.demo'`,
      [atlas[0]!.id],
    );
    const other = await p.api.get<{ towers: number; learnedAccessPoints: number; unresolvedLastDay: number }>(
      "resellers/cells",
      await p.api.token("staff@atlas.test"),
    );
    expect(other.body).toMatchObject({
      towers: tables!.towers,
      learnedAccessPoints: 0,
      unresolvedLastDay: 0,
    });
  });

  it("is refused to every company role", async () => {
    for (const email of ["admin@acme.demo", "subadmin@acme.demo", "operator@acme.demo", "viewer@acme.demo"]) {
      const answer = await p.api.get("resellers/cells", await p.api.token(email));
      expect(answer.status, email).toBe(403);
    }
  });
});
