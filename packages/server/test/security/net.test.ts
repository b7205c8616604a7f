import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ACCESS_TOKEN_TTL_S, type LiveServerMessage, liveServerMessageSchema } from "@vigia/domain";
import { encodeOsmAndPath } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { EgressError, EgressGuard, parseEgressAllowance } from "../../src/kernel/egress.ts";
import { TestDevice, teltonikaHandshake } from "../support/devices.ts";
import { type ErrorBody, startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/** A real HTTP server on a loopback address that counts the requests that reach it. */
async function httpTarget(
  host: string,
  handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end("ok"),
): Promise<{ server: Server; url: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? "");
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, url: `http://${host}:${(server.address() as AddressInfo).port}`, hits };
}

const CAPABILITIES = `<?xml version="1.0"?><WMS_Capabilities version="1.3.0"><Capability><Layer>
  <Name>parcels</Name></Layer></Capability></WMS_Capabilities>`;

let p: TestPlatform;
let acme: number;
let admin: string;
const servers: Server[] = [];

beforeAll(async () => {
  p = await startTestPlatform();
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  admin = await p.api.token("admin@acme.demo");
});
afterAll(async () => {
  for (const server of servers) server.close();
  await p?.close();
});

describe("security: server-side request forgery", () => {
  it("the WMS check refuses a loopback service without reaching it, and answers like a closed port", async () => {
    const wms = await httpTarget("127.0.0.1", (_req, res) =>
      res.writeHead(200, { "content-type": "text/xml" }).end(CAPABILITIES),
    );
    servers.push(wms.server);
    const open = await p.api.post<ErrorBody>(
      `companies/id/${acme}/layers`,
      { url: `${wms.url}/wms`, name: "parcels", title: "Parcels" },
      admin,
    );
    expect(open.status).toBe(400);
    expect(open.body.description).toBe("wms.unreachable");
    expect(wms.hits).toEqual([]);

    // A closed port and the cloud metadata address answer exactly the same.
    const closed = await httpTarget("127.0.0.1");
    await new Promise<void>((resolve) => closed.server.close(() => resolve()));
    for (const url of [`${closed.url}/wms`, "http://169.254.169.254/latest/meta-data/", "http://[::1]:9/"]) {
      const answer = await p.api.post<ErrorBody>(
        `companies/id/${acme}/layers`,
        { url, name: "parcels", title: "P" },
        admin,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.description).toBe("wms.unreachable");
    }
  });

  it("a redirect from an allowed target to a refused one is not followed", async () => {
    const inner = await httpTarget("127.0.0.1");
    const outer = await httpTarget("127.0.0.2", (_req, res) =>
      res.writeHead(302, { location: `${inner.url}/secret` }).end(),
    );
    servers.push(inner.server, outer.server);
    const guard = new EgressGuard({
      allowance: parseEgressAllowance("127.0.0.2/32"),
      resolve: async () => ["127.0.0.2"],
    });
    const outerPort = new URL(outer.url).port;
    await expect(guard.fetch(`http://wms.example.test:${outerPort}/start`)).rejects.toBeInstanceOf(
      EgressError,
    );
    expect(outer.hits).toEqual(["/start"]);
    expect(inner.hits).toEqual([]);
  });

  it("connects to the address it checked, refuses a name with any refused address, bounds redirects and size", async () => {
    const target = await httpTarget("127.0.0.2", (req, res) => {
      if (req.url === "/loop") res.writeHead(302, { location: "/loop" }).end();
      else if (req.url === "/big") res.end(Buffer.alloc(2048, 97));
      else res.end("hello");
    });
    servers.push(target.server);
    const port = new URL(target.url).port;
    const answers = [["127.0.0.2"], ["127.0.0.1"]];
    let calls = 0;
    const guard = new EgressGuard({
      allowance: parseEgressAllowance("127.0.0.2/32"),
      // A rebinding resolver: the first answer is allowed, a later one would point inside.
      resolve: async () => answers[Math.min(calls++, answers.length - 1)]!,
      maxBytes: 1024,
    });
    const ok = await guard.fetch(`http://rebind.example.test:${port}/hello`);
    expect(ok.text()).toBe("hello");
    expect(calls).toBe(1);

    const mixed = new EgressGuard({
      allowance: parseEgressAllowance("127.0.0.2/32"),
      resolve: async () => ["127.0.0.2", "127.0.0.1"],
    });
    await expect(mixed.fetch(`http://mixed.example.test:${port}/hello`)).rejects.toBeInstanceOf(EgressError);

    const before = target.hits.length;
    await expect(guard.fetch(`${target.url}/loop`)).rejects.toBeInstanceOf(EgressError);
    expect(target.hits.length - before).toBe(4);
    await expect(guard.fetch(`${target.url}/big`)).rejects.toBeInstanceOf(EgressError);
    await expect(guard.fetch("file:///etc/passwd")).rejects.toBeInstanceOf(EgressError);
  });
});

