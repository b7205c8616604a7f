import { isFailureAnswer } from "@vigia/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commandText, encodeDeviceCommand } from "../device-commands.ts";
import { createAtrackSession } from "./codec.ts";
import { readAtrackCommand } from "./commands.ts";
import { ATRACK_CONVERSATION, ATRACK_IMEI } from "./fixtures.ts";

/**
 * ATrack text commands and their answers. The answers are real device lines from the public protocol test data of
 * the Traccar project (src/test/java/org/traccar/protocol/AtrackProtocolDecoderTest.java: `$OK`, `$ERROR=101` and
 * an AX7's `$INFO=…`), used as data; the command line's form (the command text, then CR LF) is the one the
 * vendor's configuration examples and that project's encoder write.
 */
const OK = "$OK\r\n";
const ERROR = "$ERROR=101\r\n";
const INFO =
  "$INFO=358683066267395,AX7,Rev.0.61 Build.1624,358683066267395,466924131626767,89886920041316267670,144,0,9,1,12,1,0\r\n";
const target = { imei: ATRACK_IMEI, serial: 1, id: 5, nowMs: 0 };

describe("ATrack commands", () => {
  it("offers a custom text only", () => {
    expect(commandText("atrack", "custom", "AT$INFO=?")).toBe("AT$INFO=?");
    for (const kind of ["engineStop", "engineResume", "reboot"] as const)
      expect(commandText("atrack", kind)).toBeNull();
  });

  it.each([
    ["AT$INFO=?", "41542449 4e464f3d3f 0d0a"],
    ["AT$TRAC=1,60,,,,,2", "4154245452 41433d312c36302c2c2c2c2c32 0d0a"],
  ])("%s goes out as a line ending in CR LF", (text, bytes) => {
    const frame = encodeDeviceCommand("atrack", text, target);
    expect(frame?.toString("hex")).toBe(bytes.replaceAll(" ", ""));
    expect(frame && readAtrackCommand(frame)).toBe(text);
  });

  it.each([
    [OK, "$OK", false],
    [ERROR, "$ERROR=101", true],
    [INFO, INFO.trim(), false],
  ])("the answer %j is the command's result, failed when the device says so", (line, result, failed) => {
    const session = createAtrackSession();
    session.push(ATRACK_CONVERSATION.hello);
    const out = session.push(Buffer.from(line, "latin1"));
    expect(out.error).toBeNull();
    expect(out.messages.map((m) => [m.kind, m.imei, m.attributes.result, m.ack])).toEqual([
      ["commandResult", ATRACK_IMEI, result, null],
    ]);
    expect(out.replies).toEqual([]);
    expect(isFailureAnswer(result)).toBe(failed);
  });

  it("answers and packets split anywhere are read in order, each packet still answered", () => {
    const packet = ATRACK_CONVERSATION.frames[0] ?? Buffer.alloc(0);
    const stream = Buffer.concat([
      ATRACK_CONVERSATION.hello,
      Buffer.from(OK, "latin1"),
      packet,
      Buffer.from(ERROR, "latin1"),
    ]);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: stream.length - 1 }), { maxLength: 6 }),
        (cuts) => {
          const session = createAtrackSession();
          const points = [0, ...cuts.sort((a, b) => a - b), stream.length];
          const kinds: string[] = [];
          let replies = 0;
          for (let i = 1; i < points.length; i++) {
            const out = session.push(stream.subarray(points[i - 1], points[i]));
            expect(out.error).toBeNull();
            kinds.push(...out.messages.map((m) => m.kind));
            replies += out.replies.length;
          }
          expect(kinds).toEqual(["position", "commandResult", "position", "commandResult"]);
          expect(replies).toBe(2);
          expect(session.buffered()).toBe(0);
        },
      ),
    );
  });

  it("an answer before the unit named itself ends the connection (the CLI reads it without a unit)", () => {
    expect(createAtrackSession().push(Buffer.from(OK, "latin1")).error).toMatch(/before the unit/);
    const anonymous = createAtrackSession({ allowAnonymous: true }).push(Buffer.from(OK, "latin1"));
    expect(anonymous.messages.map((m) => [m.kind, m.imei])).toEqual([["commandResult", null]]);
  });

  it("a line that never ends is refused once it outgrows any answer", () => {
    const session = createAtrackSession();
    session.push(ATRACK_CONVERSATION.hello);
    expect(session.push(Buffer.from(`$${"A".repeat(4000)}`, "latin1")).error).toBeNull();
    expect(session.push(Buffer.from("A".repeat(200), "latin1")).error).toMatch(/without a line end/);
  });

  it("reads only command lines", () => {
    expect(readAtrackCommand(Buffer.from("AT$INFO=?\r\n"))).toBe("AT$INFO=?");
    expect(readAtrackCommand(Buffer.from("fe02", "hex"))).toBeNull();
  });
});
