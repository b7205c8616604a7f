import { describe, expect, it } from "vitest";
import { encodeDeviceCommand } from "./device-commands.ts";
import { decodeGl200Frame } from "./gl200/codec.ts";
import { decodeGps103Frame } from "./gps103/codec.ts";
import { decodeH02Frame } from "./h02/codec.ts";
import { decodeMeitrackFrame, meitrackFrame } from "./meitrack/codec.ts";
import {
  gps103Interval,
  queclinkPassword,
  textConfigCommands,
  textConfigEntries,
} from "./shared/text-config-commands.ts";
import { decodeSuntechFrame } from "./suntech/codec.ts";
import { decodeTk103Frame } from "./tk103/codec.ts";

/** What the device form sends for an active configuration. */
const form = {
  apn: "m2m.movistar",
  server: "gw.vigia.demo",
  port: 5020,
  speedLimit: 110,
  interval: 60,
  sleepTime: 15,
};

describe("textConfigCommands", () => {
  it.each([
    ["h02", { interval: 30 }, ["S71,22,30"]],
    ["h02", { interval: "60" }, ["S71,22,60"]],
    ["watch", { interval: 300 }, ["UPLOAD,300"]],
    ["h02", { interval: 0 }, []],
    ["h02", { interval: "" }, []],
    ["watch", { apn: "internet", speedLimit: 90 }, []],
    ["gps103", { interval: 30 }, ["C,30s"]],
    ["gps103", { interval: 120 }, ["C,02m"]],
    ["gps103", { interval: 7200 }, ["C,02h"]],
    ["gps103", form, ["C,60s", "H,110"]],
    ["gps103", { speedLimit: 60 }, ["H,060"]],
    ["tk103", { interval: 30 }, ["AR00001E0000"]],
    ["tk103", form, ["AR00003C0000", "AP12H110L000"]],
    ["meitrack", form, ["A12,6", "B07,110", "A21,1,gw.vigia.demo,5020,m2m.movistar,,"]],
    ["meitrack", { interval: 5 }, ["A12,1"]],
    // A value with the frame's own delimiters is not sent.
    ["meitrack", { ...form, apn: "a,b" }, ["A12,6", "B07,110"]],
    ["suntech", form, ["RPT;60;60;60;3;0;0;0;0;0", "NTW;0;m2m.movistar;;;gw.vigia.demo;5020;;;;"]],
    ["suntech", { ...form, server: "x;y" }, ["RPT;60;60;60;3;0;0;0;0;0"]],
    ["gl200", form, ["GTFRI=1,,,,,,60,60,,,,,,,,,,,,FFFF"]],
    ["gps103", { speedLimit: 999 }, []],
    ["teltonika", { interval: 30 }, []],
  ] as const)("%s %j → %j", (protocol, config, expected) => {
    expect(textConfigCommands(protocol, config)).toEqual(expected);
  });

  it("GPS103 timed tracking is sent but not awaited: Coban defines no answer to C", () => {
    expect(textConfigEntries("gps103", form)).toEqual([
      { text: "C,60s", answered: false },
      { text: "H,110", answered: true },
    ]);
    expect(textConfigEntries("meitrack", form).every((c) => c.answered)).toBe(true);
  });

  it.each([
    [1, "01s"],
    [99, "99s"],
    [100, "02m"],
    [600, "10m"],
    [3600, "01h"],
    [999_999, "99h"],
  ])("Coban interval %d s → %s", (seconds, text) => {
    expect(gps103Interval(seconds)).toBe(text);
  });

  it.each([
    ["1A0102", "gl300"],
    ["020102", "gl200"],
    ["0F0102", "gl200"],
    [undefined, "gl200"],
  ])("Queclink password for protocol version %s → %s", (version, password) => {
    expect(queclinkPassword(version)).toBe(password);
  });
});

