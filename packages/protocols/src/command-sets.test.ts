import { DEVICE_COMMAND_KINDS, type DeviceCommandKind } from "@vigia/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCellocatorCommand } from "./cellocator/codec.ts";
import {
  commandSetOf,
  commandsOf,
  commandText,
  encodeDeviceCommand,
  unansweredCommandsOf,
} from "./device-commands.ts";
import { readJt808ServerFrame } from "./jt808/codec.ts";
import type { protocols } from "./registry.ts";

/**
 * Each codec's command set is what the map offers: a listed command must encode into a frame carrying its text,
 * an unlisted one must be refused, and a protocol without a command set offers nothing.
 */
const EXPECTED: Record<keyof typeof protocols, DeviceCommandKind[]> = {
  teltonika: ["engineStop", "engineResume", "reboot", "custom"],
  gt06: ["engineStop", "engineResume", "reboot", "custom"],
  osmand: [],
  h02: ["engineStop", "engineResume", "custom"],
  gps103: ["engineStop", "engineResume", "custom"],
  tk103: ["engineStop", "engineResume", "reboot", "custom"],
  watch: ["reboot", "custom"],
  wialon: ["custom"],
  gl200: ["custom"],
  meitrack: ["engineStop", "engineResume", "custom"],
  suntech: ["engineStop", "engineResume", "reboot", "custom"],
  ruptela: ["custom"],
  galileosky: ["engineStop", "engineResume", "reboot", "custom"],
  topflytech: ["custom"],
  egts: ["custom"],
  cellocator: ["reboot"],
  atrack: ["custom"],
  eelink: ["engineStop", "engineResume", "reboot", "custom"],
  navtelecom: ["engineStop", "engineResume", "reboot", "custom"],
  jt808: ["reboot", "custom"],
  calamp: [],
};

const target = { imei: "359632100000017", serial: 3, id: 41, nowMs: Date.UTC(2026, 10, 28, 9, 30, 0) };
const names = Object.keys(EXPECTED) as (keyof typeof protocols)[];

describe.each(names)("the %s codec's commands", (name) => {
  it("lists what the codec declares, in the usual order", () => {
    expect(commandsOf(name)).toEqual(EXPECTED[name]);
  });

  it.each(DEVICE_COMMAND_KINDS)("%s encodes when listed and is refused otherwise", (kind) => {
    const text = commandText(name, kind, "STATUS");
    if (!EXPECTED[name].includes(kind)) {
      expect(text).toBeNull();
      return;
    }
    expect(text).not.toBeNull();
    const frame = encodeDeviceCommand(name, text ?? "", target);
    expect(frame).toBeInstanceOf(Buffer);
    if (name === "jt808" && kind === "reboot") {
      // JT/T 808 is binary: the reboot is terminal control (0x8105) with command word 4.
      const read = readJt808ServerFrame(frame ?? Buffer.alloc(0));
      expect(read?.id).toBe(0x8105);
      expect([...(read?.body ?? [])]).toEqual([4]);
      return;
    }
    if (name === "cellocator") {
      // Cellocator is binary: the reset is a generic command, unit state change (0x02) to reset (0x02).
      expect(readCellocatorCommand(frame ?? Buffer.alloc(0))).toMatchObject({ code: 2, data: 2 });
      return;
    }
    // The command word travels in the frame (H02 puts the server time between it and its parameters).
    expect(frame?.toString("latin1")).toContain((text ?? "").split(",")[0]);
  });
});

describe("commands whose delivery the protocol cannot confirm", () => {
  it("are only the GT06 and Cellocator resets, and always among those offered", () => {
    for (const name of names) {
      const unanswered = unansweredCommandsOf(name);
      expect(unanswered).toEqual(name === "gt06" || name === "cellocator" ? ["reboot"] : []);
      for (const k of unanswered) expect(commandsOf(name)).toContain(k);
    }
  });

  it("an unknown protocol has no command set", () => {
    expect(commandSetOf("nope")).toBeNull();
    expect(commandsOf("toString")).toEqual([]);
    expect(unansweredCommandsOf("nope")).toEqual([]);
  });
});

describe("custom texts", () => {
  it("an accepted text never holds a character that delimits the protocol's frames, and encodes", () => {
    const commandable = names.filter((n) => commandsOf(n).includes("custom"));
    fc.assert(
      fc.property(
        fc.constantFrom(...commandable),
        fc.string({
          minLength: 1,
          maxLength: 40,
          unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
        }),
        (name, custom) => {
          const text = commandText(name, "custom", custom);
          const delimiters = commandSetOf(name)?.custom?.delimiters ?? null;
          if (delimiters?.test(custom)) expect(text).toBeNull();
          else expect(text).toBe(custom);
          if (text !== null) expect(encodeDeviceCommand(name, text, target)?.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});
