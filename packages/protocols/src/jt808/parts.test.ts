import { describe, expect, it } from "vitest";
import { createJt808Session } from "./codec.ts";

/**
 * A sub-packaged JT/T 808 location written out by hand from the standard's layout, because no public capture of a
 * split message was found (Traccar's Huabao test data has none). The body is that of a real location in the corpus
 * (Traccar's HuabaoProtocolDecoderTest.java: terminal 001401249917, serial 7, 2015-01-01 11:42:57 UTC at
 * -19.591535, -46.912186) cut after its 20th byte into two parts:
 *   message id 0x0200 | properties 0x2000 (sub-packaged) + the part's body length | phone | serial | total | index
 * Check codes and the expected answers (0x8001 with the part's serial and the message id, result 0) were computed
 * with a separate XOR script, not with this package's encoder.
 */
const PART_1 = "7e02002014001401249917000700020001000000000000400e012af16f02cbd2ba00000000d77e";
const PART_2 = "7e0200200e0014012499170008000200020000150101194257010400000077f07e";
const ANSWER_1 = "7e80010005001401249917000000070200003e7e";
const ANSWER_2 = "7e8001000500140124991700010008020000307e";

const frames = (...hex: string[]) => Buffer.from(hex.join(""), "hex");

describe("JT/T 808 sub-packaged messages", () => {
  it("answers each part as it comes and reads the whole location with its last part", () => {
    const out = createJt808Session().push(frames(PART_1, PART_2));
    expect(out.error).toBeNull();
    expect(out.replies.map((r) => r.toString("hex"))).toEqual([ANSWER_1, ANSWER_2]);
    const [first, whole] = out.messages;
    // The first part alone is kept whole for the quarantine: the terminal deletes it once answered.
    expect(first?.undecoded?.reason).toBe("jt808: part 1 of 2 of message 0x0200 not reassembled");
    expect(first?.raw?.toString("hex")).toBe(PART_1);
    expect(whole?.undecoded).toBeUndefined();
    expect(whole?.imei).toBe("001401249917");
    const p = whole?.positions[0];
    expect([p?.ts, p?.lat, p?.lng, p?.valid]).toEqual([
      Date.UTC(2015, 0, 1, 11, 42, 57),
      -19.591535,
      -46.912186,
      true,
    ]);
  });

  it("takes the parts out of order", () => {
    const out = createJt808Session().push(frames(PART_2, PART_1));
    expect(out.replies).toHaveLength(2);
    expect(out.messages.map((m) => m.positions.length)).toEqual([0, 1]);
  });

  it("an incomplete set is quarantined part by part and answered, never read in part nor dropped", () => {
    const s = createJt808Session();
    const out = s.push(frames(PART_1));
    expect(out.replies.map((r) => r.toString("hex"))).toEqual([ANSWER_1]);
    expect(out.messages).toHaveLength(1);
    expect(out.messages[0]?.positions).toEqual([]);
    expect(out.messages[0]?.undecoded).toBeDefined();
    // The same part again (the terminal resent it) is kept again: every copy reaches the quarantine.
    const again = s.push(frames(PART_1));
    expect(again.messages[0]?.undecoded).toBeDefined();
    expect(again.messages[0]?.positions).toEqual([]);
  });
});