describe("configuration frames", () => {
  const target = { imei: "353358017784062", serial: 1, id: 1, nowMs: Date.UTC(2026, 0, 1, 10, 30, 0) };

  it.each([
    ["h02", "S71,22,30", { imei: "4209951530" }, "*HQ,4209951530,S71,103000,22,30#"],
    ["watch", "UPLOAD,300", { imei: "4209951530" }, "[SG*4209951530*000A*UPLOAD,300]"],
    ["gps103", "C,30s", {}, "**,imei:353358017784062,C,30s"],
    ["gps103", "H,110", {}, "**,imei:353358017784062,H,110"],
    ["tk103", "AR00001E0000", { imei: "013632651491" }, "(013632651491AR00001E0000)"],
    ["tk103", "AP12H110L000", { imei: "013632651491" }, "(013632651491AP12H110L000)"],
    [
      "suntech",
      "RPT;60;60;60;3;0;0;0;0;0",
      { imei: "205027329" },
      "ST300RPT;205027329;02;60;60;60;3;0;0;0;0;0\r",
    ],
    [
      "suntech",
      "NTW;0;apn;;;1.2.3.4;5011;;;;",
      { imei: "205027329", maker: "ST600" },
      "ST600NTW;205027329;02;0;apn;;;1.2.3.4;5011;;;;\r",
    ],
    // The command form still works for the map's commands.
    ["suntech", "Reboot", { imei: "205027329" }, "ST300CMD;205027329;02;Reboot\r"],
    [
      "gl200",
      "GTFRI=1,,,,,,60,60,,,,,,,,,,,,FFFF",
      { maker: "1A0102" },
      "AT+GTFRI=gl300,1,,,,,,60,60,,,,,,,,,,,,FFFF$",
    ],
    ["gl200", "GTFRI=1,,,,,,60,60,,,,,,,,,,,,FFFF", {}, "AT+GTFRI=gl200,1,,,,,,60,60,,,,,,,,,,,,FFFF$"],
  ])("%s frame of %s", (protocol, text, over, wire) => {
    expect(encodeDeviceCommand(protocol, text, { ...target, ...over })?.toString("latin1")).toBe(wire);
  });

  it("the Meitrack A12 frame carries its length and checksum", () => {
    const frame = encodeDeviceCommand("meitrack", "A12,6", target)?.toString("latin1") ?? "";
    expect(frame).toMatch(/^@@B\d+,353358017784062,A12,6\*[0-9A-F]{2}\r\n$/);
  });
});

describe("the devices' answers to configuration commands", () => {
  const kindOf = (res: ReturnType<typeof decodeH02Frame>) => (res.ok ? res.value.kind : res.error);
  const resultOf = (res: ReturnType<typeof decodeH02Frame>) => (res.ok ? res.value.attributes.result : null);

  it("H02 V4 naming S71", () => {
    const res = decodeH02Frame(
      Buffer.from(
        "*HQ,4209951530,V4,S71,22,30,103000,103005,A,2234.0297,N,11405.9101,E,000.00,000,010126,FFFFFBFF#",
      ),
    );
    expect(kindOf(res)).toBe("commandResult");
  });

  it.each([
    // Coban: the H,060 confirmation as a GPS103 device sends it (with a fix, which is kept).
    [
      "imei:359587017470123,ht,1010181032,00420777123456,F,093203.000,A,5004.5378,N,01426.7328,E,0.00,;",
      "ht",
      1,
    ],
    ["imei:359587017470123,ht;", "ht", 0],
  ])("GPS103 %s → %s", (frame, result, positions) => {
    const res = decodeGps103Frame(Buffer.from(frame));
    expect(kindOf(res)).toBe("commandResult");
    expect(resultOf(res)).toBe(result);
    expect(res.ok && res.value.positions.length).toBe(positions);
  });

  it("a GPS103 tracker report is not an answer", () => {
    const res = decodeGps103Frame(
      Buffer.from(
        "imei:359587017470123,tracker,1010181025,00420777123456,F,092548.000,A,5004.5399,N,01426.7352,E,0.58,;",
      ),
    );
    expect(kindOf(res)).toBe("position");
  });

  it.each([
    ["(013632651491BR01130520A3439.9629S05826.3504W000.1175622323.8700000000L000450AC)", "BR01", 1],
    ["(013632651491BP12H110L000)", "BP12H110L000", 0],
  ])("TK103 %s → %s", (frame, result, positions) => {
    const res = decodeTk103Frame(Buffer.from(frame));
    expect(kindOf(res)).toBe("commandResult");
    expect(resultOf(res)).toBe(result);
    expect(res.ok && res.value.positions.length).toBe(positions);
  });

  it("a TK103 BR00 stays a report", () => {
    const res = decodeTk103Frame(
      Buffer.from("(013632651491BR00130520A3439.9629S05826.3504W000.1175622323.8700000000L000450AC)"),
    );
    expect(kindOf(res)).toBe("position");
  });

  it.each(["A12,OK", "B07,OK", "A21,OK"])("Meitrack %s", (answer) => {
    const res = decodeMeitrackFrame(meitrackFrame("B", `,353358017784062,${answer}`));
    expect(kindOf(res)).toBe("commandResult");
    expect(resultOf(res)).toBe(answer);
  });

  it.each([
    ["ST300RPT;Res;205027329;02;60;60;60;3;0;0;0;0;0\r", "02;60;60;60;3;0;0;0;0;0"],
    ["ST300NTW;Res;205027329;02;0;apn;;;1.2.3.4;5011;;;;\r", "02;0;apn;;;1.2.3.4;5011;;;;"],
  ])("Suntech %j", (frame, result) => {
    const res = decodeSuntechFrame(Buffer.from(frame));
    expect(kindOf(res)).toBe("commandResult");
    expect(resultOf(res)).toBe(result);
  });

  it("Queclink +ACK:GTFRI", () => {
    const res = decodeGl200Frame(Buffer.from("+ACK:GTFRI,1A0102,135790246811220,,FFFF,20260101103005,11F0$"));
    expect(kindOf(res)).toBe("commandResult");
    expect(String(resultOf(res))).toMatch(/^GTFRI/);
  });
});
