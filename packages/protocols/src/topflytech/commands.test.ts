import { describe, expect, it } from "vitest";
import { commandsOf, encodeDeviceCommand } from "../device-commands.ts";
import { decodeTopflytechPacket, encodeTopflytechAnswer, readTopflytechCommand } from "./codec.ts";

/**
 * Topflytech server commands (0x81). The expected bytes are the public frame of Traccar's test data
 * (src/test/java/org/traccar/protocol/T800xProtocolEncoderTest.java: the custom text "RELAY,0000,On#" for IMEI
 * 123456789012345 with serial 1), used as data; the device's answer layout is that of the real 0x81 answer in the
 * corpus.
 */
const IMEI = "123456789012345";

describe("Topflytech commands", () => {
  it("offers custom texts only", () => {
    expect(commandsOf("topflytech")).toEqual(["custom"]);
  });

  it("a custom text goes out as a 0x81 packet: head, 0x01, the ASCII text", () => {
    const frame = encodeDeviceCommand("topflytech", "RELAY,0000,On#", {
      imei: IMEI,
      serial: 1,
      id: 5,
      nowMs: 0,
    });
    expect(frame?.toString("hex")).toBe("252581001e000101234567890123450152454c41592c303030302c4f6e23");
  });

  it("keeps the header the device writes (T8803: 0x2323; personal trackers: 0x2727)", () => {
    for (const maker of ["2323", "2727"]) {
      const frame = encodeDeviceCommand("topflytech", "STATUS#", {
        imei: IMEI,
        serial: 2,
        id: 0,
        nowMs: 0,
        maker,
      });
      expect(frame?.toString("hex", 0, 2)).toBe(maker);
      expect(frame && readTopflytechCommand(frame)).toEqual({ serial: 2, text: "STATUS#" });
    }
  });

  it("the device's UTF-16 answer decodes as the command's result, unanswered", () => {
    const decoded = decodeTopflytechPacket(encodeTopflytechAnswer(IMEI, 1, "RELAY ON OK"));
    expect(decoded.ok && decoded.value).toMatchObject({
      kind: "commandResult",
      imei: IMEI,
      ack: null,
      attributes: { result: "RELAY ON OK" },
    });
  });

  it("reads only whole command packets", () => {
    const frame = encodeDeviceCommand("topflytech", "STATUS#", { imei: IMEI, serial: 2, id: 0, nowMs: 0 });
    expect(frame && readTopflytechCommand(frame.subarray(0, frame.length - 1))).toBeNull();
    expect(
      readTopflytechCommand(Buffer.from("252501001504050880061689888888111111250350", "hex")),
    ).toBeNull();
  });
});
