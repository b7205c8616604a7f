import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commandText, encodeDeviceCommand } from "../device-commands.ts";
import { createEgtsSession, encodeEgtsLogin, readEgtsServerPacket } from "./codec.ts";
import { CC_ERROR, CC_OK } from "./command-data.ts";
import { encodeEgtsCommandAnswer, readEgtsCommand } from "./commands.ts";
import { EGTS_IMEI, EGTS_TID } from "./fixtures.ts";
import { egtsPacketSize } from "./frame.ts";

/**
 * EGTS commands service. No public capture of a command or of a terminal's confirmation was found (the public
 * test data of open-source servers holds teledata only), so every frame below was written out by hand from the
 * layout of the standard's commands service (Order 285 of the Russian Ministry of Transport, the commands
 * service's command data subrecord; the same tables are in GOST 33472), its CRC-8 and CRC-16 worked out with a
 * small independent script, never with these encoders. Terminal 43907626 (`2afa9d02`) is the fixtures' device.
 */
const hex = (s: string) => Buffer.from(s, "hex");

/** The packets of one reply, which may hold several back to back. */
function packets(reply: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let rest = reply; rest.length > 0; ) {
    const size = egtsPacketSize(rest);
    if (size === 0 || size > rest.length) throw new Error("not whole EGTS packets");
    out.push(rest.subarray(0, size));
    rest = rest.subarray(size);
  }
  return out;
}
const target = (serial: number, id: number) => ({ imei: EGTS_IMEI, serial, id, nowMs: 0 });

function loggedIn() {
  const session = createEgtsSession();
  session.push(encodeEgtsLogin(EGTS_TID, EGTS_IMEI, 1));
  return session;
}

