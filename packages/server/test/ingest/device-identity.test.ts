import http from "node:http";
import type { DeviceRow } from "@vigia/domain";
import { encodeGt06Login, encodeOsmAndPath, encodeWialonLogin } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestDevice } from "../support/devices.ts";
import { type ErrorBody, startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * Devices prove who they are as far as their protocol lets them: a frame naming a device in another protocol than
 * its declared type is refused and counted, keys are long enough and may be required per company, an unknown id and
 * a wrong key get the same answer, and an address that keeps presenting refused credentials waits before any lookup.
 */
let g: TestPlatform;
let ports: { gt06: number; osmand: number; wialon: number };
let acme = 0;
let admin = "";

interface DeviceOf {
  id: number;
  device_id: string;
}

async function deviceOf(proto: string): Promise<DeviceOf> {
  const rows = await g.ctx.db.query<DeviceOf>(
    `select d.id, d.device_id from devices d join device_types t on t.id = d.type_id
     where t.proto = $1 and d.company_id = $2 and d.item_id is not null order by d.id limit 1`,
    [proto, acme],
  );
  return rows[0]!;
}

async function stored(deviceRowId: number): Promise<number> {
  const rows = await g.ctx.db.query<{ n: number }>(
    "select count(*)::int as n from positions where device_id = $1",
    [deviceRowId],
  );
  return rows[0]!.n;
}

async function refusals(deviceRowId: number) {
  const rows = await g.ctx.db.query<{ refused_frames: number; last_refused_reason: string | null }>(
    "select refused_frames, last_refused_reason from devices where id = $1",
    [deviceRowId],
  );
  return rows[0]!;
}

let minute = 0;
const fix = (id: string, key?: string) =>
  `${encodeOsmAndPath({
    id,
    timeMs: TEST_START + ++minute * 60_000,
    lat: 40.42,
    lng: -3.69,
    speedKmh: 4,
    bearing: 10,
    altitudeM: 650,
    accuracyM: 8,
    batteryPct: 80,
    charging: false,
  })}${key === undefined ? "" : `&key=${key}`}`;

/** An OsmAnd request from a chosen local address, so each test's failures count against its own address. */
function post(path: string, from = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: ports.osmand, path, method: "POST", localAddress: from },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  g = await startTestPlatform({
    VIGIA_GATEWAY: "1",
    GT06_PORT: "0",
    OSMAND_PORT: "0",
    WIALON_PORT: "0",
    OSMAND_RATE_BURST: "100",
    OSMAND_RATE_PER_SECOND: "100",
  });
  ports = {
    gt06: g.gateway!.ports.gt06!,
    osmand: g.gateway!.ports.osmand!,
    wialon: g.gateway!.ports.wialon!,
  };
  acme = (await g.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  admin = await g.api.token("admin@acme.demo");
});
afterAll(async () => {
  await g?.close();
});

