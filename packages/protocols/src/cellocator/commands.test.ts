import { describe, expect, it } from "vitest";
import { commandsOf, commandText, encodeDeviceCommand, unansweredCommandsOf } from "../device-commands.ts";
import { encodeCellocatorCommand, readCellocatorCommand } from "./codec.ts";

/**
 * Cellocator generic commands (type 0 from the server). The layout is checked against the example the vendor's
 * document gives ("Cellocator Wireless Communication Protocol", inbound generic command: an emergency command to
 * unit 331 with numerator 0x1C, authentication code 0xDDDDDF6E, two transmissions 5 s apart); the reset uses the
 * same layout with command 0x02 and data 0x02, its checksum summed by hand.
 */
const EMERGENCY = "4d434750004b0100001c6edfdddd020201010000020500007c";

describe("Cellocator commands", () => {
  it("writes the document's example byte for byte, and reads it back", () => {
    const example = Buffer.from(EMERGENCY, "hex");
    expect(
      encodeCellocatorCommand(331, 0x1c, {
        code: 0x02,
        data: 0x01,
        authentication: 0xdddddf6e,
        parameters: [2, 5, 0, 0],
      }).toString("hex"),
    ).toBe(example.toString("hex"));
    expect(readCellocatorCommand(example)).toEqual({ unitId: 331, numerator: 0x1c, code: 2, data: 1 });
  });

  it("offers the reset only, with no answer to wait for", () => {
    expect(commandsOf("cellocator")).toEqual(["reboot"]);
    expect(unansweredCommandsOf("cellocator")).toEqual(["reboot"]);
    expect(commandText("cellocator", "custom", "anything")).toBeNull();
  });

  it("the reset is unit state change 0x02 to 0x02, with the connection's numerator", () => {
    const frame = encodeDeviceCommand("cellocator", commandText("cellocator", "reboot") ?? "", {
      imei: "331",
      serial: 0x1c,
      id: 7,
      nowMs: 0,
    });
    // 0x4B + 0x01 + 0x1C + 4 × 0x02 = 0x70.
    expect(frame?.toString("hex")).toBe("4d434750004b0100001c000000000202020200000000000070");
  });

  it("refuses a command whose repeated fields or checksum disagree", () => {
    const frame = encodeCellocatorCommand(331, 1, { code: 2, data: 2 });
    const copy = Buffer.from(frame);
    copy[15] = 3;
    expect(readCellocatorCommand(copy)).toBeNull();
    const bad = Buffer.from(frame);
    bad[24] = (bad[24]! + 1) & 0xff;
    expect(readCellocatorCommand(bad)).toBeNull();
  });
});
