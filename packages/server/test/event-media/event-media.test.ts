import type { EventMedia } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventTime } from "../../src/event-media/routes.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** Photos and clips devices attach to their events, seen by whoever sees the item, nobody else. */
let p: TestPlatform;
let acme = 0;
let admin = "";
let operator = "";
/** A keyed device on an Acme vehicle outside the operator's group (Toledo), and one on a Toledo vehicle. */
const hidden = { deviceId: "", vehicleId: 0 };
const toledo = { deviceId: "", vehicleId: 0 };
/** A 1×1 PNG. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5f7a8a10000000049454e44ae426082",
  "hex",
);
/** The smallest MP4 file-type recognises: an ftyp box of brand isom. */
const MP4 = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");

async function keyedDeviceOnVehicle(groupIsToledo: boolean, key: string) {
  const rows = await p.ctx.db.query<{ id: number; device_id: string; vehicle_id: number }>(
    `select d.id, d.device_id, v.id as vehicle_id from devices d
       join vehicles v on v.id = d.item_id and d.item_type = 1 join groups g on g.id = v.group_id
     where d.company_id = $1 and (g.name = 'Toledo') = $2 order by d.id limit 1`,
    [acme, groupIsToledo],
  );
  const row = rows[0]!;
  await p.ctx.db.query("update devices set device_key = $2 where id = $1", [row.id, key]);
  return { deviceId: row.device_id, vehicleId: row.vehicle_id };
}

beforeAll(async () => {
  p = await startTestPlatform();
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  Object.assign(hidden, await keyedDeviceOnVehicle(false, "cam-secret-1"));
  Object.assign(toledo, await keyedDeviceOnVehicle(true, "cam-secret-2"));
  admin = await p.api.token("admin@acme.demo");
  operator = await p.api.token("operator@acme.demo");
});
afterAll(async () => {
  await p?.close();
});

async function send(body: Buffer, query: string, auth?: { id: string; key: string }) {
  const headers: Record<string, string> = { "content-type": "application/octet-stream" };
  if (auth) headers.authorization = `Basic ${Buffer.from(`${auth.id}:${auth.key}`).toString("base64")}`;
  const response = await fetch(`${p.url}/fr/v1/device/media?${query}`, {
    method: "POST",
    headers,
    body: new Uint8Array(body),
  });
  return { status: response.status, body: (await response.json()) as { id?: number; description?: string } };
}

const list = (vehicleId: number, token: string, companyId = acme) =>
  p.api.get<EventMedia[]>(
    `companies/id/${companyId}/eventmedia?itemType=1&itemId=${vehicleId}&from=0&to=${p.clock.now() + 1}`,
    token,
  );

async function fetchMedia(id: number, token: string, companyId = acme) {
  const response = await fetch(`${p.url}/fr/v1/companies/id/${companyId}/eventmedia/id/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: await response.arrayBuffer(),
  };
}

describe("event media", () => {
  it("a device attaches a photo and a clip to an event; its item's viewers list and open them", async () => {
    const ts = p.clock.now() - 5000;
    const photo = await send(PNG, `ts=${ts}&event=harsh%20braking%07&name=front.png`, {
      id: hidden.deviceId,
      key: "cam-secret-1",
    });
    expect(photo.status).toBe(200);
    const clip = await send(MP4, `id=${hidden.deviceId}&key=cam-secret-1&ts=${ts}&name=clip.mp4`);
    expect(clip.status).toBe(200);

    const seen = await list(hidden.vehicleId, admin);
    expect(seen.status).toBe(200);
    expect(seen.body.map((m) => m.file.mime).sort()).toEqual(["image/png", "video/mp4"]);
    const shot = seen.body.find((m) => m.file.mime === "image/png")!;
    // Device text is cleaned: the bell character is gone.
    expect(shot).toMatchObject({ itemType: 1, itemId: hidden.vehicleId, ts, event: "harsh braking" });
    const bytes = await fetchMedia(shot.id, admin);
    expect(bytes.status).toBe(200);
    expect(bytes.type).toBe("image/png");
    expect(Buffer.from(bytes.bytes).equals(PNG)).toBe(true);
  });

  it("refuses bad credentials alike, and what is not a photo or clip", async () => {
    for (const r of [
      await send(PNG, "", { id: hidden.deviceId, key: "wrong" }),
      await send(PNG, "", { id: "no-such-device", key: "cam-secret-1" }),
      await send(PNG, ""),
    ])
      expect(r.status).toBe(401);
    expect(
      (await send(Buffer.from("<html>not media</html>"), "", { id: hidden.deviceId, key: "cam-secret-1" }))
        .status,
    ).toBe(415);
  });

  it("is the item's: a group-scoped user outside the item's group and another company see nothing", async () => {
    await send(PNG, "name=t.png", { id: toledo.deviceId, key: "cam-secret-2" });
    const own = await list(toledo.vehicleId, operator);
    expect(own.status).toBe(200);
    expect(own.body).toHaveLength(1);
    expect((await fetchMedia(own.body[0]!.id, operator)).status).toBe(200);

    const other = (await list(hidden.vehicleId, admin)).body[0]!;
    expect((await list(hidden.vehicleId, operator)).status).toBe(404);
    expect((await fetchMedia(other.id, operator)).status).toBe(404);
    const globex = (
      await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Globex Security'")
    )[0]!.id;
    const foreign = await p.api.token("admin@globex.demo");
    expect((await fetchMedia(other.id, foreign, globex)).status).toBe(404);
    expect((await list(hidden.vehicleId, foreign, globex)).status).toBe(404);
    expect((await fetchMedia(other.id, foreign)).status).toBe(404);
  });
});

describe("eventTime", () => {
  it.each([
    [undefined, 1_000_000, 1_000_000],
    [900_000, 1_000_000, 900_000],
    [1_000_000 + 3_600_000, 1_000_000, 1_000_000 + 3_600_000],
    [1_000_000 + 3_600_001, 1_000_000, 1_000_000],
  ])("given %s at %s → %s", (given, now, expected) => {
    expect(eventTime(given, now)).toBe(expected);
  });
});
