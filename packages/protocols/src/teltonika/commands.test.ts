import { describe, expect, it } from "vitest";
import { crc16Ibm } from "../shared/crc.ts";
import {
  decodeTeltonikaResponse,
  encodeTeltonikaCommand,
  encodeTeltonikaResponse,
  teltonikaConfigCommand,
} from "./commands.ts";
import { createTeltonikaSession } from "./session.ts";

const hex = (s: string) => Buffer.from(s.replace(/\s/g, ""), "hex");

/** Builds a Codec 12 packet by hand, field by field, so the encoder is checked against the layout itself. */
function byHand(type: number, text: string): Buffer {
  const body = Buffer.from(text, "ascii");
  const size = Buffer.alloc(4);
  size.writeUInt32BE(body.length);
  const data = Buffer.concat([Buffer.from([0x0c, 0x01, type]), size, body, Buffer.from([0x01])]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc16Ibm(data));
  return Buffer.concat([Buffer.alloc(4), len, data, crc]);
}

describe("Codec 12 command encoding", () => {
  it("matches the wiki's getinfo example byte for byte", () => {
    expect(encodeTeltonikaCommand("getinfo")).toEqual(
      hex("00000000 0000000F 0C 01 05 00000007 676574696E666F 01 00004312"),
    );
  });

  it.each(["getver", "setparam 2004:gps.example.com;2005:5027", "x"])(
    "builds %j as the hand-built frame",
    (command) => {
      expect(encodeTeltonikaCommand(command)).toEqual(byHand(0x05, command));
    },
  );
});

describe("Codec 12 response decoding", () => {
  it.each([
    ["a new value answer", "New value 2004:gps.example.com;2005:5027;"],
    ["an empty answer", ""],
    ["the getver answer", "Ver:03.27.07_00 GPS:AXN_5.10_3333 Hw:FMB920 Mod:12 IMEI:352093081452251"],
  ])("decodes %s", (_name, text) => {
    const packet = byHand(0x06, text);
    expect(encodeTeltonikaResponse(text)).toEqual(packet);
    expect(decodeTeltonikaResponse(packet)).toEqual({ ok: true, value: text });
  });

  it.each([
    ["a bad CRC", (b: Buffer) => b.writeUInt8(b.readUInt8(b.length - 1) ^ 0xff, b.length - 1), /CRC/],
    ["a command instead of a response", (b: Buffer) => b.writeUInt8(0x05, 10), /CRC|not a response/],
    ["a truncated packet", (b: Buffer) => b.writeUInt32BE(b.readUInt32BE(4) + 1, 4), /truncated/],
  ])("rejects %s", (_name, damage, error) => {
    const packet = byHand(0x06, "OK");
    damage(packet);
    const r = decodeTeltonikaResponse(packet);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(error);
  });

  it("rejects a command packet even with a valid CRC", () => {
    const r = decodeTeltonikaResponse(byHand(0x05, "getinfo"));
    expect(r).toEqual({ ok: false, error: "Codec 12 type 0x5 is not a response" });
  });
});

describe("teltonikaConfigCommand", () => {
  const full = {
    apn: "m2m.example",
    server: "gps.example.com",
    port: 5027,
    speedLimit: 120,
    interval: 60,
    sleepTime: 30,
  };
  it.each([
    [
      "a full configuration, server last",
      full,
      "setparam 2001:m2m.example;10000:60;10050:60;11104:120;103:30;2004:gps.example.com;2005:5027;2006:0",
    ],
    [
      "numeric strings, rounded",
      { interval: "30.4", speedLimit: "90" },
      "setparam 10000:30;10050:30;11104:90",
    ],
    [
      "a server without a port is left out",
      { apn: "m2m", server: "gps.example.com", port: "" },
      "setparam 2001:m2m",
    ],
    ["separators in a value are left out", { apn: "bad;apn", interval: 10 }, "setparam 10000:10;10050:10"],
    ["nothing to send", { apn: "", server: "", port: "", interval: "abc" }, null],
  ])("%s", (_name, config, expected) => {
    expect(teltonikaConfigCommand(config)).toBe(expected);
  });
});

describe("createTeltonikaSession with Codec 12", () => {
  it("reports a response as a commandResult without an ACK, then goes on with AVL data", () => {
    const s = createTeltonikaSession();
    s.push(hex("000F333536333037303432343431303133"));
    const out = s.push(encodeTeltonikaResponse("New value 2004:gps.example.com;"));
    expect(out.error).toBeNull();
    expect(out.replies).toEqual([]);
    expect(out.messages).toHaveLength(1);
    expect(out.messages[0]).toMatchObject({
      kind: "commandResult",
      imei: "356307042441013",
      positions: [],
      ack: null,
      attributes: { result: "New value 2004:gps.example.com;" },
    });
  });

  it("gives each message the bytes of its own frame, when one read holds several", () => {
    const s = createTeltonikaSession();
    const login = hex("000F333536333037303432343431303133");
    const one = encodeTeltonikaResponse("one");
    const two = encodeTeltonikaResponse("two");
    const out = s.push(Buffer.concat([login, one, two]));
    expect(out.messages.map((m) => m.raw)).toEqual([login, one, two]);
  });

  it("hands over a response's text without NUL or other control bytes", () => {
    const s = createTeltonikaSession();
    s.push(hex("000F333536333037303432343431303133"));
    const out = s.push(encodeTeltonikaResponse("Param\u0000 ok\u001b\r\nnext\u0085"));
    expect(out.messages[0]?.attributes.result).toBe("Param ok\r\nnext");
  });

  it("closes on a corrupt response", () => {
    const s = createTeltonikaSession();
    s.push(hex("000F333536333037303432343431303133"));
    const bad = encodeTeltonikaResponse("OK");
    bad.writeUInt8(0, bad.length - 1);
    expect(s.push(bad).error).toMatch(/CRC/);
  });
});
