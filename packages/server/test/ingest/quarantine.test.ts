import { encodeOsmAndPath, encodeTeltonikaCommand, encodeTeltonikaResponse } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configCommandTexts } from "../../src/ingest/config-commands.ts";
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * And 2: one poisoned position must not fail the batch it shares with good ones, and no
 * position is dropped without trace. The bad ones land in the quarantine, answered to the device, and
 * resellers read them there (their own devices' only).
 */
let p: TestPlatform;
let ports: { teltonika: number; gt06: number; osmand: number };
let acme: number;
let globex: number;
let reseller: string;
let atlasReseller: string;
let superReseller: string;
let companyAdmin: string;

interface QuarantineRow {
  id: number;
  receivedTs: number;
  imei: string;
  protocol: string;
  reason: string;
  error: string;
  deviceId: number | null;
  companyId: number | null;
  companyName: string | null;
  raw: string | null;
  rawFormat: "hex" | "text" | null;
  position: { ts: number; lat: number; lng: number; attributes: Record<string, unknown> } | null;
}
interface QuarantinePage {
  total: number;
  rows: QuarantineRow[];
}

/** Registers `n` devices of a company with the given prefix, as a reseller would. */
async function addDevices(companyId: number, prefix: string, n: number): Promise<string[]> {
  const imeis = Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(3, "0")}`);
  for (const imei of imeis) {
    await p.ctx.db.query(
      `insert into devices (device_id, type_id, reseller_id, company_id, created_ts, updated_ts)
       select $1, (select id from device_types where proto = 'osmand' limit 1), c.reseller_id, c.id, $3, $3
       from companies c where c.id = $2`,
      [imei, companyId, TEST_START],
    );
  }
  return imeis;
}

async function storedCount(imei: string): Promise<number> {
  const rows = await p.ctx.db.query<{ n: number }>(
    "select count(*)::int as n from positions where device_id = (select id from devices where device_id = $1)",
    [imei],
  );
  return rows[0]!.n;
}

const osmand = (imei: string, minute: number, extra = "") =>
  `${encodeOsmAndPath({
    id: imei,
    timeMs: TEST_START + minute * 60_000,
    lat: 40.42,
    lng: -3.69,
    speedKmh: 4,
    bearing: 10,
    altitudeM: 650,
    accuracyM: 8,
    batteryPct: 80,
    charging: false,
  })}${extra}`;

const send = (path: string) => fetch(`http://127.0.0.1:${ports.osmand}${path}`).then((r) => r.status);

const quarantine = (token: string, query = "") =>
  p.api.get<QuarantinePage>(`resellers/quarantine${query}`, token);

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1", TELTONIKA_PORT: "0", GT06_PORT: "0", OSMAND_PORT: "0" });
  ports = p.gateway!.ports;
  const ids = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = ids.find((c) => c.name === "Acme Logistics")!.id;
  globex = ids.find((c) => c.name.startsWith("Globex"))!.id;
  // A reseller user of Atlas Telematics (Globex's reseller), with the demo password.
  await p.ctx.db.query(
    `insert into users (email, password_hash, first_name, last_name, role, company_id, reseller_id, group_ids,
       language, timezone, password_changed_ts, created_ts, updated_ts)
     select 'reseller@atlas.demo', password_hash, 'Ana', 'Atlas', 'RESELLER', null,
       (select id from resellers where name = 'Atlas Telematics'), '{}', 'en', 'UTC', $1, $1, $1
     from users where email = 'reseller@vigia.demo'`,
    [TEST_START],
  );
  reseller = await p.api.token("reseller@vigia.demo");
  atlasReseller = await p.api.token("reseller@atlas.demo");
  superReseller = await p.api.token("super@vigia.demo");
  companyAdmin = await p.api.token("admin@acme.demo");
});
afterAll(async () => {
  await p?.close();
});