describe("security: response headers", () => {
  it("every answer carries the content policy, no-sniff, no framing and the referrer policy", async () => {
    for (const path of ["/healthz", "/fr/v1/auth/token", "/some/client/route"]) {
      const response = await fetch(`${p.url}${path}`);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).toContain("img-src 'self' data: blob: https:");
      expect(csp).toContain("media-src 'self' blob: https:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });
});

describe("security: device gateway", () => {
  let g: TestPlatform;
  let ports: { teltonika: number; gt06: number; osmand: number };
  let gAcme: number;

  beforeAll(async () => {
    g = await startTestPlatform({
      VIGIA_GATEWAY: "1",
      TELTONIKA_PORT: "0",
      GT06_PORT: "0",
      OSMAND_PORT: "0",
      DEVICE_HANDSHAKE_TIMEOUT: "0.2",
      DEVICE_MAX_PER_ADDRESS: "3",
      OSMAND_RATE_BURST: "3",
      OSMAND_RATE_PER_SECOND: "1",
    });
    ports = g.gateway!.ports;
    gAcme = (
      await g.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'")
    )[0]!.id;
  });
  afterAll(async () => {
    await g?.close();
  });

  async function osmandDevices(): Promise<{ id: number; device_id: string }[]> {
    return g.ctx.db.query<{ id: number; device_id: string }>(
      `select d.id, d.device_id from devices d join device_types t on t.id = d.type_id
       where t.proto = 'osmand' and d.company_id = $1 and d.item_id is not null order by d.id`,
      [gAcme],
    );
  }
  async function stored(deviceRowId: number): Promise<number> {
    return (
      await g.ctx.db.query<{ n: number }>("select count(*)::int as n from positions where device_id = $1", [
        deviceRowId,
      ])
    )[0]!.n;
  }
  const fix = (id: number | string, minute: number) =>
    encodeOsmAndPath({
      id: String(id),
      timeMs: TEST_START + minute * 60_000,
      lat: 40.42,
      lng: -3.69,
      speedKmh: 4,
      bearing: 10,
      altitudeM: 650,
      accuracyM: 8,
      batteryPct: 80,
      charging: false,
    });
  const post = (path: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${ports.osmand}${path}`, { headers }).then((r) => r.status);

  it("a device key, when set, is required of OsmAnd positions and shown only to those who may edit", async () => {
    const [device] = await osmandDevices();
    const admin = await g.api.token("admin@acme.demo");
    const path = `companies/id/${gAcme}/trackers/id/${device!.id}`;
    const before = await g.api.get<Record<string, unknown>>(path, admin);
    expect(before.body.key).toBeNull();
    expect(await post(fix(device!.device_id, 1))).toBe(200);
    expect(await stored(device!.id)).toBe(1);

    const key = "k3y-Of_the-device-0123456789";
    const saved = await g.api.put<Record<string, unknown>>(path, { ...before.body, key }, admin);
    expect(saved.status).toBe(200);
    expect(saved.body.key).toBe(key);

    // Spoofed positions, without the key or with a wrong one: 401 and nothing stored. Each takes from the device's
    // bucket (checked before the key), which refills on the clock.
    g.clock.advance(3_000);
    expect(await post(fix(device!.device_id, 2))).toBe(401);
    expect(await post(`${fix(device!.device_id, 3)}&key=wrong`)).toBe(401);
    const wrongBasic = `Basic ${Buffer.from(`${device!.device_id}:wrong`).toString("base64")}`;
    expect(await post(fix(device!.device_id, 4), { authorization: wrongBasic })).toBe(401);
    expect(await stored(device!.id)).toBe(1);
    g.clock.advance(3_000);

    expect(await post(`${fix(device!.device_id, 5)}&key=${key}`)).toBe(200);
    const basic = `Basic ${Buffer.from(`${device!.device_id}:${key}`).toString("base64")}`;
    expect(await post(fix(device!.device_id, 6), { authorization: basic })).toBe(200);
    expect(await stored(device!.id)).toBe(3);
    // The key is a credential, never a stored attribute of the position.
    const attributes = await g.ctx.db.query<{ attributes: Record<string, unknown> }>(
      "select attributes from positions where device_id = $1",
      [device!.id],
    );
    for (const row of attributes) expect(row.attributes).not.toHaveProperty("key");

    const viewer = await g.api.token("viewer@acme.demo");
    const list = await g.api.get<Record<string, Record<string, unknown>>>(
      `companies/id/${gAcme}/trackers`,
      viewer,
    );
    expect(Object.values(list.body).length).toBeGreaterThan(0);
    for (const row of Object.values(list.body)) expect(row).not.toHaveProperty("key");
    const adminList = await g.api.get<Record<string, Record<string, unknown>>>(
      `companies/id/${gAcme}/trackers`,
      admin,
    );
    expect(adminList.body[device!.id]?.key).toBe(key);

    // Leaving the key out keeps it; "" removes it.
    const { key: _kept, ...withoutKey } = saved.body;
    expect((await g.api.put<Record<string, unknown>>(path, withoutKey, admin)).body.key).toBe(key);
    expect(
      (await g.api.put<Record<string, unknown>>(path, { ...withoutKey, key: "" }, admin)).body.key,
    ).toBeNull();
    g.clock.advance(60_000);
    expect(await post(fix(device!.device_id, 7))).toBe(200);
  });

  it("OsmAnd positions are rate-limited per device id on the clock: 429 once the bucket is empty", async () => {
    const [, device] = await osmandDevices();
    const id = device!.device_id;
    g.clock.advance(60_000);
    for (let minute = 10; minute < 13; minute++) expect(await post(fix(id, minute))).toBe(200);
    expect(await post(fix(id, 13))).toBe(429);
    // Another device has its own bucket.
    expect(await post(fix("unknown-device-1", 1))).toBe(401);
    g.clock.advance(1000);
    expect(await post(fix(id, 14))).toBe(200);
    expect(await post(fix(id, 15))).toBe(429);
  });

  it("a TCP connection that never identifies itself is closed after the handshake timeout", async () => {
    const silent = await TestDevice.connect(ports.teltonika);
    const gt06 = await TestDevice.connect(ports.gt06);
    await Promise.all([silent.closed, gt06.closed]);
    // One that identified itself in time stays past the timeout, until it leaves.
    const imei = (
      await g.ctx.db.query<{ device_id: string }>(
        `select d.device_id from devices d join device_types t on t.id = d.type_id
         where t.proto = 'teltonika' and d.company_id = $1 limit 1`,
        [gAcme],
      )
    )[0]!.device_id;
    const known = await TestDevice.connect(ports.teltonika);
    known.send(teltonikaHandshake(imei));
    expect((await known.read(1))[0]).toBe(1);
    const late = await TestDevice.connect(ports.teltonika);
    await late.closed;
    expect(known.socket.destroyed).toBe(false);
    known.end();
  });

  it("one address holds at most the configured number of device connections; more are refused", async () => {
    const imei = (
      await g.ctx.db.query<{ device_id: string }>(
        `select d.device_id from devices d join device_types t on t.id = d.type_id
         where t.proto = 'teltonika' and d.company_id = $1 limit 1`,
        [gAcme],
      )
    )[0]!.device_id;
    // From an address of its own, so connections of the other tests cannot count against it.
    const held = await Promise.all([1, 2, 3].map(() => TestDevice.connect(ports.teltonika, "127.0.0.3")));
    for (const device of held) {
      device.send(teltonikaHandshake(imei));
      expect((await device.read(1))[0]).toBe(1);
    }
    const extra = await TestDevice.connect(ports.gt06, "127.0.0.3");
    await extra.closed;
    expect(held.every((d) => !d.socket.destroyed)).toBe(true);
    for (const device of held) device.end();
  });
});

/** A live channel of one user: initialized and bound to a company, with its messages and its close. */
async function openChannel(token: string, companyId: number) {
  const ws = new WebSocket(`${p.url.replace("http", "ws")}/fr/ws/`);
  const received: LiveServerMessage[] = [];
  const waiting: { type: string; resolve: (m: LiveServerMessage) => void }[] = [];
  ws.on("message", (raw) => {
    for (const item of [JSON.parse(String(raw))].flat()) {
      const message = liveServerMessageSchema.parse(item);
      const index = waiting.findIndex((w) => w.type === message.type);
      if (index >= 0) waiting.splice(index, 1)[0]!.resolve(message);
      else received.push(message);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const next = (type: string): Promise<LiveServerMessage> => {
    const index = received.findIndex((m) => m.type === type);
    if (index >= 0) return Promise.resolve(received.splice(index, 1)[0]!);
    return new Promise((resolve) => waiting.push({ type, resolve }));
  };
  const send = (message: unknown) => ws.send(JSON.stringify(message));
  await new Promise<void>((resolve) => ws.on("open", () => resolve()));
  send({ type: "initialize", data: { accessToken: token } });
  await next("initialize");
  send({ type: "bindCompany", data: { id: companyId } });
  await next("bindCompany");
  return { ws, closed, next, send };
}

describe("security: live channel sessions end", () => {
  it("deleting a user closes its open channel", async () => {
    const operatorId = (
      await p.ctx.db.query<{ id: number }>("select id from users where email = 'operator@acme.demo'")
    )[0]!.id;
    const channel = await openChannel(await p.api.token("operator@acme.demo"), acme);
    const deleted = await p.api.request("DELETE", `companies/id/${acme}/users/id/${operatorId}`, {
      token: admin,
    });
    expect(deleted.status).toBe(200);
    expect(await channel.closed).toEqual({ code: 4401, reason: "session.ended" });
    expect(channel.ws.readyState).toBe(WebSocket.CLOSED);
  });

  it("narrowing a user's groups sends a fresh snapshot of what it may still see", async () => {
    const token = await p.api.token("subadmin@acme.demo");
    const channel = await openChannel(token, acme);
    const users = await p.api.get<Record<string, Record<string, unknown>>>(
      `companies/id/${acme}/users`,
      admin,
    );
    const subadmin = Object.values(users.body).find((u) => u.email === "subadmin@acme.demo")!;
    const groups = await p.ctx.db.query<{ id: number }>(
      "select id from groups where company_id = $1 and name = 'Toledo'",
      [acme],
    );
    const changed = await p.api.put(
      `companies/id/${acme}/users/id/${subadmin.id}`,
      { ...subadmin, groups: [groups[0]!.id] },
      admin,
    );
    expect(changed.status).toBe(200);
    const snapshot = await channel.next("bindCompany");
    const visibleGroups = new Set(
      Object.values(snapshot.type === "bindCompany" ? snapshot.data.vehicles : {}).map((v) => v.groupId),
    );
    expect([...visibleGroups].every((g) => g === groups[0]!.id)).toBe(true);
    channel.ws.close();
  });

  it("deleting a company closes the channels bound to it", async () => {
    const reseller = await p.api.token("reseller@vigia.demo");
    const iberia = (
      await p.ctx.db.query<{ id: number }>("select id from resellers where name = 'Iberia Tracking'")
    )[0]!.id;
    const created = await p.api.post<{ id: number }>(
      `resellers/id/${iberia}/companies`,
      { name: "Doomed SL", resellerId: iberia, state: 1 },
      reseller,
    );
    expect(created.status).toBe(200);
    const channel = await openChannel(reseller, created.body.id);
    const deleted = await p.api.request("DELETE", `resellers/id/${iberia}/companies/id/${created.body.id}`, {
      token: reseller,
    });
    expect(deleted.status).toBe(200);
    expect((await channel.closed).code).toBeGreaterThanOrEqual(4400);
    expect(channel.ws.readyState).toBe(WebSocket.CLOSED);
  });

  it("deleting a group sends the channels of the users who had it a fresh snapshot", async () => {
    const group = await p.api.post<{ id: number }>(
      `companies/id/${acme}/groups`,
      { name: "Short-lived" },
      admin,
    );
    expect(group.status).toBe(200);
    const users = await p.api.get<Record<string, Record<string, unknown>>>(
      `companies/id/${acme}/users`,
      admin,
    );
    const subadmin = Object.values(users.body).find((u) => u.email === "subadmin@acme.demo")!;
    const toledo = await p.ctx.db.query<{ id: number }>(
      "select id from groups where company_id = $1 and name = 'Toledo'",
      [acme],
    );
    const widened = await p.api.put(
      `companies/id/${acme}/users/id/${subadmin.id}`,
      { ...subadmin, groups: [toledo[0]!.id, group.body.id] },
      admin,
    );
    expect(widened.status).toBe(200);
    const channel = await openChannel(await p.api.token("subadmin@acme.demo"), acme);
    const deleted = await p.api.request("DELETE", `companies/id/${acme}/groups/id/${group.body.id}`, {
      token: admin,
    });
    expect(deleted.status).toBe(200);
    const snapshot = await channel.next("bindCompany");
    expect(snapshot.type).toBe("bindCompany");
    channel.ws.close();
  });

  it("signing out ends the session's channels", async () => {
    const login = await p.api.login("viewer@acme.demo");
    const channel = await openChannel(login.body.accessToken, acme);
    // A token id with a wrong secret ends nothing.
    const [id] = login.body.refreshToken.split(".");
    expect((await p.api.post("auth/logout", { refreshToken: `${id}.wrong` })).status).toBe(204);
    expect(channel.ws.readyState).toBe(WebSocket.OPEN);
    expect((await p.api.post("auth/logout", { refreshToken: login.body.refreshToken })).status).toBe(204);
    expect(await channel.closed).toEqual({ code: 4401, reason: "session.ended" });
  });

  it("an expired access token closes the channel unless a fresh one came with accessToken", async () => {
    const lapsing = await openChannel(await p.api.token("admin@acme.demo"), acme);
    const refreshed = await openChannel(await p.api.token("viewer@acme.demo"), acme);
    p.clock.advance((ACCESS_TOKEN_TTL_S - 60) * 1000);
    refreshed.send({ type: "accessToken", data: { accessToken: await p.api.token("viewer@acme.demo") } });
    // The fresh token is taken in turn with the messages after it: this answer means it was applied.
    refreshed.send({ type: "sensorTableOn", data: { ids: [] } });
    await refreshed.next("sensorTableOn");
    p.clock.advance(120_000);
    // Both are checked in the same pass: once the lapsed one is closed, the refreshed one was looked at too.
    expect(await lapsing.closed).toEqual({ code: 4401, reason: "token.expired" });
    expect(refreshed.ws.readyState).toBe(WebSocket.OPEN);
    refreshed.send({ type: "sensorTableOn", data: { ids: [] } });
    expect((await refreshed.next("sensorTableOn")).type).toBe("sensorTableOn");
    refreshed.ws.close();
  });
});