describe("device identity", () => {
  it("a frame naming a device in another protocol than its type is refused like an unknown id, and counted", async () => {
    const teltonika = await deviceOf("teltonika");
    const before = await stored(teltonika.id);
    // Over the OsmAnd port: the answer an unknown id gets, nothing stored.
    expect(await post(fix(teltonika.device_id), "127.0.0.11")).toBe(401);
    expect(await post(fix("999999999999991"), "127.0.0.11")).toBe(401);
    // Over the GT06 port: no log-in ACK, the connection closed.
    const gt06 = await TestDevice.connect(ports.gt06, "127.0.0.11");
    gt06.send(encodeGt06Login(teltonika.device_id, 1));
    await gt06.closed;
    expect(await stored(teltonika.id)).toBe(before);
    expect(await refusals(teltonika.id)).toEqual({ refused_frames: 2, last_refused_reason: "protocol:gt06" });

    // A GT06 device logging in on its own port is answered as before.
    const own = await deviceOf("gt06");
    const device = await TestDevice.connect(ports.gt06, "127.0.0.12");
    device.send(encodeGt06Login(own.device_id, 1));
    expect((await device.read(10)).length).toBe(10);
    device.end();

    // The reseller sees the refusals and how each device proves who it is.
    const reseller = await g.api.token("reseller@vigia.demo");
    const resellerId = (
      await g.ctx.db.query<{ reseller_id: number }>("select reseller_id from companies where id = $1", [acme])
    )[0]!.reseller_id;
    const list = await g.api.get<Record<string, DeviceRow>>(`resellers/id/${resellerId}/trackers`, reseller);
    expect(list.status).toBe(200);
    const row = list.body[teltonika.id]!;
    expect(row.refusedFrames).toBe(2);
    expect(row.lastRefusedReason).toBe("protocol:gt06");
    expect(row.authentication).toBe("imei");
    const osmand = await deviceOf("osmand");
    expect(list.body[osmand.id]!.authentication).toBe("none");
  });

  it("keys are at least 16 characters; an unknown id and a wrong key get the same answer", async () => {
    const device = await deviceOf("osmand");
    const path = `companies/id/${acme}/trackers/id/${device.id}`;
    const current = await g.api.get<Record<string, unknown>>(path, admin);
    const short = await g.api.put<ErrorBody>(path, { ...current.body, key: "abc123" }, admin);
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ key: "device.keyTooShort" });

    const key = "a-device-key-of-24-chars";
    expect((await g.api.put(path, { ...current.body, key }, admin)).status).toBe(200);
    const from = "127.0.0.13";
    expect(await post(fix(device.device_id, "wrong-key-of-some-length"), from)).toBe(401);
    expect(await post(fix("999999999999992"), from)).toBe(401);
    expect(await post(fix(device.device_id, key), from)).toBe(200);
    expect((await refusals(device.id)).last_refused_reason).toBe("key");
    // Removed again for the tests after this one.
    expect((await g.api.put(path, { ...current.body, key: "" }, admin)).status).toBe(200);
  });

  it("an address that keeps presenting refused credentials waits before any key is checked", async () => {
    const device = await deviceOf("osmand");
    const from = "127.0.0.14";
    for (let i = 0; i < 10; i++) expect(await post(fix(`99999999999${1000 + i}`), from)).toBe(401);
    // Even a device that would be taken: the address waits first.
    expect(await post(fix(device.device_id), from)).toBe(429);
    // Another address is not slowed.
    expect(await post(fix(device.device_id), "127.0.0.15")).toBe(200);
    // The window passes on the platform's clock.
    g.clock.advance(10 * 60_000);
    expect(await post(fix(device.device_id), from)).toBe(200);
  });

  it("a company that requires device keys refuses its keyless phones; only its administrators set the rule", async () => {
    const device = await deviceOf("osmand");
    const policy = `companies/id/${acme}/devicekeys`;
    expect((await g.api.get<{ required: boolean }>(policy, admin)).body).toEqual({ required: false });
    const operator = await g.api.token("operator@acme.demo");
    expect((await g.api.put(policy, { required: true }, operator)).status).toBe(403);
    const bad = await g.api.put<ErrorBody>(policy, { required: "yes" }, admin);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {})).toContain("required");

    expect((await g.api.put(policy, { required: true }, admin)).body).toEqual({ required: true });
    const before = await stored(device.id);
    expect(await post(fix(device.device_id), "127.0.0.16")).toBe(401);
    expect(await stored(device.id)).toBe(before);
    expect((await refusals(device.id)).last_refused_reason).toBe("noKey");

    // With a key it is taken again; the rule off, keyless phones are taken as before.
    const path = `companies/id/${acme}/trackers/id/${device.id}`;
    const current = await g.api.get<Record<string, unknown>>(path, admin);
    const key = "another-device-key-000000";
    expect((await g.api.put(path, { ...current.body, key }, admin)).status).toBe(200);
    expect(await post(fix(device.device_id, key), "127.0.0.16")).toBe(200);
    expect((await g.api.put(path, { ...current.body, key: "" }, admin)).status).toBe(200);
    expect((await g.api.put(policy, { required: false }, admin)).status).toBe(200);
    expect(await post(fix(device.device_id), "127.0.0.16")).toBe(200);
  });

  it("a Wialon IPS log-in's password is checked against the device's key", async () => {
    const device = await deviceOf("wialon");
    const path = `companies/id/${acme}/trackers/id/${device.id}`;
    const current = await g.api.get<Record<string, unknown>>(path, admin);
    const key = "wialon-device-key-0000001";
    expect((await g.api.put(path, { ...current.body, key }, admin)).status).toBe(200);
    // A wrong password: no answer, the connection closed, as for an unknown id.
    const wrong = await TestDevice.connect(ports.wialon, "127.0.0.17");
    wrong.send(encodeWialonLogin(device.device_id, "not-the-key", "1.1"));
    await wrong.closed;
    expect((await refusals(device.id)).last_refused_reason).toBe("key");
    // The right one: "#AL#1".
    const right = await TestDevice.connect(ports.wialon, "127.0.0.17");
    right.send(encodeWialonLogin(device.device_id, key, "2.0"));
    expect((await right.read(7)).toString("latin1")).toBe("#AL#1\r\n");
    right.end();
    expect((await g.api.put(path, { ...current.body, key: "" }, admin)).status).toBe(200);
  });
});