describe("EGTS commands", () => {
  it("numbers commands with the connection's own packet counter, never reusing an id its answers took", () => {
    const session = createEgtsSession();
    const ids = (replies: Buffer[]) =>
      replies.flatMap((r) => packets(r).map((p) => readEgtsServerPacket(p)?.id));
    const answered = ids(session.push(encodeEgtsLogin(EGTS_TID, EGTS_IMEI, 1)).replies);
    expect(answered.length).toBeGreaterThan(0);
    const serial = session.nextSerial?.();
    if (serial === undefined) throw new Error("the EGTS session numbers its own packets");
    expect(answered).not.toContain(serial);
    const command = encodeDeviceCommand("egts", "STATUS", target(serial, 7));
    expect(command && readEgtsServerPacket(command)?.id).toBe(serial);
    // The answers go on from there.
    const later = ids(session.push(encodeEgtsLogin(EGTS_TID, EGTS_IMEI, 2)).replies);
    expect(later.length).toBeGreaterThan(0);
    for (const id of later) expect(id).toBeGreaterThan(serial);
  });

  it("offers a custom text only, with no character refused", () => {
    expect(commandText("egts", "custom", "STATUS")).toBe("STATUS");
    expect(commandText("egts", "custom", "a#b;c*")).toBe("a#b;c*");
    for (const kind of ["engineStop", "engineResume", "reboot"] as const)
      expect(commandText("egts", kind)).toBeNull();
  });

  it("a custom text goes out as the free-form command of a commands-service record, byte for byte", () => {
    // Packet 3, record 3 (recipient on the terminal), command data: CT_COM, CID 41, SID 0, no charset, ADR 0,
    // action 0, code EGTS_RAW_DATA, then "STATUS".
    expect(encodeDeviceCommand("egts", "STATUS", target(3, 41))?.toString("hex")).toBe(
      "0100000b001f00030001f61800030040040433150050290000000000000000000000000053544154555348ad",
    );
  });

  it("the terminal reads back the command's id and text from any frame the server writes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffff }),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.string({
          minLength: 1,
          maxLength: 160,
          unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
        }),
        (serial, id, text) => {
          const frame = encodeDeviceCommand("egts", text, target(serial, id)) ?? Buffer.alloc(0);
          expect(readEgtsCommand(frame)).toEqual({ packetId: serial, commandId: id, code: 0, text });
          // A whole packet with both CRCs: the terminal's transport layer takes it.
          expect(readEgtsServerPacket(frame)).toMatchObject({ id: serial, type: 1 });
        },
      ),
    );
  });

  it.each([
    // Confirmation type, the answer's data, and what the command list shows.
    [
      "done, with the answer's text",
      "0100000b0031000700019126000700812afa9d02040433230010290000000000000000000000005354415455533a2047534d20352c20475053203131a0ea",
      41,
      "STATUS: GSM 5, GPS 11",
    ],
    [
      "done, without text",
      "0100000b001c000800012a11000800812afa9d020404330e00102a00000000000000000000000057f6",
      42,
      "OK",
    ],
    [
      "failed",
      "0100000b001c000900016c11000900812afa9d020404330e00112b0000000000000000000000003464",
      43,
      "error",
    ],
    [
      "refused: not a command the terminal takes",
      "0100000b001c000a0001a611000a00812afa9d020404330e00122c0000000000000000000000001dc7",
      44,
      "invalid command",
    ],
    [
      "done, negative answer",
      "0100000b0022000b0001d217000b00812afa9d020404331400152d0000000000000000000000004f5554313d304a8d",
      45,
      "done, negative answer: OUT1=0",
    ],
    [
      "text in CP-1251 (no charset byte)",
      "0100000b0025000d00012c1a000d00812afa9d020404331700102f000000000000000000000000c2fbefeeebede5edeefa91",
      47,
      "Выполнено",
    ],
    [
      "ASCII named by a charset byte, after an authorisation code",
      "0100000b0024000e00013519000e00812afa9d02040433160010300000000000000003010431323334000000004f4b8e91",
      48,
      "OK",
    ],
  ])("a confirmation (%s) is the command's result, its record confirmed", (_case, frame, id, result) => {
    const out = loggedIn().push(hex(frame));
    expect(out.error).toBeNull();
    expect(out.messages.map((m) => [m.kind, m.imei, m.attributes.result, m.attributes.commandId])).toEqual([
      ["commandResult", EGTS_IMEI, result, id],
    ]);
    expect(out.messages[0]?.undecoded).toBeUndefined();
    // The packet is answered like any other: a response naming its id.
    expect(out.replies.map((r) => readEgtsServerPacket(r)?.answers)).toEqual([hex(frame).readUInt16LE(7)]);
  });

  it.each([
    ["a delivery notice", "0100000b0018000f0001d60d000f00812afa9d020404330a00803100000000000000004af4"],
    [
      "an 'in progress' confirmation",
      "0100000b001c000c00010311000c00812afa9d020404330e00162e0000000000000000000000005b69",
    ],
  ])("%s is no result yet: a heartbeat, answered", (_case, frame) => {
    const out = loggedIn().push(hex(frame));
    expect(out.messages.map((m) => [m.kind, m.attributes.result, m.undecoded])).toEqual([
      ["heartbeat", undefined, undefined],
    ]);
    expect(out.replies).toHaveLength(1);
  });

  it.each([
    [
      "a message from the terminal",
      "0100000b001d001000010f12001000812afa9d020404330f003032000000000000000068656c6c6fab57",
    ],
    ["a cut command data subrecord", "0100000b001400110001a409001100812afa9d020404330600100102030405e8c2"],
  ])("%s is kept whole as undecoded, then answered", (_case, frame) => {
    const out = loggedIn().push(hex(frame));
    expect(out.error).toBeNull();
    expect(out.messages[0]).toMatchObject({ kind: "unknown", raw: hex(frame) });
    expect(out.messages[0]?.undecoded?.reason).toMatch(/service 4/);
    expect(out.replies).toHaveLength(1);
  });

  it("the terminal's answer built for the simulator reads as the command's result", () => {
    const ok = loggedIn().push(encodeEgtsCommandAnswer(EGTS_TID, 9, 77, CC_OK, "STATUS OK"));
    expect(ok.messages.map((m) => [m.kind, m.attributes.result, m.attributes.commandId])).toEqual([
      ["commandResult", "STATUS OK", 77],
    ]);
    const failed = loggedIn().push(encodeEgtsCommandAnswer(EGTS_TID, 9, 78, CC_ERROR, "no such command"));
    expect(failed.messages[0]?.attributes.result).toBe("error: no such command");
  });

  it("a confirmation of another object ends the connection, like any of its records", () => {
    const out = loggedIn().push(encodeEgtsCommandAnswer(EGTS_TID + 1, 9, 77, CC_OK, "OK"));
    expect(out.error).toMatch(/another object/);
  });
});
