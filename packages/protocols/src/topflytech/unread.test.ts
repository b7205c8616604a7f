import { describe, expect, it } from "vitest";
import { createTopflytechSession, decodeTopflytechPacket, topflytechAck, topflytechPacket } from "./codec.ts";

/**
 * Topflytech packets whose layout no public document describes: the 0x2626 header's location (TLD2 trackers) and
 * type 0x10. The frames are real ones from Traccar's public test data
 * (src/test/java/org/traccar/protocol/T800xProtocolDecoderTest.java), used as data. Each must be kept whole for the
 * quarantine (its reason naming the type and the header) and still answered with the family's answer, so the
 * device moves on; none may yield a position read from guessed offsets.
 */
const FRAMES = {
  tld2Location:
    "262602005308090865284040309670000f000f0f0000005a47c000050100000020000000008bfd0020022505185300004041dcc9d6c243b3c6410000012712400000000009e2ffffffffffffffffffffffff09",
  tlw10: "27271000247bd00860112047066487210407034238000005d7d17365e625ff640a730148",
  tlw10Longer: "27271000277bb30860112047066487210407022840000004e6215130c50fff620a0c1518000156",
  t880x10:
    "252510003100180865284041080544201221191023000003ffff9702eff820014700000000912a6ac26dff09c200000000",
} as const;

describe("Topflytech packets of unread layouts", () => {
  it.each([
    ["tld2Location", "865284040309670", "topflytech: packet type 0x02 of header 0x2626 not read"],
    ["tlw10", "860112047066487", "topflytech: packet type 0x10 of header 0x2727 not read"],
    ["tlw10Longer", "860112047066487", "topflytech: packet type 0x10 of header 0x2727 not read"],
    ["t880x10", "865284041080544", "topflytech: packet type 0x10 of header 0x2525 not read"],
  ] as const)("%s is kept whole and answered with header, type, serial and IMEI", (name, imei, reason) => {
    const packet = Buffer.from(FRAMES[name], "hex");
    const decoded = decodeTopflytechPacket(packet);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.value).toMatchObject({
      kind: "unknown",
      imei,
      positions: [],
      undecoded: { offset: 15, reason },
    });
    // The answer: the packet's first 3 bytes, length 15, its serial and IMEI.
    expect(decoded.value.ack?.toString("hex")).toBe(
      `${FRAMES[name].slice(0, 6)}000f${FRAMES[name].slice(10, 30)}`,
    );
  });

  it("a 0x2626 device's log-in and heartbeat are the family's: read and answered", () => {
    const session = createTopflytechSession();
    const login = topflytechPacket(0x2626, 0x01, 1, "865284040309670", Buffer.alloc(0));
    const heartbeat = topflytechPacket(0x2626, 0x03, 2, "865284040309670", Buffer.alloc(0));
    const out = session.push(Buffer.concat([login, heartbeat]));
    expect(out.error).toBeNull();
    expect(out.messages.map((m) => [m.kind, m.imei, m.undecoded])).toEqual([
      ["login", "865284040309670", undefined],
      ["heartbeat", "865284040309670", undefined],
    ]);
    expect(out.replies).toEqual([topflytechAck(login), topflytechAck(heartbeat)]);
  });

  it("the session keeps the raw bytes of a kept packet for the quarantine", () => {
    const session = createTopflytechSession({ allowAnonymous: true });
    const packet = Buffer.from(FRAMES.tld2Location, "hex");
    const out = session.push(packet);
    expect(out.messages[0]?.raw).toEqual(packet);
    expect(out.replies).toHaveLength(1);
  });
});
