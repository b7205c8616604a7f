import { describe, expect, it } from "vitest";
import { crc16X25 } from "../shared/crc.ts";
import { decodeGt06Frame } from "./codec.ts";
import {
  encodeGt06Command,
  encodeGt06CommandReply,
  gt06ConfigCommands,
  readGt06Command,
} from "./commands.ts";
import { splitGt06Frames } from "./frame.ts";
import { createGt06Session } from "./session.ts";

const hex = (s: string) => Buffer.from(s.replace(/\s/g, ""), "hex");

/** Wraps length..serial (hex, spaces allowed) in start bits, its CRC-16/X25 and stop bits. */
function frame(body: string, extended = false): Buffer {
  const b = hex(body);
  const crc = crc16X25(b);
  return Buffer.concat([hex(extended ? "7979" : "7878"), b, Buffer.from([crc >> 8, crc & 0xff, 0x0d, 0x0a])]);
}

const ascii = (s: string) => Buffer.from(s, "ascii").toString("hex");
const LOGIN = frame("0D 01 0123456789012345 0001");

describe("GT06 0x80 command encoding", () => {
  it.each([
    // len = 0x80 + cmd length + flag(4) + text + language(2) + serial(2) + CRC(2)
    ["WHERE#", 1, {}, `12 80 0A 00000000 ${ascii("WHERE#")} 0002 0001`],
    ["TIMER,60#", 0x1234, {}, `15 80 0D 00000000 ${ascii("TIMER,60#")} 0002 1234`],
    ["WHERE#", 7, { language: false }, `10 80 0A 00000000 ${ascii("WHERE#")} 0007`],
    ["APN,m2m#", 2, { serverFlag: 0xdeadbeef }, `14 80 0C DEADBEEF ${ascii("APN,m2m#")} 0002 0002`],
  ])("builds %j serial %i as the hand-built frame", (command, serial, options, body) => {
    expect(encodeGt06Command(command, serial, options)).toEqual(frame(body));
  });

  it("has a CRC the frame decoder accepts", () => {
    const r = decodeGt06Frame(encodeGt06Command("SERVER,1,gps.example.com,5023,0#", 9), "x");
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value).toMatchObject({ kind: "unknown", attributes: { protocol: 0x80, serial: 9 } });
  });

  it("refuses a command too long for a short frame", () => {
    expect(() => encodeGt06Command("x".repeat(250), 1)).toThrow(RangeError);
  });
});

describe("GT06 reply decoding", () => {
  const text = "Exec Success!";
  it.each([
    [
      "0x15 with language",
      frame(`${(1 + 1 + 4 + 13 + 2 + 4).toString(16)} 15 11 00000000 ${ascii(text)} 0002 0003`),
      3,
    ],
    [
      "0x15 without language",
      frame(`${(1 + 1 + 4 + 13 + 4).toString(16)} 15 11 00000000 ${ascii(text)} 0004`),
      4,
    ],
    [
      "0x21 ASCII",
      frame(`00 ${(1 + 4 + 1 + 13 + 4).toString(16)} 21 00000000 01 ${ascii(text)} 0005`, true),
      5,
    ],
    [
      "0x21 UTF-16BE",
      frame(
        `00 ${(1 + 4 + 1 + 26 + 4).toString(16)} 21 00000000 02 ${Buffer.from(text, "utf16le").swap16().toString("hex")} 0006`,
        true,
      ),
      6,
    ],
  ])("decodes %s into a commandResult", (_name, packet, serial) => {
    const r = decodeGt06Frame(packet, "0123456789012345");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({ kind: "commandResult", ack: null, attributes: { result: text, serial } });
  });

  it("replaces a lone UTF-16 surrogate and drops NUL in a 0x21 reply", () => {
    // "OK" + a high surrogate with no low half + NUL + "!" in UTF-16BE.
    const body = "004f004bd83d00000021";
    const packet = frame(`00 ${(1 + 4 + 1 + 10 + 4).toString(16)} 21 00000000 02 ${body} 0007`, true);
    const r = decodeGt06Frame(packet, "0123456789012345");
    expect(r.ok && r.value.attributes.result).toBe("OK\ufffd!");
  });

  it("rejects a 0x15 whose command length is shorter than the server flag", () => {
    expect(decodeGt06Frame(frame("08 15 03 000000 0001"), null).ok).toBe(false);
  });

  it("flows through the session after login, unanswered", () => {
    const s = createGt06Session();
    expect(s.push(LOGIN).replies).toHaveLength(1);
    const out = s.push(frame(`0C 15 06 00000000 ${ascii("OK")} 0002`));
    expect(out.error).toBeNull();
    expect(out.replies).toEqual([]);
    expect(out.messages[0]).toMatchObject({
      kind: "commandResult",
      imei: "123456789012345",
      attributes: { result: "OK" },
    });
  });
});

describe("gt06ConfigCommands", () => {
  it.each([
    [
      "a full configuration, server last, domain mode",
      {
        apn: "m2m.example",
        server: "gps.example.com",
        port: 5023,
        speedLimit: 120,
        interval: 60,
        sleepTime: 30,
      },
      ["APN,m2m.example#", "TIMER,60#", "SPEED,ON,20,120,1#", "SERVER,1,gps.example.com,5023,0#"],
    ],
    ["an IP server uses mode 0", { server: "203.0.113.7", port: "5023" }, ["SERVER,0,203.0.113.7,5023,0#"]],
    ["delimiters and out-of-range figures are left out", { apn: "a,b", speedLimit: 300, interval: 0 }, []],
  ])("%s", (_name, config, expected) => {
    expect(gt06ConfigCommands(config)).toEqual(expected);
  });
});

describe("GT06 commands as the terminal reads and answers them", () => {
  it("reads the text and server flag of a 0x80 command", () => {
    const { packets } = splitGt06Frames(encodeGt06Command("RELAY,1#", 5, { serverFlag: 77 }));
    expect(readGt06Command(packets[0]!.content)).toEqual({ serverFlag: 77, text: "RELAY,1#" });
  });

  it("refuses a command whose length runs past the content", () => {
    expect(readGt06Command(hex("0A 00000000 41"))).toBeNull();
    expect(readGt06Command(hex("03 00000000"))).toBeNull();
  });

  it("answers with a 0x15 reply the server decodes, echoing the flag", () => {
    const reply = encodeGt06CommandReply(77, "Cut off the fuel supply: Success!", 9);
    expect(reply).toEqual(frame(`2D 15 25 0000004D ${ascii("Cut off the fuel supply: Success!")} 0002 0009`));
    const decoded = decodeGt06Frame(reply, "0123456789012345");
    expect(decoded.ok).toBe(true);
    expect(JSON.stringify(decoded)).toContain("Cut off the fuel supply: Success!");
  });
});
