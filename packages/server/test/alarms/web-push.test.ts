import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify as verifySignature,
} from "node:crypto";
import { createServer, type Server } from "node:http";
import { type AlarmRuleInput, emptyAlarmRule } from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** What the stand-in push service received: the headers it checks and the raw encrypted body. */
interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A local push service: answers 201 on `/sub/*` and 410 Gone on `/gone/*` (the browser unsubscribed), as
 * FCM and Mozilla's autopush do.
 */
async function pushService(): Promise<{ server: Server; origin: string; received: PushRequest[] }> {
  const received: PushRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith("/gone/") ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { server, origin: `http://127.0.0.1:${port}`, received };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291). */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
  };
}

/** Decrypts an aes128gcm Web Push body (RFC 8188 framing, RFC 8291 key derivation), single record. */
function decrypt(body: Buffer, browser: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), browser.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, browser.auth, info, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString("utf8");
}

/** Checks a `vapid t=<jwt>, k=<key>` header: ES256 signature by `k`, audience the push service's origin. */
function checkVapid(header: string, origin: string, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header);
  expect(match).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [head, claims, signature] = jwt!.split(".");
  const raw = Buffer.from(k!, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verifySignature(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature!, "base64url"),
  );
  expect(signed).toBe(true);
  expect(JSON.parse(Buffer.from(head!, "base64url").toString())).toMatchObject({ alg: "ES256" });
  const payload = JSON.parse(Buffer.from(claims!, "base64url").toString()) as Record<string, unknown>;
  expect(payload.aud).toBe(origin);
  expect(String(payload.sub)).toMatch(/^(mailto:|https:)/);
  return payload;
}

let p: TestPlatform;
let service: Awaited<ReturnType<typeof pushService>>;
let acme: number;
let admin: string;
let adminId: number;
let vehicle: { id: number; imei: string };
const path = (rest: string) => `companies/id/${acme}/${rest}`;

beforeAll(async () => {
  service = await pushService();
  // The push service listens on loopback: allowed by the operator setting, as an on-premises one would be.
  p = await startTestPlatform({ VIGIA_EGRESS_ALLOW_PRIVATE: "127.0.0.1/32" });
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  admin = await p.api.token("admin@acme.demo");
  adminId = (await p.ctx.db.query<{ id: number }>("select id from users where email = 'admin@acme.demo'"))[0]!
    .id;
  const row = await p.ctx.db.query<{ id: number; device_id: string }>(
    `select v.id, d.device_id from vehicles v join devices d on d.item_id = v.id and d.item_type = 1
     join groups g on g.id = v.group_id where v.company_id = $1 and g.name = 'Toledo' order by v.id limit 1`,
    [acme],
  );
  vehicle = { id: row[0]!.id, imei: row[0]!.device_id };
});
afterAll(async () => {
  await p?.close();
  service.server.close();
});

async function drive(fix: Partial<DecodedPosition>): Promise<void> {
  const position = {
    ts: p.clock.now(),
    lat: 39.86,
    lng: -4.0273,
    alt: 500,
    spd: 30,
    course: 0,
    satt: 9,
    valid: true,
    src: 1 as const,
    attributes: { ignition: true },
    ...fix,
  };
  await p.services.processor.submit({
    protocol: "teltonika",
    imei: vehicle.imei,
    remote: "test",
    positions: [position],
  });
  await p.services.processor.idle();
  await p.services.alarms.idle();
}

