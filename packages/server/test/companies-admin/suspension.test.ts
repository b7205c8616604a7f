import http from "node:http";
import type net from "node:net";
import type { DecodedPosition } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Suspension enforced by the server: a suspended company's users and API keys are refused (but for who they are
 * and the company's state, so the web shows its modal), its forwarding waits, its devices keep reporting and
 * their positions are stored; on reactivation everything works again and forwarding catches up, nothing lost.
 */
let p: TestPlatform;
let receiver: http.Server;
const received: number[] = [];
let acme = 0;
let resellerId = 0;
let imei = "";

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { records: { ts: number }[] };
      received.push(...body.records.map((r) => r.ts));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  p = await startTestPlatform({ VIGIA_EGRESS_ALLOW_PRIVATE: "127.0.0.1/32" });
  const company = (
    await p.ctx.db.query<{ id: number; reseller_id: number }>(
      "select id, reseller_id from companies where name = 'Acme Logistics'",
    )
  )[0]!;
  acme = company.id;
  resellerId = company.reseller_id;
  imei = (
    await p.ctx.db.query<{ device_id: string }>(
      `select d.device_id from vehicles v join devices d on d.item_id = v.id and d.item_type = 1
       where v.company_id = $1 order by v.id limit 1`,
      [acme],
    )
  )[0]!.device_id;
});
afterAll(async () => {
  await p?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

let nextTs = 0;
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

async function setState(state: number): Promise<void> {
  const reseller = await p.api.token("reseller@vigia.demo");
  const path = `resellers/id/${resellerId}/companies/id/${acme}`;
  const company = await p.api.get<Record<string, unknown>>(path, reseller);
  const { id: _id, createdTs: _c, updatedTs: _u, ...record } = company.body;
  expect((await p.api.put(path, { ...record, state }, reseller)).status).toBe(200);
}

const storedFor = async (ts: number[]) =>
  Number(
    (
      await p.ctx.db.query<{ n: string | number }>(
        "select count(*) as n from positions where device_id = (select id from devices where device_id = $1) and ts = any($2::bigint[])",
        [imei, ts],
      )
    )[0]!.n,
  );

describe("a suspended company", () => {
  it("is refused, keeps storing, waits to forward, and catches up once active again", async () => {
    const admin = await p.api.token("admin@acme.demo");
    const target = await p.api.post(
      `companies/id/${acme}/forwarding`,
      {
        name: "hook",
        kind: "webhook",
        url: `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/h`,
      },
      admin,
    );
    expect(target.status).toBe(200);
    const key = await p.api.post<{ secret: string }>(
      `companies/id/${acme}/apikeys`,
      { name: "erp", role: "READONLY", ip: "" },
      admin,
    );
    const before = await drive(3);
    await p.services.forwarder.drain();
    expect(received).toEqual(expect.arrayContaining(before));

    await setState(3);
    // The company's users: who they are and the company's state only.
    const refused = await p.api.get<ErrorBody>(`companies/id/${acme}/vehicles`, admin);
    expect(refused.status).toBe(403);
    expect(refused.body.description).toBe("company.blocked");
    expect((await p.api.post(`companies/id/${acme}/pois`, { name: "x" }, admin)).status).toBe(403);
    expect((await p.api.get(`companies/id/${acme}/info`, admin)).status).toBe(200);
    expect((await p.api.get("current/user", admin)).status).toBe(200);
    // Its API keys.
    const byKey = await p.api.get<ErrorBody>(`companies/id/${acme}/vehicles`, key.body.secret);
    expect(byKey.status).toBe(403);
    expect(byKey.body.description).toBe("company.blocked");
    // Its reseller still manages it.
    const reseller = await p.api.token("reseller@vigia.demo");
    expect((await p.api.get(`companies/id/${acme}/vehicles`, reseller)).status).toBe(200);
    // Devices keep reporting and their positions are kept; forwarding waits.
    const during = await drive(4);
    expect(await storedFor(during)).toBe(4);
    await p.services.forwarder.drain();
    expect(received.filter((ts) => during.includes(ts))).toEqual([]);

    await setState(1);
    expect((await p.api.get(`companies/id/${acme}/vehicles`, admin)).status).toBe(200);
    expect((await p.api.get(`companies/id/${acme}/vehicles`, key.body.secret)).status).toBe(200);
    await p.services.forwarder.drain();
    expect(received).toEqual(expect.arrayContaining([...before, ...during]));
  });
});
