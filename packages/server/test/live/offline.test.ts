import type { LiveServerMessage } from "@vigia/domain";
import { ITEM_TYPE } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveBinding } from "../../src/live/index.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** Defect 1: an item whose device fell silent, or lost its device, must not look current. */
let p: TestPlatform;
let acme: number;
let binding: LiveBinding;
let deviceId: number;
let reseller: string;
let admin: string;
const messages: LiveServerMessage[] = [];
/** Company-wide messages (no item): device list reloads. */
const companyMessages: LiveServerMessage[] = [];
const MIN = 60_000;

beforeAll(async () => {
  p = await startTestPlatform();
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  const row = (
    await p.ctx.db.query<{ id: number; item_id: number; group_id: number | null }>(
      `select d.id, d.item_id, v.group_id from devices d join vehicles v on v.id = d.item_id
        where d.company_id = $1 and d.item_type = 1 order by d.id limit 1`,
      [acme],
    )
  )[0]!;
  deviceId = row.id;
  binding = {
    deviceRowId: row.id,
    companyId: acme,
    itemType: 1,
    itemId: row.item_id,
    groupId: row.group_id,
    odometerSource: 3,
    initialMileageKm: 0,
  };
  p.services.live.subscribe(acme, (envelopes) => {
    for (const e of envelopes) {
      if (e.itemId === binding.itemId) messages.push(e.message);
      if (e.itemType === ITEM_TYPE.unknown) companyMessages.push(e.message);
    }
  });
  reseller = await p.api.token("reseller@vigia.demo");
  admin = await p.api.token("admin@acme.demo");
});
afterAll(async () => {
  await p?.close();
});

async function report(spd = 40): Promise<void> {
  const now = p.clock.now();
  await p.services.live.applyCommitted([
    {
      binding,
      receivedTs: now,
      position: {
        ts: now,
        lat: 40.4 + Math.random() / 1000,
        lng: -3.7,
        alt: 600,
        spd,
        course: 90,
        satt: 9,
        valid: true,
        src: 1,
        attributes: { ignition: true },
      },
    },
  ]);
}

const state = () => p.services.live.state(1, binding.itemId!);
const offlineMessages = () => messages.flatMap((m) => (m.type === "vOffline" ? [m] : []));

describe("items go offline after the company's timeout", () => {
  it("stays online within the default 5 minutes and goes offline after them, with a live message", async () => {
    await report();
    expect(state()?.offline).toBe(false);
    p.clock.advance(4 * MIN);
    await p.services.live.markSilentItems();
    expect(state()?.offline).toBe(false);
    p.clock.advance(2 * MIN);
    await p.services.live.markSilentItems();
    expect(state()?.offline).toBe(true);
    expect(offlineMessages().at(-1)?.data).toEqual({ id: binding.itemId, offline: true });
    // Once is enough: a second sweep publishes nothing new.
    const count = offlineMessages().length;
    await p.services.live.markSilentItems();
    expect(offlineMessages()).toHaveLength(count);
  });

  it("comes back online with the next report, and says so", async () => {
    await report();
    expect(state()?.offline).toBe(false);
    expect(offlineMessages().at(-1)?.data).toEqual({ id: binding.itemId, offline: false });
  });

  it("follows the company's own timeout (conf.general.offlineAfterMin), set in the company form", async () => {
    const reseller_id = (
      await p.ctx.db.query<{ reseller_id: number }>("select reseller_id from companies where id = $1", [acme])
    )[0]!.reseller_id;
    const path = `resellers/id/${reseller_id}/companies/id/${acme}`;
    const company = await p.api.get<
      { conf: { general?: Record<string, unknown> } } & Record<string, unknown>
    >(path, reseller);
    expect(company.status).toBe(200);
    const { id: _id, createdTs: _c, updatedTs: _u, ...record } = company.body;
    const general = { ...(company.body.conf.general ?? {}), offlineAfterMin: 30 };
    const saved = await p.api.put(path, { ...record, conf: { ...company.body.conf, general } }, reseller);
    expect(saved.status).toBe(200);
    const info = await p.api.get<{ conf: { general: { offlineAfterMin: number } } }>(
      `companies/id/${acme}/info`,
      admin,
    );
    expect(info.body.conf.general.offlineAfterMin).toBe(30);
    await report();
    p.clock.advance(20 * MIN);
    await p.services.live.markSilentItems();
    expect(state()?.offline).toBe(false);
    p.clock.advance(11 * MIN);
    await p.services.live.markSilentItems();
    expect(state()?.offline).toBe(true);
  });
});

describe("unassigning a device ends its item's live state", () => {
  // The clock moved past the tokens' lifetime above.
  beforeAll(async () => {
    reseller = await p.api.token("reseller@vigia.demo");
    admin = await p.api.token("admin@acme.demo");
  });

  it("forgets the item's position and tells the maps (reseller takes the device off its item)", async () => {
    await report();
    expect(state()?.pos).not.toBeNull();
    const resellerId = (
      await p.ctx.db.query<{ reseller_id: number }>("select reseller_id from devices where id = $1", [
        deviceId,
      ])
    )[0]!.reseller_id;
    const off = await p.api.put(
      `resellers/id/${resellerId}/trackers/id/${deviceId}/item`,
      { itemId: null },
      reseller,
    );
    expect(off.status).toBe(200);
    expect(state()).toBeUndefined();
    expect(messages.at(-1)).toEqual({ type: "vEnded", data: { id: binding.itemId } });
    // Open item forms of the company learn that its device list changed.
    expect(companyMessages).toContainEqual({ type: "reloadTrackers", data: {} });
    const stored = await p.ctx.db.query("select 1 from item_state where item_type = 1 and item_id = $1", [
      binding.itemId,
    ]);
    expect(stored).toHaveLength(0);
  });

  it("ends it too when the company admin takes the device off; a device on another item is refused", async () => {
    await p.api.put(
      `companies/id/${acme}/trackers/id/${deviceId}/item`,
      { itemType: 1, itemId: binding.itemId },
      admin,
    );
    await report();
    expect(state()?.pos).not.toBeNull();
    const other = (
      await p.ctx.db.query<{ id: number }>(
        "select id from vehicles where company_id = $1 and id <> $2 order by id limit 1",
        [acme, binding.itemId],
      )
    )[0]!.id;
    // Defect 2: a stale form offering this device must not take it from its item silently.
    const stolen = await p.api.put<{ description: string; fields: Record<string, string> }>(
      `companies/id/${acme}/trackers/id/${deviceId}/item`,
      { itemType: 1, itemId: other },
      admin,
    );
    expect(stolen.status).toBe(409);
    expect(stolen.body.description).toBe("device.notAvailable");
    expect(stolen.body.fields).toEqual({ deviceId: "device.notAvailable" });
    expect(state()?.pos).not.toBeNull();
    const off = await p.api.put(
      `companies/id/${acme}/trackers/id/${deviceId}/item`,
      { itemType: null, itemId: null },
      admin,
    );
    expect(off.status).toBe(200);
    expect(state()).toBeUndefined();
    expect(messages.at(-1)).toEqual({ type: "vEnded", data: { id: binding.itemId } });
  });
});
