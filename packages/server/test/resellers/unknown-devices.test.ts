import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/** The unknown-devices list resellers register devices from. */
let p: TestPlatform;
let reseller: string;
let admin: string;

interface UnknownRow {
  deviceId: string;
  protocol: string;
  remote: string;
  firstSeenTs: number;
  lastSeenTs: number;
  messages: number;
}

const insert = (deviceId: string, protocol: string, messages: number) =>
  p.ctx.db.query(
    `insert into unknown_devices (device_id, protocol, remote, first_seen_ts, last_seen_ts, messages)
     values ($1, $2, '10.0.0.9:4410', $3, $4, $5)`,
    [deviceId, protocol, TEST_START - 3_600_000, TEST_START, messages],
  );

beforeAll(async () => {
  p = await startTestPlatform();
  reseller = await p.api.token("reseller@vigia.demo");
  admin = await p.api.token("admin@acme.demo");
  await insert("356307042441999", "teltonika", 7);
  await insert("868120000000777", "gt06", 1);
  // An identifier that was registered after it was first heard must no longer be offered.
  const registered = await p.ctx.db.query<{ deviceId: string }>(
    `select device_id as "deviceId" from devices limit 1`,
  );
  await insert(registered[0]!.deviceId, "teltonika", 3);
});
afterAll(async () => {
  await p?.close();
});

describe("unknown devices", () => {
  it("lists unregistered identifiers keyed by id, with protocol, remote, first and last seen", async () => {
    const res = await p.api.get<Record<string, UnknownRow>>("resellers/unknowndevices", reseller);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["356307042441999", "868120000000777"]);
    expect(res.body["356307042441999"]).toEqual({
      deviceId: "356307042441999",
      protocol: "teltonika",
      remote: "10.0.0.9:4410",
      firstSeenTs: TEST_START - 3_600_000,
      lastSeenTs: TEST_START,
      messages: 7,
    });
  });

  it("refuses company users", async () => {
    expect((await p.api.get("resellers/unknowndevices", admin)).status).toBe(403);
    const del = await p.api.request("DELETE", "resellers/unknowndevices/id/868120000000777", {
      token: admin,
    });
    expect(del.status).toBe(403);
  });

  it("dismisses one identifier, and 404s on one not in the list", async () => {
    const del = await p.api.request("DELETE", "resellers/unknowndevices/id/868120000000777", {
      token: reseller,
    });
    expect(del.status).toBe(200);
    const after = await p.api.get<Record<string, UnknownRow>>("resellers/unknowndevices", reseller);
    expect(Object.keys(after.body)).toEqual(["356307042441999"]);
    const again = await p.api.request("DELETE", "resellers/unknowndevices/id/868120000000777", {
      token: reseller,
    });
    expect(again.status).toBe(404);
  });
});
