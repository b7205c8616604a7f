import { describe, expect, it } from "vitest";
import { commandText, encodeDeviceCommand } from "./device-commands.ts";
import {
  createGalileoskySession,
  decodeGalileoskyPacket,
  encodeGalileoskyCommand,
} from "./galileosky/codec.ts";
import { decodeGl200Frame } from "./gl200/codec.ts";
import { decodeGps103Frame, encodeGps103Confirmation } from "./gps103/codec.ts";
import { decodeH02Frame } from "./h02/codec.ts";
import { decodeJt808Frame, encodeJt808Answer, readJt808ServerFrame } from "./jt808/codec.ts";
import { decodeMeitrackFrame, meitrackFrame } from "./meitrack/codec.ts";
import { decodeRuptelaPacket, encodeRuptelaCommandAnswer } from "./ruptela/codec.ts";
import { crc16Kermit, crc16Modbus } from "./shared/crc.ts";
import { decodeSuntechFrame } from "./suntech/codec.ts";
import { decodeTk103Frame } from "./tk103/codec.ts";
import { decodeWatchFrame, watchFrame } from "./watch/codec.ts";
import { createWialonSession, encodeWialonLogin } from "./wialon/codec.ts";

const target = { imei: "4106000054", serial: 2, id: 77, nowMs: Date.UTC(2026, 10, 24, 13, 3, 5) };

describe("commands of the text protocols", () => {
  it.each([
    ["h02", "engineStop", "", "S20,1,3,10,3,5,5,3,5,3,5,3,5"],
    ["h02", "engineResume", "", "S20,0,0"],
    ["h02", "reboot", "", null],
    ["h02", "custom", "S71,22,30", "S71,22,30"],
    ["h02", "custom", "S71#,22", null],
    ["meitrack", "engineStop", "", "C01,0,12222"],
    ["meitrack", "engineResume", "", "C01,0,02222"],
    ["meitrack", "custom", "A10", "A10"],
    ["meitrack", "custom", "A10*FF", null],
    ["watch", "reboot", "", "RESET"],
    ["watch", "engineStop", "", null],
    ["watch", "custom", "UPLOAD,600", "UPLOAD,600"],
    ["watch", "custom", "UPLOAD]", null],
    ["gl200", "custom", "AT+GTRTO=gl300,3,,,,,,FFFF$", "AT+GTRTO=gl300,3,,,,,,FFFF$"],
    ["gl200", "reboot", "", null],
    ["gps103", "engineStop", "", "J"],
    ["gps103", "engineResume", "", "K"],
    ["gps103", "reboot", "", null],
    ["gps103", "custom", "C,30s", "C,30s"],
    ["gps103", "custom", "C;30s", null],
    ["tk103", "engineStop", "", "AV010"],
    ["tk103", "engineResume", "", "AV011"],
    ["tk103", "reboot", "", "AT00"],
    ["tk103", "custom", "AP00", "AP00"],
    ["tk103", "custom", "AP00)", null],
    ["suntech", "engineStop", "", "Enable1"],
    ["suntech", "engineResume", "", "Disable1"],
    ["suntech", "reboot", "", "Reboot"],
    ["suntech", "custom", "StatusReq", "StatusReq"],
    ["suntech", "custom", "Preset;1", null],
    ["wialon", "custom", "OUT1=1", "OUT1=1"],
    ["wialon", "custom", "a#b", null],
    ["wialon", "engineStop", "", null],
    ["ruptela", "custom", "setio 1,1", "setio 1,1"],
    ["ruptela", "reboot", "", null],
    ["galileosky", "engineStop", "", "Out 0,1"],
    ["galileosky", "engineResume", "", "Out 0,0"],
    ["galileosky", "reboot", "", "Reset"],
    ["jt808", "reboot", "", "8105:4"],
    ["jt808", "custom", "RELAY,1#", "RELAY,1#"],
    ["jt808", "engineStop", "", null],
    ["egts", "custom", "STATUS", "STATUS"],
    ["egts", "reboot", "", null],
    ["atrack", "custom", "AT$INFO=?", "AT$INFO=?"],
    ["atrack", "engineStop", "", null],
    ["mqtt", "custom", "x", null],
  ] as const)("%s %s %s → %s", (protocol, kind, text, expected) => {
    expect(commandText(protocol, kind, text)).toBe(expected);
  });
});