/** A geozone rule whose notices go to the admin by push only; returns a function that enters the zone. */
async function pushRule(lat: number): Promise<() => Promise<void>> {
  const zone = await p.ctx.db.query<{ id: number }>(
    `insert into geozones (company_id, name, color, type, lat, lng, radius, created_ts, updated_ts)
     values ($1, 'Push depot', '#ff0000', 'circle', $2, -4.0273, 300, $3, $3) returning id`,
    [acme, lat, p.clock.now()],
  );
  p.services.zones.invalidate(acme);
  const rule: AlarmRuleInput = emptyAlarmRule();
  rule.items.vehicleIds = [vehicle.id];
  rule.info.name = "Push depot";
  rule.info.priority = 3;
  rule.info.family = 5;
  rule.info.geozones = { geozoneIds: [zone[0]!.id], toIn: true, toOut: false };
  rule.notification = { ...rule.notification, pushApp: true, userIds: [adminId] };
  expect((await p.api.post(path("alarms"), rule, admin)).status).toBe(200);
  return async () => {
    await drive({ lat: lat + 0.01 });
    p.clock.advance(30_000);
    for (let i = 0; i < 3; i++) {
      await drive({ lat });
      p.clock.advance(30_000);
    }
  };
}

const subscriptions = async () =>
  (await p.ctx.db.query<{ endpoint: string }>("select endpoint from push_subscriptions order by id")).map(
    (r) => r.endpoint,
  );

describe("Web Push subscriptions and delivery", () => {
  const browser = browserKeys();

  it("hands out the VAPID public key and keeps a subscription per user; another tenant cannot use it", async () => {
    const key = await p.api.get<{ publicKey: string }>(path("alarms/push/key"), admin);
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.publicKey, "base64url")).toHaveLength(65);
    const globex = await p.api.token("admin@globex.demo");
    const subscription = { endpoint: `${service.origin}/sub/admin`, keys: browser.keys };
    expect((await p.api.post(path("alarms/push/subscribe"), subscription, globex)).status).toBe(404);
    expect((await p.api.post(path("alarms/push/subscribe"), subscription, admin)).status).toBe(200);
    // A second browser of the same user, which the push service will answer 410 Gone for.
    const gone = { endpoint: `${service.origin}/gone/admin`, keys: browserKeys().keys };
    expect((await p.api.post(path("alarms/push/subscribe"), gone, admin)).status).toBe(200);
    expect(await subscriptions()).toEqual([`${service.origin}/sub/admin`, `${service.origin}/gone/admin`]);
  });

  it("delivers an alarm notice encrypted and VAPID-signed; drops the subscription answered 410 Gone", async () => {
    const publicKey = (await p.api.get<{ publicKey: string }>(path("alarms/push/key"), admin)).body.publicKey;
    const enter = await pushRule(39.8628);
    await enter();
    const sent = service.received.filter((r) => r.path === "/sub/admin");
    expect(sent).toHaveLength(1);
    const request = sent[0]!;
    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    checkVapid(String(request.headers.authorization), service.origin, publicKey);
    const message = JSON.parse(decrypt(request.body, browser)) as Record<string, unknown>;
    expect(message).toMatchObject({ title: "Push depot", companyId: acme });
    expect(typeof message.alarmLogId).toBe("number");
    expect(service.received.filter((r) => r.path === "/gone/admin")).toHaveLength(1);
    expect(await subscriptions()).toEqual([`${service.origin}/sub/admin`]);
  });

  it("another user cannot unsubscribe the admin's browser; the admin can", async () => {
    const operator = await p.api.token("operator@acme.demo");
    const endpoint = `${service.origin}/sub/admin`;
    expect((await p.api.post(path("alarms/push/unsubscribe"), { endpoint }, operator)).status).toBe(200);
    expect(await subscriptions()).toEqual([endpoint]);
    expect((await p.api.post(path("alarms/push/unsubscribe"), { endpoint }, admin)).status).toBe(200);
    expect(await subscriptions()).toEqual([]);
  });

  it("signing out with the browser's endpoint drops its subscription", async () => {
    const login = (await p.api.login("admin@acme.demo")).body;
    const endpoint = `${service.origin}/sub/signed-out`;
    await p.api.post(path("alarms/push/subscribe"), { endpoint, keys: browser.keys }, login.accessToken);
    expect(await subscriptions()).toEqual([endpoint]);
    const out = await p.api.post("auth/logout", { refreshToken: login.refreshToken, pushEndpoint: endpoint });
    expect(out.status).toBeLessThan(300);
    expect(await subscriptions()).toEqual([]);
  });
});
