import type { DeviceCommand, ItemCommands } from "@vigia/domain";
import {
  atrackAck,
  cellocatorAck,
  createEgtsSession,
  EGTS_CC_ILL,
  EGTS_CC_OK,
  eelinkAck,
  encodeAtrackPacket,
  encodeCellocatorStatus,
  encodeDeviceCommand,
  encodeEelinkInstruction,
  encodeEelinkLogin,
  encodeEgtsCommandAnswer,
  encodeEgtsDeviceResponse,
  encodeEgtsLogin,
  encodeNavtelecomAnswer,
  encodeNavtelecomLogin,
  encodeTopflytechAnswer,
  encodeTopflytechLogin,
  readCellocatorCommand,
  readEelinkInstruction,
  readEgtsCommand,
  readEgtsServerPacket,
  readNavtelecomCommand,
  readTopflytechCommand,
  topflytechAck,
} from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestDevice } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * Commands from the map reach Eelink, Topflytech, Cellocator, EGTS, ATrack and Navtelecom devices through the HTTP API and the gateway, over
 * TCP, in their binary packets, and the device's answer moves the command to `answered` with its text (a
 * Cellocator reset has none: it stays `sent`). The frame is read
 * off the socket as the device would and compared with the encoder's bytes (checked against public frames in the
 * protocols package); the answer's effect is awaited by polling the command list, never by a fixed delay.
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
const settled = async (t: Target, id: number, status = "answered") => {
  await expect
    .poll(async () => (await list(t)).commands.find((c) => c.id === id)?.status, { timeout: 20_000 })
    .toBe(status);
  return (await list(t)).commands.find((c) => c.id === id);
};