describe("one poisoned OsmAnd position beside good ones", () => {
  it("answers and stores every good position, and quarantines the NUL and the half emoji", async () => {
    const good = await addDevices(acme, "7770001", 6);
    const [nul, halfEmoji] = await addDevices(acme, "7770002", 2);
    // Sent together so that they share one batch. 255 letters and an emoji: the old 256-unit cut split the pair.
    const long = `${"a".repeat(255)}😀`;
    const json = JSON.stringify({
      device_id: halfEmoji,
      location: {
        timestamp: new Date(TEST_START + 120_000).toISOString(),
        coords: { latitude: 40.42, longitude: -3.69 },
        event: "x\uD83D",
      },
    });
    const statuses = await Promise.all([
      ...good.map((imei) => send(osmand(imei, 1, "&note=fine"))),
      send(osmand(nul!, 1, "&note=a%00b")),
      send(osmand(halfEmoji!, 1, `&note=${encodeURIComponent(long)}`)),
      fetch(`http://127.0.0.1:${ports.osmand}/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: json,
      }).then((r) => r.status),
    ]);
    expect(statuses).toEqual(Array(9).fill(200));
    for (const imei of good) expect(await storedCount(imei)).toBe(1);
    // Sanitised by the decoder: the NUL is gone, the emoji kept whole, the lone surrogate replaced.
    const attrs = await p.ctx.db.query<{ note: string | null; event: string | null }>(
      `select p.attributes->>'note' as note, p.attributes->>'clientEvent' as event
       from positions p join devices d on d.id = p.device_id
       where d.device_id = any($1::text[]) order by d.device_id, p.ts`,
      [[nul, halfEmoji]],
    );
    expect(attrs).toEqual([
      { note: "ab", event: null },
      { note: long, event: null },
      { note: null, event: "x\uFFFD" },
    ]);
  });

  it("commits the good rows and quarantines a row the database refuses, even if a decoder let it through", async () => {
    const [a, b, c] = await addDevices(acme, "7770003", 3);
    const at = (minute: number, attributes: Record<string, string>) => ({
      ts: TEST_START + minute * 60_000,
      lat: 40.4,
      lng: -3.7,
      alt: 0,
      spd: 0,
      course: 0,
      satt: 7,
      valid: true,
      src: 1 as const,
      attributes,
    });
    const submit = (imei: string, attributes: Record<string, string>) =>
      p.services.processor.submit({
        protocol: "osmand",
        imei,
        remote: "10.0.0.1",
        positions: [at(5, attributes)],
        raw: `GET /?id=${imei}`,
      });
    const results = await Promise.all([
      submit(a!, { note: "good" }),
      submit(b!, { note: "a\u0000b" }),
      submit(c!, { note: "\uD83D" }),
    ]);
    expect(results).toEqual(["stored", "stored", "stored"]);
    expect(await storedCount(a!)).toBe(1);
    expect(await storedCount(b!)).toBe(0);
    expect(await storedCount(c!)).toBe(0);
    const page = await quarantine(superReseller, `?imei=${b}`);
    expect(page.body.rows).toHaveLength(1);
    expect(page.body.rows[0]).toMatchObject({
      imei: b,
      reason: "database",
      rawFormat: "text",
      companyId: acme,
    });
    expect(page.body.rows[0]!.error).not.toBe("");
    expect((await quarantine(superReseller, `?imei=${c}`)).body.rows).toHaveLength(1);
  });
});

describe("positions that used to vanish without trace", () => {
  it("quarantines a fix more than 24 h ahead and one at time zero, with their reasons, and answers 200", async () => {
    const [ahead, zero] = await addDevices(acme, "7770004", 2);
    const future = `/?id=${ahead}&lat=40&lon=-3&timestamp=${Math.floor((TEST_START + 25 * 3_600_000) / 1000)}`;
    expect(await send(future)).toBe(200);
    expect(await send(`/?id=${zero}&lat=40&lon=-3&timestamp=0`)).toBe(200);
    expect(await storedCount(ahead!)).toBe(0);
    expect(await storedCount(zero!)).toBe(0);
    const rows = (await quarantine(reseller, "?protocol=osmand&limit=200")).body.rows;
    const byImei = new Map(rows.map((r) => [r.imei, r]));
    expect(byImei.get(ahead!)).toMatchObject({ reason: "futureTime", rawFormat: "text" });
    expect(byImei.get(ahead!)!.raw).toContain(`id=${ahead}`);
    expect(byImei.get(zero!)).toMatchObject({ reason: "badTime" });
    expect(byImei.get(zero!)!.position?.ts).toBe(0);
  });

  it("over Teltonika TCP: ACKs a packet with an out-of-range fix, stores the good records and keeps the socket", async () => {
    const imeis = await p.ctx.db.query<{ device_id: string }>(
      `select d.device_id from devices d join device_types t on t.id = d.type_id
       where t.proto = 'teltonika' and d.company_id = $1 order by d.id limit 2`,
      [acme],
    );
    const [first, second] = imeis.map((r) => r.device_id);
    const before = await storedCount(first!);
    const one = await TestDevice.connect(ports.teltonika);
    const two = await TestDevice.connect(ports.teltonika);
    one.send(teltonikaHandshake(first!));
    two.send(teltonikaHandshake(second!));
    expect((await one.read(1))[0]).toBe(1);
    expect((await two.read(1))[0]).toBe(1);
    const fix = (minute: number, lat: number) => ({
      ts: TEST_START + minute * 60_000,
      lat,
      lng: -3.7,
      spd: 30,
    });
    one.send(teltonikaPacket([fix(300, 40.1), fix(301, 95), fix(302, 40.2)]));
    two.send(teltonikaPacket([fix(300, 41.1)]));
    expect((await one.read(4)).readUInt32BE(0)).toBe(3);
    expect((await two.read(4)).readUInt32BE(0)).toBe(1);
    expect(await storedCount(first!)).toBe(before + 2);
    // Still connected: the next packet is answered on the same socket.
    one.send(teltonikaPacket([fix(303, 40.3)]));
    expect((await one.read(4)).readUInt32BE(0)).toBe(1);
    one.end();
    two.end();
    const rows = (await quarantine(reseller, `?imei=${first}`)).body.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ protocol: "teltonika", reason: "badCoordinates", rawFormat: "hex" });
    expect(rows[0]!.position?.lat).toBe(95);
    expect(rows[0]!.raw).toMatch(/^[0-9a-f]+$/);
  });
});

describe("a poisoned string over TCP", () => {
  it("records a Teltonika command answer holding NUL and escape bytes, and keeps the connection", async () => {
    const [row] = await p.ctx.db.query<{ id: number; device_id: string; type_id: number }>(
      `select d.id, d.device_id, d.type_id from devices d join device_types t on t.id = d.type_id
       where t.proto = 'teltonika' and d.company_id = $1 order by d.id offset 2 limit 1`,
      [acme],
    );
    const config = {
      apn: "m2m.movistar",
      server: "gw.vigia.demo",
      port: 5027,
      speedLimit: 110,
      interval: 30,
      sleepTime: 15,
    };
    const saved = await p.api.put(
      `companies/id/${acme}/trackers/id/${row!.id}`,
      { deviceId: row!.device_id, typeId: row!.type_id, configActive: true, config },
      companyAdmin,
    );
    expect(saved.status).toBe(200);
    const [text] = configCommandTexts("teltonika", config);
    const device = await TestDevice.connect(ports.teltonika);
    device.send(teltonikaHandshake(row!.device_id));
    expect((await device.read(1))[0]).toBe(1);
    await device.read(encodeTeltonikaCommand(text!).length);
    device.send(encodeTeltonikaResponse("New value\u0000 2001:m2m\u001b[0m;"));
    device.send(teltonikaPacket([{ ts: TEST_START + 400 * 60_000, lat: 40.5, lng: -3.7, spd: 10 }]));
    expect((await device.read(4)).readUInt32BE(0)).toBe(1);
    const stored = await p.ctx.db.query<{ state: string; result: string }>(
      "select config_state as state, config->>'lastResult' as result from devices where id = $1",
      [row!.id],
    );
    expect(stored).toEqual([{ state: "updated", result: "New value 2001:m2m[0m;" }]);
    device.end();
  });
});

describe("who reads the quarantine", () => {
  it("shows a reseller only its own devices' frames, the provider all, and refuses company users", async () => {
    const [theirs] = await addDevices(globex, "7770005", 1);
    expect(await send(`/?id=${theirs}&lat=40&lon=-3&timestamp=0`)).toBe(200);
    const all = (await quarantine(superReseller, "?limit=200")).body;
    expect(all.rows.some((r) => r.imei === theirs)).toBe(true);
    expect(all.rows.some((r) => r.companyId === acme)).toBe(true);
    const iberia = (await quarantine(reseller, "?limit=200")).body;
    expect(iberia.rows.some((r) => r.imei === theirs)).toBe(false);
    expect(iberia.rows.length).toBeGreaterThan(0);
    expect(iberia.total).toBe(iberia.rows.length);
    const atlas = (await quarantine(atlasReseller, "?limit=200")).body;
    expect(atlas.rows.map((r) => r.imei)).toEqual([theirs]);
    expect(atlas.rows[0]!.companyName).toMatch(/^Globex/);
    expect((await quarantine(companyAdmin)).status).toBe(403);
  });

  it("pages newest first and filters by reason", async () => {
    const first = await quarantine(superReseller, "?limit=2&offset=0");
    const second = await quarantine(superReseller, "?limit=2&offset=2");
    expect(first.body.rows).toHaveLength(2);
    expect(first.body.total).toBeGreaterThanOrEqual(4);
    const ids = [...first.body.rows, ...second.body.rows].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...first.body.rows, ...second.body.rows].map((r) => r.receivedTs);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const futures = await quarantine(superReseller, "?reason=futureTime");
    expect(futures.body.rows.every((r) => r.reason === "futureTime")).toBe(true);
    expect(futures.body.rows.length).toBe(1);
    expect((await quarantine(superReseller, "?limit=100000")).status).toBe(400);
  });
});
