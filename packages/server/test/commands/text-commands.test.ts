import type { DeviceCommand, ItemCommands } from "@vigia/domain";
import {
  encodeH02Position,
  encodeMeitrackReport,
  encodeWatchLink,
  h02Status,
  meitrackFrame,
  watchFrame,
} from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestDevice } from "../support/devices.ts";
import { type ErrorBody, startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * Commands from the map reach devices of the text protocols that have a command channel (H02,
 * Meitrack, watch) in their own framing, on their own connection, and the device's confirmation answers them.
 * These protocols have no log-in: the first frame of a registered device opens the channel, and a command sent
 * before that waits for it. Ordering without sleeps: the command is read off the socket as the device would; the
 * answer's effect is awaited by polling the command list (no fixed delay).
 */
let p: TestPlatform;
let acme: number;
let admin: string;

interface Target {
  itemType: number;
  itemId: number;
  deviceId: string;
}

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1" });
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  admin = await p.api.token("admin@acme.demo");
});
afterAll(async () => {
  await p?.close();
});

async function itemWith(proto: string): Promise<Target> {
  const rows = await p.ctx.db.query<{ item_type: number; item_id: number; device_id: string }>(
    `select d.item_type, d.item_id, d.device_id from devices d join device_types t on t.id = d.type_id
     where d.company_id = $1 and t.proto = $2 and d.item_id is not null order by d.id limit 1`,
    [acme, proto],
  );
  const row = rows[0]!;
  return { itemType: row.item_type, itemId: row.item_id, deviceId: row.device_id };
}

const path = (t: Target) => `companies/id/${acme}/commands/${t.itemType}/id/${t.itemId}`;
const list = async (t: Target) => (await p.api.get<ItemCommands>(path(t), admin)).body;
const send = async (t: Target, body: { kind: string; text?: string }) =>
  (await p.api.post<DeviceCommand>(path(t), body, admin)).body;
const statusOf = async (t: Target, id: number) => (await list(t)).commands.find((c) => c.id === id);

const fix = {
  timeMs: TEST_START - 60_000,
  lat: 40.41,
  lng: -3.7,
  speedKmh: 0,
  course: 0,
  altitude: 650,
  satellites: 9,
  valid: true,
};

describe("commands over the text protocols", () => {
  it("H02: engine stop goes out as S20 with the server time; the V4 confirmation answers it and its fix is stored", async () => {
    const t = await itemWith("h02");
    expect((await list(t)).available).toEqual(["engineStop", "engineResume", "custom"]);
    const device = await TestDevice.connect(p.gateway!.ports.h02);
    device.send(encodeH02Position(t.deviceId, fix, h02Status({ ignition: true })));
    const command = await send(t, { kind: "engineStop" });
    const time = new Date(p.clock.now()).toISOString().slice(11, 19).replaceAll(":", "");
    const expected = `*HQ,${t.deviceId},S20,${time},1,3,10,3,5,5,3,5,3,5,3,5#`;
    expect(String(await device.read(expected.length))).toBe(expected);
    device.send(
      Buffer.from(
        `*HQ,${t.deviceId},V4,S20,DONE,${time},${time},A,4024.6000,N,00342.0000,W,000.00,0,${dmy(p.clock.now())},FFFFFBFF#`,
      ),
    );
    await expect
      .poll(async () => (await statusOf(t, command.id))?.status, { timeout: 20_000 })
      .toBe("answered");
    expect((await statusOf(t, command.id))?.result).toBe(`S20,DONE,${time}`);
    device.end();
  });

  it("Meitrack: engine resume goes out as an @@ C01 frame; the device's C01 OK answers it", async () => {
    const t = await itemWith("meitrack");
    const device = await TestDevice.connect(p.gateway!.ports.meitrack);
    device.send(encodeMeitrackReport(t.deviceId, fix, { event: 35 }));
    const command = await send(t, { kind: "engineResume" });
    const head = String(await device.read(4));
    expect(head).toMatch(/^@@[A-Z]\d$/);
    const rest = await readUntilCrLf(device);
    expect(`${head}${rest}`).toMatch(
      new RegExp(`^@@[A-Z]\\d+,${t.deviceId},C01,0,02222\\*[0-9A-F]{2}\\r\\n$`),
    );
    device.send(meitrackFrame("C", `,${t.deviceId},C01,OK`));
    await expect
      .poll(async () => (await statusOf(t, command.id))?.status, { timeout: 20_000 })
      .toBe("answered");
    device.end();
  });

  it("watch: reboot goes out as RESET with the watch's own maker code; the echo answers it", async () => {
    const t = await itemWith("watch");
    const device = await TestDevice.connect(p.gateway!.ports.watch);
    device.send(encodeWatchLink("3G", t.deviceId, { steps: 0, batteryPct: 90 }));
    const link = `[3G*${t.deviceId}*0002*LK]`;
    expect(String(await device.read(link.length))).toBe(link);
    const command = await send(t, { kind: "reboot" });
    const reset = `[3G*${t.deviceId}*0005*RESET]`;
    expect(String(await device.read(reset.length))).toBe(reset);
    device.send(watchFrame("3G", t.deviceId, "RESET"));
    // The heartbeat behind the echo is answered only after the echo was handled.
    device.send(encodeWatchLink("3G", t.deviceId, { steps: 0, batteryPct: 90 }));
    expect(String(await device.read(link.length))).toBe(link);
    expect(await statusOf(t, command.id)).toMatchObject({ status: "answered", result: "RESET" });
    device.end();
  });

  it("a custom text that would break the protocol's framing is refused", async () => {
    const t = await itemWith("watch");
    const answer = await p.api.post<ErrorBody>(path(t), { kind: "custom", text: "UPLOAD]" }, admin);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      description: "command.unsupported",
      fields: { text: "unsupported" },
    });
  });
});

function dmy(ms: number): string {
  const d = new Date(ms);
  return [d.getUTCDate(), d.getUTCMonth() + 1, d.getUTCFullYear() % 100]
    .map((n) => String(n).padStart(2, "0"))
    .join("");
}

async function readUntilCrLf(device: TestDevice): Promise<string> {
  let text = "";
  while (!text.endsWith("\r\n")) text += String(await device.read(1));
  return text;
}
