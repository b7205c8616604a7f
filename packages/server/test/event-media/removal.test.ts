import { Readable } from "node:stream";
import { DAY_MS } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropExpiredMedia } from "../../src/event-media/index.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Media files go with their rows: deleting the device, the item they were filed under or the company, and the
 * company's retention, take the stored_files rows and the bytes in the blob store, not only event_media rows.
 */
let p: TestPlatform;
let acme = 0;
let globex = 0;
let admin = "";
let reseller = "";
/** A 1×1 PNG. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5f7a8a10000000049454e44ae426082",
  "hex",
);

interface Camera {
  /** devices.id */
  id: number;
  /** What the device presents (devices.device_id). */
  deviceId: string;
  key: string;
  itemType: number;
  itemId: number;
}

const taken = new Set<number>();
/** A device of the company on an item of this type, not used by another test, given a key. */
async function camera(companyId: number, itemType = 1): Promise<Camera> {
  const rows = await p.ctx.db.query<{ id: number; device_id: string; item_id: number }>(
    `select id, device_id, item_id from devices where company_id = $1 and item_type = $2
       and item_id is not null and not (id = any($3::int[])) order by id limit 1`,
    [companyId, itemType, [...taken]],
  );
  const row = rows[0]!;
  taken.add(row.id);
  const key = `cam-key-${row.id}`;
  await p.ctx.db.query("update devices set device_key = $2 where id = $1", [row.id, key]);
  return { id: row.id, deviceId: row.device_id, key, itemType, itemId: row.item_id };
}

