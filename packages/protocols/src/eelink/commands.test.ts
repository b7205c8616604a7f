import { describe, expect, it } from "vitest";
import { commandText, encodeDeviceCommand } from "../device-commands.ts";
import { decodeEelinkPackage, encodeEelinkInstruction, readEelinkInstruction } from "./codec.ts";

/**
 * Eelink instruction packages (0x80). The expected bytes of the engine stop are the public frame of Traccar's
 * test data (src/test/java/org/traccar/protocol/EelinkProtocolEncoderTest.java: the TCP engine stop, sequence 0,
 * flag 0), used as data; the others follow the same layout with their own text, written out by hand.
 */
const target = (serial: number, id: number) => ({ imei: "352544071750518", serial, id, nowMs: 0 });

describe("Eelink commands", () => {
  it.each([
    ["engineStop", 0, 0, "676780000f0000010000000052454c41592c3123"],
    // RELAY,0#: size 15 (sequence 2 + type 1 + flag 4 + 8 text bytes), sequence 7, flag 0x2a.
    ["engineResume", 7, 42, "676780000f0007010000002a52454c41592c3023"],
    // RESET#: size 13, sequence 0x0102, flag 0x01020304.
    ["reboot", 0x0102, 0x01020304, "676780000d01020101020304524553455423"],
  ] as const)(
    "%s goes out as an instruction package with its text, sequence and flag",
    (kind, serial, id, hex) => {
      const text = commandText("eelink", kind);
      expect(text).not.toBeNull();
      expect(encodeDeviceCommand("eelink", text ?? "", target(serial, id))?.toString("hex")).toBe(hex);
    },
  );

  it("a custom text travels whole, its length in the header", () => {
    const frame = encodeDeviceCommand("eelink", "WHERE#", target(3, 9));
    expect(frame && readEelinkInstruction(frame)).toEqual({ sequence: 3, flag: 9, text: "WHERE#" });
  });

  it("the device's answer in the same layout decodes as the command's result, unanswered", () => {
    const answer = encodeEelinkInstruction(5, 42, "RELAY:ON");
    const decoded = decodeEelinkPackage(answer, "352544071750518");
    expect(decoded.ok && decoded.value).toMatchObject({
      kind: "commandResult",
      ack: null,
      attributes: { result: "RELAY:ON" },
    });
  });

  it("reads only whole instruction packages", () => {
    const frame = encodeEelinkInstruction(1, 2, "RESET#");
    expect(readEelinkInstruction(frame.subarray(0, frame.length - 1))).toBeNull();
    expect(readEelinkInstruction(Buffer.from("676701000201a4", "hex"))).toBeNull();
  });
});
