import { SHARED_CLOSE_CODES, type SharedLiveMessage, sharedLiveMessageSchema } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../support/devices.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * The shared page's own live channel: positions of the link's items only, nothing else of the
 * company, and the socket ends when the link is revoked or expires.
 */
let p: TestPlatform;
let acme: number;
let admin: string;
let vehicles: { id: number; imei: string }[];

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1", TELTONIKA_PORT: "0" });
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  vehicles = await p.ctx.db.query<{ id: number; imei: string }>(
    `select v.id, d.device_id as imei from vehicles v join devices d on d.item_type = 1 and d.item_id = v.id
     join device_types t on t.id = d.type_id where v.company_id = $1 and t.proto = 'teltonika' order by v.id`,
    [acme],
  );
  admin = await p.api.token("admin@acme.demo");
}, 60_000);
afterAll(async () => p?.close());

const links = () => `companies/id/${acme}/sharedroutes`;

async function shareLink(itemId: number, validity = "1h"): Promise<{ id: number; token: string }> {
  const created = await p.api.post<{ id: number; token: string }>(
    links(),
    { items: [{ itemType: 1, itemId }], validity },
    admin,
  );
  expect(created.status).toBe(200);
  return created.body;
}

/** A socket on the shared channel handing out its messages in order; every one must match the schema. */
function openShared(token: string) {
  const ws = new WebSocket(`${p.url.replace("http", "ws")}/fr/ws/shareroute/${token}`);
  const received: SharedLiveMessage[] = [];
  const raw: unknown[] = [];
  const waiting: ((m: SharedLiveMessage) => void)[] = [];
  ws.on("message", (data) => {
    const item: unknown = JSON.parse(String(data));
    raw.push(item);
    const message = sharedLiveMessageSchema.parse(item);
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else received.push(message);
  });
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  const next = (): Promise<SharedLiveMessage> => {
    const queued = received.shift();
    return queued ? Promise.resolve(queued) : new Promise((resolve) => waiting.push(resolve));
  };
  return { ws, next, closed, raw };
}

async function drive(imei: string, fix: { lat: number; lng: number }) {
  const device = await TestDevice.connect(p.gateway!.ports.teltonika);
  device.send(teltonikaHandshake(imei));
  await device.read(1);
  device.send(teltonikaPacket([{ ...fix, ts: p.clock.now() - 1000, spd: 30, ignition: true }]));
  await device.read(4);
  device.end();
}

describe("shared route live channel", () => {
  it("carries only the link's item positions, then closes when the link is revoked", async () => {
    const [shared, other] = [vehicles[0]!, vehicles[1]!];
    const link = await shareLink(shared.id);
    const channel = openShared(link.token);
    expect((await channel.next()).type).toBe("open");

    // Another vehicle of the company moves first: nothing of it reaches the channel.
    await drive(other.imei, { lat: 41.38, lng: 2.17 });
    await drive(shared.imei, { lat: 40.42, lng: -3.71 });
    const moved = await channel.next();
    expect(moved.type).toBe("pos");
    if (moved.type !== "pos") return;
    expect(moved.data.itemId).toBe(shared.id);
    expect(moved.data.pos.lat).toBeCloseTo(40.42, 4);
    // Only a position: no name, state, sensors or anything else of the item travels.
    expect(Object.keys(moved.data).sort()).toEqual(["itemId", "itemType", "pos"]);
    expect(Object.keys(moved.data.pos).sort()).toEqual(["course", "lat", "lng", "spd", "ts"]);
    expect(JSON.stringify(channel.raw)).not.toContain(`"itemId":${other.id}`);

    // The channel accepts no requests: asking it for the company changes nothing and answers nothing.
    channel.ws.send(JSON.stringify({ type: "bindCompany", data: { id: acme } }));
    const revoked = await p.api.request("DELETE", `${links()}/id/${link.id}`, { token: admin });
    expect(revoked.status).toBe(200);
    expect(await channel.next()).toEqual({ type: "closed", data: { reason: "revoked" } });
    expect(await channel.closed).toBe(SHARED_CLOSE_CODES.revoked);
    expect(p.services.sharedChannel.socketCount).toBe(0);

    // A revoked token opens no channel again.
    const again = openShared(link.token);
    expect(await again.next()).toEqual({ type: "closed", data: { reason: "revoked" } });
    expect(await again.closed).toBe(SHARED_CLOSE_CODES.revoked);
  });

  it("closes when the validity ends under the clock", async () => {
    const link = await shareLink(vehicles[0]!.id);
    const channel = openShared(link.token);
    expect((await channel.next()).type).toBe("open");
    p.clock.advance(3_600_000 - 1);
    await p.services.sharedChannel.recheck();
    expect(p.services.sharedChannel.socketCount).toBe(1);
    p.clock.advance(1);
    await p.services.sharedChannel.recheck();
    expect(await channel.next()).toEqual({ type: "closed", data: { reason: "expired" } });
    expect(await channel.closed).toBe(SHARED_CLOSE_CODES.expired);
  });

  it("refuses an unknown token", async () => {
    const channel = openShared("y".repeat(43));
    expect(await channel.next()).toEqual({ type: "closed", data: { reason: "unknown" } });
    expect(await channel.closed).toBe(SHARED_CLOSE_CODES.unknown);
  });
});