describe("command frames as the devices read them", () => {
  it("H02 puts the server time after the command word", () => {
    expect(String(encodeDeviceCommand("h02", "S20,0,0", target))).toBe("*HQ,4106000054,S20,130305,0,0#");
    expect(String(encodeDeviceCommand("h02", "R1", target))).toBe("*HQ,4106000054,R1,130305#");
  });

  it("Meitrack frames with @@, the length from the first comma to CR LF, and the byte-sum checksum", () => {
    const frame = encodeDeviceCommand("meitrack", "C01,0,12222", { ...target, imei: "353358017784062" })!;
    const text = String(frame);
    expect(text).toMatch(/^@@C\d+,353358017784062,C01,0,12222\*[0-9A-F]{2}\r\n$/);
    const sum = (s: string) => [...Buffer.from(s, "latin1")].reduce((a, b) => a + b, 0) % 256;
    const star = text.indexOf("*");
    expect(Number.parseInt(text.slice(star + 1, star + 3), 16)).toBe(sum(text.slice(0, star + 1)));
    expect(Number(text.slice(3, text.indexOf(",")))).toBe(text.length - text.indexOf(","));
  });

  it("watch frames use the device's maker code and the keyword as content", () => {
    expect(String(encodeDeviceCommand("watch", "RESET", { ...target, maker: "3G" }))).toBe(
      "[3G*4106000054*0005*RESET]",
    );
    expect(String(encodeDeviceCommand("watch", "RESET", target))).toBe("[SG*4106000054*0005*RESET]");
  });

  it("@Track commands end with $", () => {
    expect(String(encodeDeviceCommand("gl200", "AT+GTRTO=gl300,3,,,,,,FFFF", target))).toBe(
      "AT+GTRTO=gl300,3,,,,,,FFFF$",
    );
  });

  it("protocols without a command channel get no frame", () => {
    expect(encodeDeviceCommand("osmand", "x", target)).toBeNull();
    expect(encodeDeviceCommand("mqtt", "J", target)).toBeNull();
  });
});

describe("device answers to commands", () => {
  it("a watch echoing a command keyword answers it; other unsolicited keywords do not", () => {
    const reset = decodeWatchFrame(watchFrame("SG", "4106000054", "RESET"));
    expect(reset.ok && reset.value.kind).toBe("commandResult");
    expect(reset.ok && reset.value.attributes.result).toBe("RESET");
    const upload = decodeWatchFrame(watchFrame("3G", "4106000054", "UPLOAD,600"));
    expect(upload.ok && upload.value.attributes.result).toBe("UPLOAD,600");
    const other = decodeWatchFrame(watchFrame("SG", "4106000054", "TKQ"));
    expect(other.ok && other.value.kind).toBe("unknown");
  });

  it("an H02 V4 confirmation answers the command and keeps its fix", () => {
    const v4 = decodeH02Frame(
      Buffer.from(
        "*HQ,4106000054,V4,S20,DONE,130305,130306,A,4024.7385,N,00342.2876,W,000.00,0,241126,FFFFFBFF#",
      ),
    );
    if (!v4.ok) throw new Error(v4.error);
    expect(v4.value.kind).toBe("commandResult");
    expect(v4.value.attributes.result).toBe("S20,DONE,130305");
    expect(v4.value.positions).toHaveLength(1);
  });

  it("a Meitrack answer and an @Track ACK are command results", () => {
    const answer = decodeMeitrackFrame(meitrackFrame("C", ",353358017784062,C01,OK"));
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.value.kind).toBe("commandResult");
    expect(answer.value.attributes.result).toBe("C01,OK");
    const ack = decodeGl200Frame(
      Buffer.from("+ACK:GTRTO,300400,860599001234567,,REBOOT,0001,20261124130305,11F0$"),
    );
    if (!ack.ok) throw new Error(ack.error);
    expect(ack.value.kind).toBe("commandResult");
  });
});

describe("command frames of GPS103, TK103, Suntech, Wialon, Ruptela and Galileosky", () => {
  const imei = "359586015829802";
  it.each([
    ["gps103", "J", {}, "**,imei:359586015829802,J"],
    ["gps103", "C,30s", {}, "**,imei:359586015829802,C,30s"],
    ["tk103", "AV010", { imei: "013632782450" }, "(013632782450AV010)"],
    ["tk103", "AT00", { imei: "13632782450" }, "(013632782450AT00)"],
    ["suntech", "Enable1", { imei: "205000001" }, "ST300CMD;205000001;02;Enable1\r"],
    ["suntech", "Reboot", { imei: "205000001", maker: "SA200" }, "SA200CMD;205000001;02;Reboot\r"],
    ["wialon", "OUT1=1", {}, "#M#OUT1=1\r\n"],
    ["wialon", "OUT1=1", { maker: "2.0" }, "#M#OUT1=1;7E48\r\n"],
  ] as const)("%s %s → %j", (protocol, text, over, expected) => {
    const frame = encodeDeviceCommand(protocol, text, { ...target, imei, ...over });
    expect(frame?.toString("latin1")).toBe(expected);
  });

  it("Ruptela: length, 108 (SMS via GPRS), the text and the CRC-16/KERMIT of type and text, without IMEI", () => {
    const frame = encodeDeviceCommand("ruptela", "setio 1,1", target)!;
    expect(frame.readUInt16BE(0)).toBe(frame.length - 4);
    expect(frame.readUInt8(2)).toBe(108);
    expect(frame.toString("latin1", 3, frame.length - 2)).toBe("setio 1,1");
    expect(frame.readUInt16BE(frame.length - 2)).toBe(crc16Kermit(frame, 2, frame.length - 2));
  });

  it("Galileosky: IMEI, device id 0, the command number and the text, CRC-16/MODBUS little-endian", () => {
    const frame = encodeDeviceCommand("galileosky", "Out 0,1", { ...target, imei })!;
    expect(frame.readUInt8(0)).toBe(0x01);
    expect(frame.readUInt16LE(1)).toBe(frame.length - 5);
    expect(frame.subarray(3, 19).toString("latin1")).toBe(`\x03${imei}`);
    expect([...frame.subarray(19, 22)]).toEqual([0x04, 0, 0]);
    expect(frame.readUInt8(22)).toBe(0xe0);
    expect(frame.readUInt32LE(23)).toBe(target.id);
    expect(frame.subarray(27, 36).toString("latin1")).toBe("\xe1\x07Out 0,1");
    expect(frame.readUInt16LE(frame.length - 2)).toBe(crc16Modbus(frame, 0, frame.length - 2));
  });
});

