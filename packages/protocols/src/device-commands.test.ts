import { describe, expect, it } from "vitest";
import { commandText, encodeDeviceCommand } from "./device-commands.ts";
import { decodeGl200Frame } from "./gl200/codec.ts";
import { decodeH02Frame } from "./h02/codec.ts";
import { decodeMeitrackFrame, meitrackFrame } from "./meitrack/codec.ts";
import { decodeWatchFrame, watchFrame } from "./watch/codec.ts";

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
    ["gps103", "custom", "J", null],
    ["suntech", "engineStop", "", null],
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
    expect(encodeDeviceCommand("gps103", "J", target)).toBeNull();
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
