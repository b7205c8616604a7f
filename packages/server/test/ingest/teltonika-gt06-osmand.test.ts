import { liveServerMessageSchema } from "@vigia/domain";
import { encodeGt06Location, encodeGt06Login, encodeGt06Status, encodeOsmAndPath } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

let p: TestPlatform;
let ports: { teltonika: number; gt06: number; osmand: number };
const imeiOf: Record<string, string> = {};

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1", TELTONIKA_PORT: "0", GT06_PORT: "0", OSMAND_PORT: "0" });
  ports = p.gateway!.ports;
  const rows = await p.ctx.db.query<{ device_id: string; proto: string; item_type: number; item_id: number }>(
    `select d.device_id, t.proto, d.item_type, d.item_id from devices d join device_types t on t.id = d.type_id
     join companies c on c.id = d.company_id where c.name = 'Acme Logistics' order by d.id`,
  );
  for (const row of rows) imeiOf[`${row.proto}:${row.item_type}`] ??= row.device_id;
});
afterAll(async () => {
  await p?.close();
});

async function storedCount(imei: string): Promise<number> {
  const rows = await p.ctx.db.query<{ n: number }>(
    "select count(*)::int as n from positions where device_id = (select id from devices where device_id = $1)",
    [imei],
  );
  return rows[0]!.n;
}

const fixes = (n: number, startMin = 0) =>
  Array.from({ length: n }, (_, i) => ({
    ts: TEST_START + (startMin + i) * 60_000,
    lat: 40.41 + i * 0.001,
    lng: -3.7,
    spd: 40,
  }));