describe("JT/T 808 commands as the terminal reads them", () => {
  const phone = "013511221122";
  it("reboot is terminal control (0x8105) with command word 4; a custom text a display text message (0x8300)", () => {
    const reboot = readJt808ServerFrame(
      encodeDeviceCommand("jt808", "8105:4", { ...target, imei: phone, serial: 3 })!,
    );
    expect(reboot).toEqual({ id: 0x8105, serial: 3, body: Buffer.from([4]) });
    const text = readJt808ServerFrame(
      encodeDeviceCommand("jt808", "RELAY,1#", { ...target, imei: phone, serial: 4 })!,
    );
    expect(text?.id).toBe(0x8300);
    expect(text?.body.toString("latin1")).toBe("\x04RELAY,1#");
  });

  it("the terminal's general response (0x0001) is the command's result", () => {
    const answer = decodeJt808Frame(encodeJt808Answer(phone, 9, { id: 0x8105, serial: 3 }));
    expect(answer.ok && answer.value).toMatchObject({
      kind: "commandResult",
      imei: phone,
      ack: null,
      attributes: { result: "0x8105 #3: success" },
    });
  });
});

describe("answers of GPS103, TK103, Suntech, Wialon, Ruptela and Galileosky", () => {
  const result = (r: { ok: boolean; value?: unknown; error?: string }) => {
    if (!r.ok) throw new Error(r.error);
    const m = r.value as { kind: string; imei: string | null; attributes: Record<string, unknown> };
    return { kind: m.kind, imei: m.imei, result: m.attributes.result };
  };
  it.each([
    [
      "gps103 jt",
      decodeGps103Frame(encodeGps103Confirmation("359586015829802", "J")),
      "359586015829802",
      "jt",
    ],
    ["tk103 BV01", decodeTk103Frame(Buffer.from("(013632782450BV010)")), "013632782450", "BV010"],
    ["tk103 BT00", decodeTk103Frame(Buffer.from("(013632782450BT00)")), "013632782450", "BT00"],
    [
      "suntech Res",
      decodeSuntechFrame(Buffer.from("ST300CMD;Res;205000001;02;Enable1\r")),
      "205000001",
      "02;Enable1",
    ],
    [
      "ruptela type 7",
      decodeRuptelaPacket(encodeRuptelaCommandAnswer("013226005504143", "DOUT1 ON")),
      "013226005504143",
      "DOUT1 ON",
    ],
    [
      "galileosky 0xE1",
      decodeGalileoskyPacket(encodeGalileoskyCommand("359586015829802", 77, "OUT 0,1"), null),
      "359586015829802",
      "OUT 0,1",
    ],
  ] as const)("%s is a command result", (_name, decoded, imei, text) => {
    expect(result(decoded)).toEqual({ kind: "commandResult", imei, result: text });
  });

  it("a GPS103 confirmation that carries a fix keeps it", () => {
    const frame = Buffer.from(
      "imei:359586015829802,jt,0809231929,13554900601,F,112909.397,A,2234.4669,N,11354.3287,E,0.11,;",
    );
    const decoded = decodeGps103Frame(frame);
    if (!decoded.ok) throw new Error(decoded.error);
    expect(decoded.value.kind).toBe("commandResult");
    expect(decoded.value.positions).toHaveLength(1);
  });

  it("Wialon #AM# after the login answers the message; 0 is a failure", () => {
    const session = createWialonSession();
    session.push(encodeWialonLogin("2000000001", "pw", "1.1"));
    const ok = session.push(Buffer.from("#AM#1\r\n#AM#0\r\n"));
    expect(ok.messages.map((m) => [m.kind, m.imei, m.attributes.result])).toEqual([
      ["commandResult", "2000000001", "message received"],
      ["commandResult", "2000000001", "failed: #AM#0"],
    ]);
  });

  it("a Galileosky answer is acknowledged like any packet", () => {
    const session = createGalileoskySession();
    const answer = encodeGalileoskyCommand("359586015829802", 3, "OUT 0,1");
    const out = session.push(answer);
    expect(out.messages[0]?.kind).toBe("commandResult");
    expect(out.replies).toEqual([Buffer.concat([Buffer.from([0x02]), answer.subarray(answer.length - 2)])]);
  });
});
