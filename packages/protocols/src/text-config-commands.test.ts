import { describe, expect, it } from "vitest";
import { encodeDeviceCommand } from "./device-commands.ts";
import { decodeH02Frame } from "./h02/codec.ts";
import { textConfigCommands } from "./text-config-commands.ts";

describe("textConfigCommands", () => {
  it.each([
    ["h02", { interval: 30 }, ["S71,22,30"]],
    ["h02", { interval: "60" }, ["S71,22,60"]],
    ["watch", { interval: 300 }, ["UPLOAD,300"]],
    ["h02", { interval: 0 }, []],
    ["h02", { interval: "" }, []],
    ["watch", { apn: "internet", speedLimit: 90 }, []],
    ["gps103", { interval: 30 }, []],
    ["tk103", { interval: 30 }, []],
    ["teltonika", { interval: 30 }, []],
  ] as const)("%s %j → %j", (protocol, config, expected) => {
    expect(textConfigCommands(protocol, config)).toEqual(expected);
  });

  it.each([
    ["h02", "S71,22,30", "*HQ,4209951530,S71,103000,22,30#"],
    ["watch", "UPLOAD,300", "[SG*4209951530*000A*UPLOAD,300]"],
  ])("%s frame of %s", (protocol, text, wire) => {
    const frame = encodeDeviceCommand(protocol, text, {
      imei: "4209951530",
      serial: 1,
      id: 1,
      nowMs: Date.UTC(2026, 0, 1, 10, 30, 0),
    });
    expect(frame?.toString("latin1")).toBe(wire);
  });

  it("the H02 confirmation of S71 decodes as the command's answer", () => {
    const res = decodeH02Frame(
      Buffer.from(
        "*HQ,4209951530,V4,S71,22,30,103000,103005,A,2234.0297,N,11405.9101,E,000.00,000,010126,FFFFFBFF#",
      ),
    );
    expect(res.ok && res.value.kind).toBe("commandResult");
  });
});
