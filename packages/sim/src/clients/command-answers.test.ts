import { decodeH02Frame, decodeMeitrackFrame, meitrackFrame } from "@vigia/protocols";
import { describe, expect, it } from "vitest";
import { answerTeltonikaCommand, answerTextCommands } from "./command-answers.ts";

describe("simulated FMB answers to Codec 12 commands", () => {
  it.each([
    ["setdigout 1", "DOUT1:1 DOUT2:0 Timeout:INFINITY"],
    ["setdigout 0", "DOUT1:0 DOUT2:0 Timeout:INFINITY"],
    ["cpureset", "Reset in 5 sec"],
    ["setparam 2001:m2m", "New value 2001:m2m"],
    ["bogus", "Unknown command: bogus"],
  ])("%s", (command, answer) => {
    expect(answerTeltonikaCommand(command)).toBe(answer);
  });
});

describe("simulated text-protocol devices confirm the server's commands", () => {
  const last = {
    timeMs: Date.UTC(2026, 10, 24, 12, 0, 0),
    lat: 40.41,
    lng: -3.7,
    altitudeM: 600,
    speedKmh: 0,
    heading: 90,
    satellites: 9,
    ignition: true,
    moving: false,
    odometerM: 0,
    batteryMv: 4000,
    batteryPct: 90,
    charging: false,
    gsm: 4,
    speeding: false,
    events: [],
  };

  it("H02 answers with a V4 naming the command and the device's last fix", () => {
    const out = answerTextCommands("h02", "*HQ,4106000054,S20,120305,0,0#", last);
    const decoded = decodeH02Frame(out.answers[0]!);
    expect(decoded.ok && decoded.value.kind).toBe("commandResult");
    expect(decoded.ok && decoded.value.attributes.result).toBe("S20,DONE,120305");
    expect(out.consumed).toBe("*HQ,4106000054,S20,120305,0,0#".length);
  });

  it("Meitrack answers <command>,OK; a watch echoes the keywords it knows and ignores its LK answer", () => {
    const meitrack = answerTextCommands(
      "meitrack",
      String(meitrackFrame("C", ",353358017784062,C01,0,12222")).replace("$$", "@@"),
      null,
    );
    const decoded = decodeMeitrackFrame(meitrack.answers[0]!);
    expect(decoded.ok && decoded.value.attributes.result).toBe("C01,OK");
    expect(answerTextCommands("watch", "[SG*4106000054*0002*LK]", null).answers).toEqual([]);
    expect(String(answerTextCommands("watch", "[3G*4106000054*0005*RESET]", null).answers[0])).toBe(
      "[3G*4106000054*0005*RESET]",
    );
  });
});
