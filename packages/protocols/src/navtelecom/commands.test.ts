import { describe, expect, it } from "vitest";
import { commandText, encodeDeviceCommand } from "../device-commands.ts";
import { createNavtelecomSession } from "./codec.ts";
import { encodeNavtelecomAnswer, navtelecomIdsOf, readNavtelecomCommand } from "./commands.ts";

/**
 * Navtelecom commands in NTCB packets. Used as data: the log-in of the vendor's developer examples
 * (wiki.navtelecom.ru/en/home/developers/flex_examples, `*>S:866795033323864`), the commands and answers of the
 * vendor's command table (wiki.navtelecom.ru/en/home/devices/commands/standard_cmd: `*!SETOUT 1Y,2N` →
 * `*@SETOUT OK,1Y,2N`, `*!DEV_RESET` → `*@DEV_RESET`, `*?V` → `*#V:S-2651:01.00.72:13.05.20:RU`), and the public
 * frame of `*!SETOUT 1Y` in the Traccar project's test data
 * (src/test/java/org/traccar/protocol/NavtelecomProtocolEncoderTest.java). The other packets' headers and XOR
 * checksums were worked out by hand with a small independent script.
 */
const hex = (s: string) => Buffer.from(s, "hex");
const LOGIN = hex("404e544301000000000000001300464d2a3e533a383636373935303333333233383634");
const IMEI = "866795033323864";
const target = (maker?: string) => ({ imei: IMEI, serial: 1, id: 9, nowMs: 0, ...(maker ? { maker } : {}) });

function loggedIn() {
  const session = createNavtelecomSession();
  session.push(LOGIN);
  return session;
}

describe("Navtelecom commands", () => {
  it.each([
    ["engineStop", "*!SETOUT 1Y", "404e544300000000010000000b004f5c2a215345544f5554203159"],
    ["engineResume", "*!SETOUT 1N", "404e544300000000010000000b00584b2a215345544f555420314e"],
    ["reboot", "*!DEV_RESET", "404e544300000000010000000b0056452a214445565f5245534554"],
  ] as const)("%s is %s in an NTCB packet to the device, byte for byte", (kind, text, bytes) => {
    expect(commandText("navtelecom", kind)).toBe(text);
    const frame = encodeDeviceCommand("navtelecom", text, target());
    expect(frame?.toString("hex")).toBe(bytes);
    expect(frame && readNavtelecomCommand(frame)).toEqual({ receiver: 0, sender: 1, text });
  });

  it("a custom text goes to the ids the device's log-in used, swapped", () => {
    expect(navtelecomIdsOf(LOGIN)).toBe("1:0");
    expect(encodeDeviceCommand("navtelecom", "*?V", target("3:7"))?.toString("hex")).toBe(
      "404e544307000000030000000300435d2a3f56",
    );
    expect(navtelecomIdsOf(hex("7e4100"))).toBeUndefined();
  });

  it.each([
    ["404e544301000000000000001100565f2a405345544f5554204f4b2c31592c324e", "*@SETOUT OK,1Y,2N"],
    ["404e544301000000000000000b0037242a404445565f5245534554", "*@DEV_RESET"],
    [
      "404e544301000000000000001f0027202a23563a532d323635313a30312e30302e37323a31332e30352e32303a5255",
      "*#V:S-2651:01.00.72:13.05.20:RU",
    ],
  ])("the device's answer %s is the command's result, unanswered", (frame, result) => {
    const out = loggedIn().push(hex(frame));
    expect(out.error).toBeNull();
    expect(out.messages.map((m) => [m.kind, m.imei, m.attributes.result, m.undecoded])).toEqual([
      ["commandResult", IMEI, result, undefined],
    ]);
    expect(out.replies).toEqual([]);
    expect(encodeNavtelecomAnswer(result).toString("hex")).toBe(frame);
  });

  it("another NTCB body is still kept whole as undecoded, and an answer before the log-in ends the connection", () => {
    const other = loggedIn().push(encodeNavtelecomAnswer("*>T:1"));
    expect(other.messages[0]).toMatchObject({ kind: "unknown" });
    expect(other.messages[0]?.undecoded).toBeDefined();
    expect(createNavtelecomSession().push(encodeNavtelecomAnswer("*@DEV_RESET")).error).toMatch(
      /before login/,
    );
  });

  it("the device reads only whole command packets", () => {
    const frame = encodeDeviceCommand("navtelecom", "*!DEV_RESET", target()) ?? Buffer.alloc(0);
    expect(readNavtelecomCommand(frame.subarray(0, frame.length - 1))).toBeNull();
    expect(readNavtelecomCommand(encodeNavtelecomAnswer("*@DEV_RESET"))).toBeNull();
    const corrupt = Buffer.from(frame);
    corrupt.writeUInt8(corrupt.readUInt8(20) ^ 1, 20);
    expect(readNavtelecomCommand(corrupt)).toBeNull();
  });
});
