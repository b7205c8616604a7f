import { describe, expect, it } from "vitest";
import { commandsOf, commandText } from "./device-commands.ts";
import { decodeGt06Frame, encodeGt06Alarm } from "./gt06/codec.ts";
import { decodeMqttJson } from "./mqtt/json.ts";
import { decodeOsmAndRequest } from "./osmand/codec.ts";
import {
  CODEC_8E,
  decodeTeltonikaAvl,
  encodeTeltonikaAvl,
  encodeTeltonikaRecord,
  type IoValue,
} from "./teltonika/codec.ts";
import {
  decodeTeltonikaCommand,
  encodeTeltonikaCommand,
  encodeTeltonikaResponse,
} from "./teltonika/commands.ts";

/** Device events each decoder turns into the normalized `event`, door, ignition and immobiliser attributes. */

const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);

function teltonika(eventIoId: number, io: IoValue[]) {
  const record = encodeTeltonikaRecord(
    {
      timestampMs: NOW,
      priority: 1,
      lng: 2.17,
      lat: 41.38,
      altitudeM: 10,
      angle: 0,
      satellites: 9,
      speedKmh: 0,
      eventIoId,
      io,
    },
    CODEC_8E,
  );
  const decoded = decodeTeltonikaAvl(encodeTeltonikaAvl([record], CODEC_8E), "356307042441013");
  if (!decoded.ok) throw new Error(decoded.error);
  return decoded.value.positions[0]!.attributes;
}

describe("Teltonika IO elements as events and states", () => {
  it.each([
    ["Alarm (panic scenario)", 236, 1, { event: "sos" }],
    ["unplug", 252, 1, { event: "powerCut" }],
    ["towing", 246, 1, { event: "tow" }],
    ["crash", 247, 1, { event: "crash" }],
    ["green driving: braking", 253, 2, { event: "harshBraking" }],
    ["CAN door status", 90, 5, { door: true }],
    ["CAN doors closed", 90, 0, { door: false }],
    ["DOUT1 (engine-blocking relay) on", 179, 1, { immobilized: true }],
    ["ignition off", 239, 0, { ignition: false }],
    ["DIN1", 1, 1, { input1: true }],
  ] as const)("%s", (_name, id, value, expected) => {
    expect(teltonika(id, [{ id, size: 1, value }])).toMatchObject(expected);
  });

  it("an alarm element of 0 is no event", () => {
    expect(teltonika(236, [{ id: 236, size: 1, value: 0 }]).event).toBeUndefined();
  });
});

describe("GT06 alarm codes", () => {
  const fix = {
    timeMs: NOW,
    lat: 41.38,
    lng: 2.17,
    speedKmh: 0,
    course: 0,
    satellites: 8,
    positioned: true,
  };
  const cell = { mcc: 214, mnc: 7, lac: 1, cellId: 2 };
  const status = { acc: false, charging: false, gpsTracking: true, voltageLevel: 4, gsmSignal: 3 };
  it.each([
    [0x01, "sos"],
    [0x02, "powerCut"],
    [0x09, "tow"],
    [0x0e, "lowBattery"],
    [0x13, "tamper"],
    [0x14, "doorOpen"],
    [0x42, undefined],
  ])("alarm 0x%s", (code, event) => {
    const decoded = decodeGt06Frame(encodeGt06Alarm(fix, cell, status, code, 1), "0123456789012345");
    if (!decoded.ok) throw new Error(decoded.error);
    expect(decoded.value.positions[0]?.attributes.event).toBe(event);
    expect(decoded.value.positions[0]?.attributes.alarm).toBe(code);
  });
});

describe("OsmAnd alarm parameter", () => {
  const decode = (query: string) => {
    const r = decodeOsmAndRequest(
      { method: "GET", query: new URLSearchParams(query), body: "", contentType: "" },
      NOW,
    );
    if (!r.ok) throw new Error(r.error);
    return r.value.positions[0]!.attributes;
  };
  it.each([
    ["alarm=sos", "sos"],
    ["alarm=panic", "sos"],
    ["alarm=lowBattery", "lowBattery"],
    ["event=powerCut", "powerCut"],
    ["alarm=%3Cscript%3E", undefined],
    ["event=whatever", undefined],
  ])("%s", (param, event) => {
    const attributes = decode(`id=walkphone01&lat=41.38&lon=2.17&${param}`);
    expect(attributes.event).toBe(event);
    expect(attributes.alarm).toBeUndefined();
  });
});

describe("MQTT JSON events", () => {
  const decode = (body: unknown) => {
    const r = decodeMqttJson("vigia/devices/dev1/positions", Buffer.from(JSON.stringify(body)), NOW);
    if (!r.ok) throw new Error(r.error);
    return r.value.positions[0]!.attributes;
  };
  it.each([
    [{ event: "sos" }, "sos"],
    [{ alarm: "powerCut" }, "powerCut"],
    [{ attributes: { event: "crash" } }, "crash"],
    [{ attributes: { alarm: "panic" } }, "sos"],
    [{ attributes: { event: "drop table" } }, undefined],
  ])("%j", (extra, event) => {
    expect(decode({ lat: 41.38, lng: 2.17, ...extra }).event).toBe(event);
  });
});

describe("command capabilities", () => {
  it.each([
    ["teltonika", "engineStop", "", "setdigout 1"],
    ["teltonika", "engineResume", "", "setdigout 0"],
    ["teltonika", "reboot", "", "cpureset"],
    ["teltonika", "custom", "getver", "getver"],
    ["gt06", "engineStop", "", "RELAY,1#"],
    ["gt06", "engineResume", "", "RELAY,0#"],
    ["gt06", "reboot", "", "RESET#"],
    ["gt06", "custom", "WHERE#", "WHERE#"],
    ["gt06", "custom", "bad\u0000text", null],
    ["osmand", "engineStop", "", null],
    ["mqtt", "reboot", "", null],
    ["nonsense", "reboot", "", null],
  ] as const)("%s %s %s", (protocol, kind, text, expected) => {
    expect(commandText(protocol, kind, text)).toBe(expected);
  });

  it("OsmAnd declares no commands, Teltonika all", () => {
    expect(commandsOf("osmand")).toEqual([]);
    expect(commandsOf("teltonika")).toEqual(["engineStop", "engineResume", "reboot", "custom"]);
    expect(commandsOf("__proto__")).toEqual([]);
  });
});

describe("Codec 12 command as the device reads it", () => {
  it("reads back what the server encodes, and refuses a response packet", () => {
    expect(decodeTeltonikaCommand(encodeTeltonikaCommand("setdigout 1"))).toEqual({
      ok: true,
      value: "setdigout 1",
    });
    expect(decodeTeltonikaCommand(encodeTeltonikaResponse("DOUT1:1")).ok).toBe(false);
  });
});
