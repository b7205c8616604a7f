import { createHmac } from "node:crypto";
import http from "node:http";
import net from "node:net";
import type { DecodedPosition } from "@vigia/protocols";
import { Aedes } from "aedes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Data forwarding against real receivers: an HTTP webhook, an OsmAnd/Traccar HTTP endpoint and an
 * MQTT broker (aedes). Each target goes down and comes back: nothing is lost, nothing acknowledged is sent again.
 */
interface Received {
  webhook: { deliveryId: string; signed: boolean; ts: number[] }[];
  osmand: number[];
  mqtt: { topic: string; ts: number }[];
}
const got: Received = { webhook: [], osmand: [], mqtt: [] };
let down = true;
let webhookStatus = 200;
const SECRET = "s3cret-key";

let p: TestPlatform;
let receiver: http.Server;
let broker: Aedes;
let brokerServer: net.Server | null = null;
let brokerPort = 0;
let acme = 0;
let admin = "";
let imei = "";

function receive(request: http.IncomingMessage, response: http.ServerResponse) {
  const chunks: Buffer[] = [];
  request.on("data", (c: Buffer) => chunks.push(c));
  request.on("end", () => {
    if (down) return void response.writeHead(503).end();
    const url = new URL(request.url ?? "/", "http://x");
    if (url.pathname === "/osmand") {
      got.osmand.push(Number(url.searchParams.get("timestamp")) * 1000);
      return void response.writeHead(200).end();
    }
    if (webhookStatus !== 200) return void response.writeHead(webhookStatus).end();
    const body = Buffer.concat(chunks).toString();
    const expected = `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;
    const parsed = JSON.parse(body) as { deliveryId: string; records: { ts: number }[] };
    got.webhook.push({
      deliveryId: parsed.deliveryId,
      signed: request.headers["x-vigia-signature"] === expected,
      ts: parsed.records.map((r) => r.ts),
    });
    response.writeHead(204).end();
  });
}

async function brokerUp(): Promise<void> {
  brokerServer = net.createServer(broker.handle);
  await new Promise<void>((resolve) => brokerServer!.listen(brokerPort, "127.0.0.1", resolve));
  brokerPort = (brokerServer.address() as net.AddressInfo).port;
}
async function brokerDown(): Promise<void> {
  const s = brokerServer;
  brokerServer = null;
  if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
}

beforeAll(async () => {
  receiver = http.createServer(receive);
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  broker = await Aedes.createBroker();
  broker.on("publish", (packet, client) => {
    if (client)
      got.mqtt.push({
        topic: packet.topic,
        ts: (JSON.parse(packet.payload.toString()) as { ts: number }).ts,
      });
  });
  await brokerUp();
  await brokerDown();
  p = await startTestPlatform({ VIGIA_EGRESS_ALLOW_PRIVATE: "127.0.0.1/32" });
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  admin = await p.api.token("admin@acme.demo");
  const row = await p.ctx.db.query<{ device_id: string }>(
    `select d.device_id from vehicles v join devices d on d.item_id = v.id and d.item_type = 1
     where v.company_id = $1 order by v.id limit 1`,
    [acme],
  );
  imei = row[0]!.device_id;
});
afterAll(async () => {
  await p?.close();
  await brokerDown();
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const base = () => `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}`;
let nextTs = 0;

/** Sends `n` fixes through the processor, as a device would; answers their times. */
async function drive(n: number): Promise<number[]> {
  const start = Math.max(nextTs, p.clock.now() - 600_000);
  nextTs = start + n * 1_000;
  const positions: DecodedPosition[] = Array.from({ length: n }, (_, i) => ({
    ts: start + (i + 1) * 1_000,
    lat: 40.4 + i * 0.001,
    lng: -3.7,
    alt: 600,
    spd: 40,
    course: 90,
    satt: 9,
    valid: true,
    src: 1 as const,
    attributes: { ignition: true },
  }));
  await p.services.processor.submit({ protocol: "teltonika", imei, remote: "test", positions });
  await p.services.processor.idle();
  return positions.map((x) => x.ts);
}

type Status = {
  id: number;
  name: string;
  backlog: number;
  dead: number;
  lastError: string | null;
  lastSuccessTs: number | null;
};
async function statuses(): Promise<Record<string, Status>> {
  // The clock jumps over back-offs, past the access token's life: sign in again each time.
  admin = await p.api.token("admin@acme.demo");
  const r = await p.api.get<Status[]>(`companies/id/${acme}/forwarding`, admin);
  expect(r.status).toBe(200);
  return Object.fromEntries(r.body.map((s) => [s.name, s]));
}

/** Lets every back-off run out, then one delivery round. */
async function retryNow(): Promise<void> {
  p.clock.advance(16 * 60_000);
  await p.services.forwarder.drain();
}

describe("data forwarding", () => {
  it("keeps everything while the targets are down and delivers each record once when they are back", async () => {
    const create = (body: object) => p.api.post<Status>(`companies/id/${acme}/forwarding`, body, admin);
    expect(
      (await create({ name: "hook", kind: "webhook", url: `${base()}/hook`, secret: SECRET, batchSize: 2 }))
        .status,
    ).toBe(200);
    expect((await create({ name: "traccar", kind: "osmand", url: `${base()}/osmand` })).status).toBe(200);
    expect(
      (
        await create({
          name: "broker",
          kind: "mqtt",
          url: `mqtt://127.0.0.1:${brokerPort}`,
          topic: "fleet/acme",
        })
      ).status,
    ).toBe(200);

    const first = await drive(3);
    await p.services.forwarder.drain();
    expect(got).toEqual({ webhook: [], osmand: [], mqtt: [] });
    const waiting = await statuses();
    for (const name of ["hook", "traccar", "broker"]) {
      expect(waiting[name]!.backlog).toBe(3);
      expect(waiting[name]!.lastError).toBeTruthy();
      expect(waiting[name]!.lastSuccessTs).toBeNull();
    }

    down = false;
    await brokerUp();
    await retryNow();
    expect(got.webhook.flatMap((w) => w.ts)).toEqual(first);
    // Batches of two, each signed with the target's secret.
    expect(got.webhook.map((w) => w.ts.length)).toEqual([2, 1]);
    expect(got.webhook.every((w) => w.signed)).toBe(true);
    expect(got.osmand).toEqual(first);
    expect(got.mqtt.map((m) => m.ts)).toEqual(first);
    expect(got.mqtt[0]!.topic).toBe(`fleet/acme/${imei}`);
    const delivered = await statuses();
    for (const name of ["hook", "traccar", "broker"]) {
      expect(delivered[name]!.backlog).toBe(0);
      expect(delivered[name]!.lastSuccessTs).toBe(p.clock.now());
      // Recovered: the old error is gone.
      expect(delivered[name]!.lastError).toBeNull();
    }

    // New positions flow at once, and nothing already acknowledged comes again.
    const second = await drive(2);
    await p.services.forwarder.drain();
    expect(got.osmand).toEqual([...first, ...second]);
    expect(got.mqtt.map((m) => m.ts)).toEqual([...first, ...second]);
    expect(got.webhook.flatMap((w) => w.ts)).toEqual([...first, ...second]);
  });

  it("a failure in the middle of a batch resends only what was not acknowledged", async () => {
    const before = got.osmand.length;
    await brokerDown();
    // The second request of the batch fails: the first is acknowledged and must never come again. The failing
    // receiver is in place before the fixes exist, since the forwarder may start sending as soon as they commit.
    let seen = 0;
    receiver.removeAllListeners("request");
    receiver.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (req.url?.startsWith("/osmand") && ++seen === 2) {
        req.resume();
        return void res.writeHead(503).end();
      }
      receive(req, res);
    });
    const fixes = await drive(3);
    await p.services.forwarder.drain();
    expect(got.osmand.slice(before)).toEqual(fixes.slice(0, 1));
    expect((await statuses()).broker!.backlog).toBe(3);
    await brokerUp();
    await retryNow();
    expect(got.osmand.slice(before)).toEqual(fixes);
    expect(got.mqtt.map((m) => m.ts).slice(-3)).toEqual(fixes);
    expect(new Set(got.mqtt.map((m) => m.ts)).size).toBe(got.mqtt.length);
    receiver.removeAllListeners("request");
    receiver.on("request", receive);
  });

  it("a batch the receiver refuses for good goes to the dead letters, and comes back on retry", async () => {
    webhookStatus = 400;
    const fixes = await drive(1);
    await p.services.forwarder.drain();
    const hook = (await statuses()).hook!;
    expect(hook.dead).toBe(1);
    expect(hook.backlog).toBe(0);
    webhookStatus = 200;
    admin = await p.api.token("admin@acme.demo");
    const retried = await p.api.post<Status>(
      `companies/id/${acme}/forwarding/id/${hook.id}/retry`,
      undefined,
      admin,
    );
    expect(retried.status).toBe(200);
    await p.services.forwarder.drain();
    expect(got.webhook.at(-1)!.ts).toEqual(fixes);
    expect((await statuses()).hook!.dead).toBe(0);
  });

  it("reports the forwarding backlog on /metrics", async () => {
    const text = await (await fetch(`${p.url}/metrics`)).text();
    expect(text).toMatch(/vigia_forwarding_backlog \d+/);
    expect(text).toContain("vigia_notification_backlog");
  });

  it("only administrators see and change targets; other companies see nothing", async () => {
    admin = await p.api.token("admin@acme.demo");
    const operator = await p.api.token("operator@acme.demo");
    expect((await p.api.get(`companies/id/${acme}/forwarding`, operator)).status).toBe(403);
    const r = await p.api.post(
      `companies/id/${acme}/forwarding`,
      { name: "x", kind: "webhook", url: "http://a" },
      operator,
    );
    expect(r.status).toBe(403);
    const other = await p.api.token("admin@globex.demo");
    expect((await p.api.get(`companies/id/${acme}/forwarding`, other)).status).toBe(404);
    const bad = await p.api.post<{ fields: Record<string, string> }>(
      `companies/id/${acme}/forwarding`,
      { name: "x", kind: "mqtt", url: "http://not-mqtt" },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields.url).toBe("forward.url");
    // Secrets are never answered.
    expect(JSON.stringify((await p.api.get(`companies/id/${acme}/forwarding`, admin)).body)).not.toContain(
      SECRET,
    );
  });
});