describe("commands over Eelink, Topflytech, Cellocator, EGTS, ATrack and Navtelecom", () => {
  it("Eelink: engine stop goes out as an instruction package RELAY,1# flagged with the command's id; the device's 0x80 answer confirms it", async () => {
    const t = await itemWith("eelink");
    expect((await list(t)).available).toEqual(["engineStop", "engineResume", "reboot", "custom"]);
    const device = await TestDevice.connect(p.gateway!.ports.eelink);
    device.send(encodeEelinkLogin(t.deviceId, 1));
    expect(await device.read(7)).toEqual(eelinkAck(1, 1));
    const command = await send(t, { kind: "engineStop" });
    const frame = await device.read(20);
    const instruction = readEelinkInstruction(frame);
    expect(instruction).toMatchObject({ flag: command.id, text: "RELAY,1#" });
    expect(frame).toEqual(
      encodeDeviceCommand("eelink", "RELAY,1#", {
        imei: t.deviceId,
        serial: instruction!.sequence,
        id: command.id,
        nowMs: 0,
      }),
    );
    device.send(encodeEelinkInstruction(instruction!.sequence, command.id, "Relay:ON,OK"));
    expect((await settled(t, command.id))?.result).toBe("Relay:ON,OK");
    device.end();
  });

  it("Topflytech: a custom text goes out as a 0x81 packet in the device's header; its 0x81 answer confirms it", async () => {
    const t = await itemWith("topflytech");
    expect((await list(t)).available).toEqual(["custom"]);
    const device = await TestDevice.connect(p.gateway!.ports.topflytech);
    const login = encodeTopflytechLogin(t.deviceId, 1);
    device.send(login);
    expect(await device.read(15)).toEqual(topflytechAck(login));
    const command = await send(t, { kind: "custom", text: "STATUS#" });
    const frame = await device.read(15 + 1 + "STATUS#".length);
    expect(frame.toString("hex", 0, 3)).toBe("252581");
    const read = readTopflytechCommand(frame);
    expect(read?.text).toBe("STATUS#");
    expect(frame).toEqual(
      encodeDeviceCommand("topflytech", "STATUS#", {
        imei: t.deviceId,
        serial: read!.serial,
        id: command.id,
        nowMs: 0,
        maker: "2525",
      }),
    );
    device.send(encodeTopflytechAnswer(t.deviceId, read!.serial, "GPS:OK,GSM:OK"));
    expect((await settled(t, command.id))?.result).toBe("GPS:OK,GSM:OK");
    device.end();
  });

  it("Cellocator: a reboot goes out as the generic reset command with the unit's id; it has no answer, so it is left sent", async () => {
    const t = await itemWith("cellocator");
    expect((await list(t)).available).toEqual(["reboot"]);
    const unit = Number(t.deviceId);
    const device = await TestDevice.connect(p.gateway!.ports.cellocator);
    const fix = {
      timeMs: TEST_START - 60_000,
      lat: 32.08,
      lng: 34.78,
      speedKmh: 0,
      course: 0,
      altitude: 30,
      satellites: 8,
      valid: true,
    };
    device.send(encodeCellocatorStatus(unit, 1, fix));
    const ack = await device.read(28);
    expect(ack.subarray(0, 9)).toEqual(cellocatorAck(unit, 1).subarray(0, 9));
    const command = await send(t, { kind: "reboot" });
    const frame = await device.read(25);
    const read = readCellocatorCommand(frame);
    expect(read).toMatchObject({ unitId: unit, code: 2, data: 2 });
    expect(frame).toEqual(
      encodeDeviceCommand("cellocator", "state 2: reset", {
        imei: t.deviceId,
        serial: read!.numerator,
        id: command.id,
        nowMs: 0,
      }),
    );
    await expect
      .poll(async () => (await list(t)).commands.find((c) => c.id === command.id)?.status, {
        timeout: 20_000,
      })
      .toBe("sent");
    device.end();
  });

  it("EGTS: a custom text goes out as a commands-service packet with the command's id; the terminal's confirmation answers it, a refusal fails it", async () => {
    const t = await itemWith("egts");
    expect((await list(t)).available).toEqual(["custom"]);
    const tid = Number(t.deviceId.slice(-9));
    const device = await TestDevice.connect(p.gateway!.ports.egts);
    const login = encodeEgtsLogin(tid, t.deviceId, 1);
    device.send(login);
    // The log-in's answer (response and result code) as a session of the protocols package writes it.
    const answer = createEgtsSession().push(login).replies[0]!;
    expect(await device.read(answer.length)).toEqual(answer);
    const asked = async (text: string) => {
      const command = await send(t, { kind: "custom", text });
      const frame = await device.read(44 + text.length - "STATUS".length);
      const read = readEgtsCommand(frame);
      expect(read).toMatchObject({ commandId: command.id, code: 0, text });
      expect(frame).toEqual(
        encodeDeviceCommand("egts", text, {
          imei: t.deviceId,
          serial: read!.packetId,
          id: command.id,
          nowMs: 0,
        }),
      );
      device.send(encodeEgtsDeviceResponse(frame, 2)!);
      return command;
    };
    const status = await asked("STATUS");
    device.send(encodeEgtsCommandAnswer(tid, 3, status.id, EGTS_CC_OK, "GSM:OK GPS:OK"));
    expect((await settled(t, status.id))?.result).toBe("GSM:OK GPS:OK");
    // The confirmation is a packet like any other: the server answers it (response, one record confirmed).
    expect(readEgtsServerPacket(await device.read(29))).toMatchObject({ type: 0, answers: 3 });
    const bogus = await asked("BOGUS");
    device.send(encodeEgtsCommandAnswer(tid, 4, bogus.id, EGTS_CC_ILL, ""));
    expect((await settled(t, bogus.id, "failed"))?.result).toBe("invalid command");
    device.end();
  });

  it("ATrack: a custom text goes out as an AT line; the unit's $ line answers it, $ERROR fails it", async () => {
    const t = await itemWith("atrack");
    expect((await list(t)).available).toEqual(["custom"]);
    const device = await TestDevice.connect(p.gateway!.ports.atrack);
    const fix = {
      timeMs: TEST_START - 60_000,
      lat: 40.47,
      lng: -3.65,
      speedKmh: 0,
      course: 0,
      altitude: 0,
      satellites: 8,
      valid: true,
    };
    const packet = encodeAtrackPacket(t.deviceId, 1, [fix]);
    device.send(packet);
    expect(await device.read(12)).toEqual(atrackAck(packet.subarray(8, 16), 1));
    const info = await send(t, { kind: "custom", text: "AT$INFO=?" });
    expect((await device.read(11)).toString("latin1")).toBe("AT$INFO=?\r\n");
    device.send(Buffer.from(`$INFO=${t.deviceId},AK7,Rev.1.0\r\n`, "latin1"));
    expect((await settled(t, info.id))?.result).toBe(`$INFO=${t.deviceId},AK7,Rev.1.0`);
    const bad = await send(t, { kind: "custom", text: "AT$NOPE=1" });
    expect((await device.read(11)).toString("latin1")).toBe("AT$NOPE=1\r\n");
    device.send(Buffer.from("$ERROR=101\r\n", "latin1"));
    expect((await settled(t, bad.id, "failed"))?.result).toBe("$ERROR=101");
    device.end();
  });

  it("Navtelecom: engine stop and reboot go out as NTCB packets to the log-in's ids; the device's *@ answers confirm them", async () => {
    const t = await itemWith("navtelecom");
    expect((await list(t)).available).toEqual(["engineStop", "engineResume", "reboot", "custom"]);
    const device = await TestDevice.connect(p.gateway!.ports.navtelecom);
    device.send(encodeNavtelecomLogin(t.deviceId));
    expect((await device.read(19)).toString("latin1", 16)).toBe("*<S");
    const stop = await send(t, { kind: "engineStop" });
    const frame = await device.read(27);
    // Addressed as the server's answers are: to the device's id, from the server's, both from the log-in.
    expect(readNavtelecomCommand(frame)).toEqual({ receiver: 0, sender: 1, text: "*!SETOUT 1Y" });
    device.send(encodeNavtelecomAnswer("*@SETOUT OK,1Y"));
    expect((await settled(t, stop.id))?.result).toBe("*@SETOUT OK,1Y");
    const reboot = await send(t, { kind: "reboot" });
    expect(readNavtelecomCommand(await device.read(27))?.text).toBe("*!DEV_RESET");
    device.send(encodeNavtelecomAnswer("*@DEV_RESET"));
    expect((await settled(t, reboot.id))?.result).toBe("*@DEV_RESET");
    device.end();
  });
});