/** Uploads a photo as the device; answers the stored file's id and storage key. */
async function upload(cam: Camera, ts = p.clock.now()): Promise<{ fileId: number; key: string }> {
  const response = await fetch(`${p.url}/fr/v1/device/media?ts=${ts}&name=shot.png`, {
    method: "POST",
    headers: {
      "content-type": "application/octet-stream",
      authorization: `Basic ${Buffer.from(`${cam.deviceId}:${cam.key}`).toString("base64")}`,
    },
    body: new Uint8Array(PNG),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { file: { id: number } };
  const rows = await p.ctx.db.query<{ storage_key: string }>(
    "select storage_key from stored_files where id = $1",
    [body.file.id],
  );
  return { fileId: body.file.id, key: rows[0]!.storage_key };
}

/** Whether the file's row, its event_media row and its bytes are there (all three, or none). */
async function kept(file: {
  fileId: number;
  key: string;
}): Promise<{ row: boolean; media: boolean; blob: boolean }> {
  const row = await p.ctx.db.query("select 1 from stored_files where id = $1", [file.fileId]);
  const media = await p.ctx.db.query("select 1 from event_media where file_id = $1", [file.fileId]);
  const bytes = await p.services.files.store.get(file.key);
  bytes?.destroy();
  return { row: row.length > 0, media: media.length > 0, blob: bytes !== null };
}
const ALL = { row: true, media: true, blob: true };
const NONE = { row: false, media: false, blob: false };

beforeAll(async () => {
  p = await startTestPlatform();
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  globex = companies.find((c) => c.name === "Globex Security")!.id;
  admin = await p.api.token("admin@acme.demo");
  reseller = await p.api.token("reseller@vigia.demo");
});
afterAll(async () => {
  await p?.close();
});

const resellerOf = async (companyId: number) =>
  (
    await p.ctx.db.query<{ reseller_id: number }>("select reseller_id from companies where id = $1", [
      companyId,
    ])
  )[0]!.reseller_id;

describe("event media removal", () => {
  it("deleting a device deletes its media's files and bytes; another device's stay", async () => {
    const cam = await camera(acme);
    const other = await camera(acme);
    const shot = await upload(cam);
    const second = await upload(cam);
    const kept1 = await upload(other);
    expect(await kept(shot)).toEqual(ALL);
    const rid = await resellerOf(acme);
    // A reseller deletes only a device in its stock: it is taken off the company first (its media stay there).
    const stock = await p.api.put(
      `resellers/id/${rid}/trackers/id/${cam.id}/company`,
      { companyId: null },
      reseller,
    );
    expect(stock.status).toBe(200);
    expect(await kept(shot)).toEqual(ALL);
    const removed = await p.api.request("DELETE", `resellers/id/${rid}/trackers/id/${cam.id}`, {
      token: reseller,
    });
    expect(removed.status).toBe(200);
    expect(await kept(shot)).toEqual(NONE);
    expect(await kept(second)).toEqual(NONE);
    expect(await kept(kept1)).toEqual(ALL);
  });

  it("bulk-deleting devices deletes their media's files too", async () => {
    const cam = await camera(acme);
    const shot = await upload(cam);
    const rid = await resellerOf(acme);
    await p.api.put(`resellers/id/${rid}/trackers/id/${cam.id}/company`, { companyId: null }, reseller);
    expect(await kept(shot)).toEqual(ALL);
    const removed = await p.api.post<{ deleted: number[] }>(
      `resellers/id/${rid}/trackers/deletebulk`,
      { deviceIds: [cam.id] },
      reseller,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.deleted).toEqual([cam.id]);
    expect(await kept(shot)).toEqual(NONE);
  });

  it("deleting the vehicle the media were filed under deletes them; the device and other items' media stay", async () => {
    const cam = await camera(acme);
    const other = await camera(acme);
    const shot = await upload(cam);
    const elsewhere = await upload(other);
    expect(await kept(shot)).toEqual(ALL);
    const removed = await p.api.request("DELETE", `companies/id/${acme}/vehicles/id/${cam.itemId}`, {
      token: admin,
    });
    expect(removed.status).toBe(200);
    expect(await kept(shot)).toEqual(NONE);
    expect(await kept(elsewhere)).toEqual(ALL);
    expect(await p.ctx.db.query("select 1 from devices where id = $1", [cam.id])).toHaveLength(1);
  });

  it("deleting an asset or a person deletes the media filed under it", async () => {
    for (const [itemType, path] of [
      [2, "assets"],
      [3, "persons"],
    ] as const) {
      const cam = await camera(acme);
      const item = (
        await p.ctx.db.query<{ id: number }>(
          `select id from ${path} where company_id = $1 order by id limit 1`,
          [acme],
        )
      )[0]!.id;
      await p.ctx.db.query("update devices set item_type = $2, item_id = $3 where id = $1", [
        cam.id,
        itemType,
        item,
      ]);
      const shot = await upload(cam);
      expect(await kept(shot)).toEqual(ALL);
      const removed = await p.api.request("DELETE", `companies/id/${acme}/${path}/id/${item}`, {
        token: admin,
      });
      expect(removed.status).toBe(200);
      expect(await kept(shot)).toEqual(NONE);
    }
  });

  it("retention deletes media older than the company's horizon, rows and bytes, and keeps the recent", async () => {
    const cam = await camera(acme);
    const foreign = await camera(globex);
    await p.ctx.db.query("update companies set retention_days = 2 where id = $1", [acme]);
    const old = await upload(cam);
    const otherCompany = await upload(foreign);
    p.clock.advance(3 * DAY_MS);
    const recent = await upload(cam);
    // Filed by the event's time the device gave: an event from before the horizon goes even when sent now.
    const late = await upload(cam, p.clock.now() - 4 * DAY_MS);
    expect(await kept(old)).toEqual(ALL);
    expect(await kept(late)).toEqual(ALL);

    expect(await dropExpiredMedia(p.ctx.db, p.services.files, p.clock.now())).toBeGreaterThanOrEqual(2);
    expect(await kept(old)).toEqual(NONE);
    expect(await kept(late)).toEqual(NONE);
    expect(await kept(recent)).toEqual(ALL);
    // Globex keeps its own (longer) retention.
    expect(await kept(otherCompany)).toEqual(ALL);
  });

  it("deleting a company deletes its files' rows and bytes; its devices go back to stock", async () => {
    const cam = await camera(globex);
    const shot = await upload(cam);
    const survivor = await upload(await camera(acme));
    expect(await kept(shot)).toEqual(ALL);
    // Globex is under Atlas, outside Iberia's tree: the platform's top deletes it (a fresh session, as the
    // retention test moved the clock past the first ones' life).
    const token = await p.api.token("super@vigia.demo");
    const removed = await p.api.request(
      "DELETE",
      `resellers/id/${await resellerOf(globex)}/companies/id/${globex}`,
      {
        token,
      },
    );
    expect(removed.status).toBe(200);
    expect(await kept(shot)).toEqual(NONE);
    expect(await p.ctx.db.query("select 1 from stored_files where company_id = $1", [globex])).toHaveLength(
      0,
    );
    expect(await kept(survivor)).toEqual(ALL);
    expect(await p.ctx.db.query("select 1 from devices where id = $1", [cam.id])).toHaveLength(1);
  });

  it("deleting a reseller deletes its own files (support photos), rows and bytes", async () => {
    const token = await p.api.token("super@vigia.demo");
    const root = (
      await p.ctx.db.query<{ id: number }>("select id from resellers where parent_id is null")
    )[0]!.id;
    const child = await p.api.post<{ id: number }>(
      "resellers",
      { name: "Short-lived", parentId: root },
      token,
    );
    expect(child.status).toBe(200);
    const photo = await p.services.files.saveForReseller({
      resellerId: child.body.id,
      userId: null,
      name: "contact.png",
      kind: "photo",
      body: Readable.from([PNG]),
    });
    const key = (
      await p.ctx.db.query<{ storage_key: string }>("select storage_key from stored_files where id = $1", [
        photo.id,
      ])
    )[0]!.storage_key;
    const before = await p.services.files.store.get(key);
    before?.destroy();
    expect(before).not.toBeNull();
    expect((await p.api.request("DELETE", `resellers/id/${child.body.id}`, { token })).status).toBe(200);
    expect(await p.ctx.db.query("select 1 from stored_files where id = $1", [photo.id])).toHaveLength(0);
    expect(await p.services.files.store.get(key)).toBeNull();
  });
});