describe("Teltonika over TCP", () => {
  it("acknowledges records only once they are stored, and absorbs a resend", async () => {
    const imei = imeiOf["teltonika:1"]!;
    const device = await TestDevice.connect(ports.teltonika);
    device.send(teltonikaHandshake(imei));
    expect((await device.read(1))[0]).toBe(1);
    const packet = teltonikaPacket(fixes(3));
    device.send(packet);
    expect((await device.read(4)).readUInt32BE(0)).toBe(3);
    // The ACK came after the commit, so the rows are there the moment the device hears it.
    expect(await storedCount(imei)).toBe(3);
    device.send(packet);
    expect((await device.read(4)).readUInt32BE(0)).toBe(3);
    expect(await storedCount(imei)).toBe(3);
    device.end();

    // The device list shows where its item is, from the snapshotted live state.
    await p.services.processor.idle();
    await p.services.live.snapshot();
    const acme = (
      await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'")
    )[0]!.id;
    const trackers = await p.api.get<Record<string, { deviceId: string; itemPos: { lat: number } | null }>>(
      `companies/id/${acme}/trackers`,
      await p.api.token("admin@acme.demo"),
    );
    const row = Object.values(trackers.body).find((t) => t.deviceId === imei);
    expect(row?.itemPos?.lat).toBeCloseTo(40.412, 3);
  });

  it("keeps an unknown device in the unknown list and closes it without an ACK", async () => {
    const device = await TestDevice.connect(ports.teltonika);
    device.send(teltonikaHandshake("359999999999999"));
    await expect(device.read(1)).rejects.toThrow("closed");
    const rows = await p.ctx.db.query<{ protocol: string }>(
      "select protocol from unknown_devices where device_id = '359999999999999'",
    );
    expect(rows).toEqual([{ protocol: "teltonika" }]);
  });

  it("closes a connection that sends garbage and keeps serving others", async () => {
    const bad = await TestDevice.connect(ports.teltonika);
    bad.send(Buffer.from("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
    await bad.closed;
    const good = await TestDevice.connect(ports.teltonika);
    good.send(teltonikaHandshake(imeiOf["teltonika:1"]!));
    expect((await good.read(1))[0]).toBe(1);
    good.end();
  });
});

describe("GT06 over TCP", () => {
  it("acknowledges login and heartbeat, and stores locations before answering the next message", async () => {
    const imei = imeiOf["gt06:1"]!;
    const device = await TestDevice.connect(ports.gt06);
    device.send(encodeGt06Login(imei, 1));
    const loginAck = await device.read(10);
    expect(loginAck.subarray(0, 4).toString("hex")).toBe("78780501");
    for (const [i, f] of fixes(2, 10).entries()) {
      device.send(
        encodeGt06Location(
          {
            timeMs: f.ts,
            lat: f.lat,
            lng: f.lng,
            speedKmh: f.spd,
            course: 90,
            satellites: 8,
            positioned: true,
          },
          { mcc: 214, mnc: 1, lac: 100, cellId: 200 },
          true,
          { uploadMode: 0, reupload: false },
          2 + i,
        ),
      );
    }
    device.send(
      encodeGt06Status({ acc: true, charging: true, gpsTracking: true, voltageLevel: 6, gsmSignal: 4 }, 9),
    );
    expect((await device.read(10)).subarray(0, 4).toString("hex")).toBe("78780513");
    expect(await storedCount(imei)).toBe(2);
    device.end();
  });
});

describe("OsmAnd over HTTP", () => {
  it("stores a phone's position and answers 200; unknown ids get 401 (as a wrong key) and bad requests 400", async () => {
    const imei = imeiOf["osmand:3"]!;
    const path = encodeOsmAndPath({
      id: imei,
      timeMs: TEST_START + 3_600_000,
      lat: 40.42,
      lng: -3.69,
      speedKmh: 4,
      bearing: 10,
      altitudeM: 650,
      accuracyM: 8,
      batteryPct: 80,
      charging: false,
    });
    expect((await fetch(`http://127.0.0.1:${ports.osmand}${path}`)).status).toBe(200);
    expect(await storedCount(imei)).toBe(1);
    expect(
      (await fetch(`http://127.0.0.1:${ports.osmand}/?id=000111&lat=40&lon=-3&timestamp=1768467600`)).status,
    ).toBe(401);
    expect((await fetch(`http://127.0.0.1:${ports.osmand}/?lat=x`)).status).toBe(400);
  });
});

describe("live channel", () => {
  function openChannel(token: string, companyId: number) {
    const ws = new WebSocket(`${p.url.replace("http", "ws")}/fr/ws/`);
    const messages: { type: string; data: Record<string, unknown> }[] = [];
    const waiters: {
      match: (m: { type: string; data: Record<string, unknown> }) => boolean;
      resolve: () => void;
    }[] = [];
    ws.on("message", (raw) => {
      for (const m of [JSON.parse(String(raw))].flat()) {
        messages.push(m);
        for (const w of [...waiters])
          if (w.match(m)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve();
          }
      }
    });
    const opened = new Promise<void>((resolve) =>
      ws.on("open", () => {
        ws.send(JSON.stringify({ type: "initialize", data: { accessToken: token } }));
        ws.send(JSON.stringify({ type: "bindCompany", data: { id: companyId } }));
        resolve();
      }),
    );
    const waitFor = (match: (m: { type: string; data: Record<string, unknown> }) => boolean) =>
      messages.some(match)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ match, resolve }));
    return { ws, messages, opened, waitFor, send: (m: unknown) => ws.send(JSON.stringify(m)) };
  }

  it("delivers positions to the admin and only in-scope items to an operator", async () => {
    const acme = (
      await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'")
    )[0]!.id;
    const toledo = await p.ctx.db.query<{ device_id: string; item_id: number }>(
      `select d.device_id, d.item_id from devices d join vehicles v on v.id = d.item_id and d.item_type = 1
       join groups g on g.id = v.group_id join device_types t on t.id = d.type_id
       where g.name = 'Toledo' and t.proto = 'teltonika' limit 1`,
    );
    const madrid = await p.ctx.db.query<{ device_id: string; item_id: number }>(
      `select d.device_id, d.item_id from devices d join vehicles v on v.id = d.item_id and d.item_type = 1
       join groups g on g.id = v.group_id join device_types t on t.id = d.type_id
       where g.name = 'Madrid Norte' and t.proto = 'teltonika' limit 1`,
    );
    const admin = openChannel(await p.api.token("admin@acme.demo"), acme);
    const operator = openChannel(await p.api.token("operator@acme.demo"), acme);
    await Promise.all([admin.opened, operator.opened]);
    await Promise.all([
      admin.waitFor((m) => m.type === "bindCompany"),
      operator.waitFor((m) => m.type === "bindCompany"),
    ]);

    for (const target of [madrid[0]!, toledo[0]!]) {
      const device = await TestDevice.connect(ports.teltonika);
      device.send(teltonikaHandshake(target.device_id));
      await device.read(1);
      device.send(teltonikaPacket(fixes(1, 30)));
      await device.read(4);
      device.end();
    }
    await admin.waitFor((m) => m.type === "vPos" && m.data.id === madrid[0]!.item_id);
    await admin.waitFor((m) => m.type === "vPos" && m.data.id === toledo[0]!.item_id);
    await operator.waitFor((m) => m.type === "vPos" && m.data.id === toledo[0]!.item_id);
    expect(operator.messages.some((m) => m.type === "vPos" && m.data.id === madrid[0]!.item_id)).toBe(false);

    operator.send({ type: "inVehicle", data: { id: madrid[0]!.item_id } });
    await operator.waitFor((m) => m.type === "error");
    operator.send({ type: "inVehicle", data: { id: toledo[0]!.item_id } });
    await operator.waitFor((m) => m.type === "inVehicle");
    // What the processor and the hub sent is what the browser worker accepts.
    for (const m of [...admin.messages, ...operator.messages])
      expect(liveServerMessageSchema.safeParse(m).error).toBeUndefined();
    admin.ws.close();
    operator.ws.close();
  });

  it("follows the map's group selection and stops sending after closeCompany until rebound", async () => {
    const acme = (
      await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'")
    )[0]!.id;
    const pick = async (group: string) =>
      (
        await p.ctx.db.query<{ device_id: string; item_id: number; group_id: number; id: number }>(
          `select d.device_id, d.item_id, v.group_id, d.id from devices d join vehicles v on v.id = d.item_id and d.item_type = 1
           join groups g on g.id = v.group_id join device_types t on t.id = d.type_id
           where g.name = $1 and t.proto = 'teltonika' order by d.id desc limit 1`,
          [group],
        )
      )[0]!;
    const toledo = await pick("Toledo");
    const guadalajara = await pick("Guadalajara");
    const send = async (imei: string, minute: number) => {
      const device = await TestDevice.connect(ports.teltonika);
      device.send(teltonikaHandshake(imei));
      await device.read(1);
      device.send(teltonikaPacket(fixes(1, minute)));
      await device.read(4);
      device.end();
    };
    const channel = openChannel(await p.api.token("admin@acme.demo"), acme);
    await channel.opened;
    await channel.waitFor((m) => m.type === "bindCompany");
    channel.send({ type: "mapGroupsSelected", data: { ids: [toledo.group_id] } });
    await send(guadalajara.device_id, 40);
    await send(toledo.device_id, 41);
    await channel.waitFor((m) => m.type === "vPos" && m.data.id === toledo.item_id);
    expect(channel.messages.some((m) => m.type === "vPos" && m.data.id === guadalajara.item_id)).toBe(false);

    channel.send({ type: "closeCompany" });
    channel.send({ type: "mapGroupsSelected", data: { ids: [] } });
    // The listener runs after the bus delivered the message, so by then the hub has decided.
    const applied = new Promise<void>((resolve) =>
      p.services.live.onApplied((batch) => {
        if (batch.some((a) => a.binding.deviceRowId === toledo.id)) resolve();
      }),
    );
    const mark = channel.messages.length;
    await send(toledo.device_id, 42);
    await applied;
    channel.send({ type: "bindCompany", data: { id: acme } });
    await channel.waitFor((m) => m.type === "bindCompany" && channel.messages.indexOf(m) >= mark);
    const between = channel.messages.slice(mark);
    const rebound = between.findIndex((m) => m.type === "bindCompany");
    expect(between.slice(0, rebound).some((m) => m.type === "vPos")).toBe(false);
    channel.ws.close();
  });

  it("refuses to bind a foreign company", async () => {
    const globex = (
      await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Globex Security'")
    )[0]!.id;
    const channel = openChannel(await p.api.token("admin@acme.demo"), globex);
    await channel.waitFor((m) => m.type === "error" && m.data.description === "not.found");
    expect(channel.messages.some((m) => m.type === "bindCompany")).toBe(false);
    channel.ws.close();
  });
});
