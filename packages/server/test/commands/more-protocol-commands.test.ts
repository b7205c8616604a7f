import type { DeviceCommand, ItemCommands } from "@vigia/domain";
import {
  encodeDeviceCommand,
  encodeGalileoskyCommand,
  encodeGalileoskyHead,
  encodeGps103Confirmation,
  encodeGps103Logon,
  encodeRuptelaCommandAnswer,
  encodeRuptelaRecords,
  encodeSuntechStatus,
  encodeTk103Location,
  encodeWialonLogin,
} from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestDevice } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * Commands from the map reach GPS103, TK103, Suntech, Wialon IPS, Ruptela and Galileosky devices in their
 * own framing, and each device's confirmation moves the command to `answered`. The command frame is read off the
 * socket as the device would (its exact bytes come from the same encoder the gateway uses, checked byte by byte in
 * the protocols package); the answer's effect is awaited by polling the command list, never by a fixed delay.
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
  const row = rows[0];
  if (!row) throw new Error(`the demo company has no ${proto} device on an item`);
  return { itemType: row.item_type, itemId: row.item_id, deviceId: row.device_id };
}

const path = (t: Target) => `companies/id/${acme}/commands/${t.itemType}/id/${t.itemId}`;
const list = async (t: Target) => (await p.api.get<ItemCommands>(path(t), admin)).body;
const send = async (t: Target, body: { kind: string; text?: string }) =>
  (await p.api.post<DeviceCommand>(path(t), body, admin)).body;
const settled = async (t: Target, id: number) => {
  await expect
    .poll(async () => (await list(t)).commands.find((c) => c.id === id)?.status, { timeout: 20_000 })
    .toBe("answered");
  return (await list(t)).commands.find((c) => c.id === id);
};

/** The frame the gateway writes for a command, byte for byte (serial, id and clock do not enter these ones). */
const expected = (
  protocol: string,
  text: string,
  imei: string,
  extra: { id?: number; maker?: string } = {},
) => encodeDeviceCommand(protocol, text, { imei, serial: 0, id: extra.id ?? 0, nowMs: 0, ...extra })!;

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

describe("commands over GPS103, TK103, Suntech, Wialon, Ruptela and Galileosky", () => {
  it("GPS103: engine stop goes out as **,imei:…,J after the log-on; the jt report answers it", async () => {
    const t = await itemWith("gps103");
    expect((await list(t)).available).toEqual(["engineStop", "engineResume", "custom"]);
    const device = await TestDevice.connect(p.gateway!.ports.gps103);
    device.send(encodeGps103Logon(t.deviceId));
    expect(String(await device.read(4))).toBe("LOAD");
    const command = await send(t, { kind: "engineStop" });
    const frame = expected("gps103", "J", t.deviceId);
    expect(await device.read(frame.length)).toEqual(frame);
    device.send(encodeGps103Confirmation(t.deviceId, "J"));
    expect((await settled(t, command.id))?.result).toBe("jt");
    device.end();
  });

  it("TK103: reboot goes out as AT00 with the terminal id; the BT00 answer confirms it", async () => {
    const t = await itemWith("tk103");
    expect((await list(t)).available).toEqual(["engineStop", "engineResume", "reboot", "custom"]);
    const device = await TestDevice.connect(p.gateway!.ports.tk103);
    device.send(encodeTk103Location(t.deviceId, fix));
    const command = await send(t, { kind: "reboot" });
    const frame = expected("tk103", "AT00", t.deviceId);
    expect(String(await device.read(frame.length))).toBe(`(${t.deviceId}AT00)`);
    device.send(Buffer.from(`(${t.deviceId}BT00)`));
    expect((await settled(t, command.id))?.result).toBe("BT00");
    device.end();
  });

  it("Suntech: engine stop goes out as <model>CMD;…;Enable1 in the device's own model; the Res answer confirms it", async () => {
    const t = await itemWith("suntech");
    const device = await TestDevice.connect(p.gateway!.ports.suntech);
    device.send(encodeSuntechStatus(t.deviceId, fix, { model: "SA200" }));
    const command = await send(t, { kind: "engineStop" });
    const text = `SA200CMD;${t.deviceId};02;Enable1\r`;
    expect(String(await device.read(text.length))).toBe(text);
    device.send(Buffer.from(`SA200CMD;Res;${t.deviceId};02;Enable1\r`));
    expect((await settled(t, command.id))?.result).toBe("02;Enable1");
    device.end();
  });

  it("Wialon IPS 2.0: a custom text goes out as #M# with its CRC; #AM#1 confirms it", async () => {
    const t = await itemWith("wialon");
    expect((await list(t)).available).toEqual(["custom"]);
    const device = await TestDevice.connect(p.gateway!.ports.wialon);
    device.send(encodeWialonLogin(t.deviceId, "NA", "2.0"));
    expect(String(await device.read(7))).toBe("#AL#1\r\n");
    const command = await send(t, { kind: "custom", text: "OUT1=1" });
    const frame = expected("wialon", "OUT1=1", t.deviceId, { maker: "2.0" });
    expect(String(await device.read(frame.length))).toBe(String(frame));
    device.send(Buffer.from("#AM#1\r\n"));
    expect((await settled(t, command.id))?.result).toBe("message received");
    device.end();
  });

  it("Ruptela: a custom text goes out as SMS via GPRS (108); the type 7 answer confirms it", async () => {
    const t = await itemWith("ruptela");
    const device = await TestDevice.connect(p.gateway!.ports.ruptela);
    const record = { ...fix, altitude: 650 };
    device.send(encodeRuptelaRecords(t.deviceId, [record]));
    expect((await device.read(6)).toString("hex")).toBe("0002640113bc");
    const command = await send(t, { kind: "custom", text: "setio 1,1" });
    const frame = expected("ruptela", "setio 1,1", t.deviceId);
    expect(await device.read(frame.length)).toEqual(frame);
    device.send(encodeRuptelaCommandAnswer(t.deviceId, "DOUT1 ON"));
    expect((await settled(t, command.id))?.result).toBe("DOUT1 ON");
    device.end();
  });

  it("Galileosky: engine stop goes out as Out 0,1 with the command's number; the device's answer is confirmed and ACKed", async () => {
    const t = await itemWith("galileosky");
    const device = await TestDevice.connect(p.gateway!.ports.galileosky);
    device.send(encodeGalileoskyHead(t.deviceId));
    expect((await device.read(3)).readUInt8(0)).toBe(0x02);
    const command = await send(t, { kind: "engineStop" });
    const frame = expected("galileosky", "Out 0,1", t.deviceId, { id: command.id });
    expect(await device.read(frame.length)).toEqual(frame);
    const answer = encodeGalileoskyCommand(t.deviceId, command.id, "OUT 0,1");
    device.send(answer);
    expect(await device.read(3)).toEqual(Buffer.concat([Buffer.from([0x02]), answer.subarray(-2)]));
    expect((await settled(t, command.id))?.result).toBe("OUT 0,1");
    device.end();
  });
});
