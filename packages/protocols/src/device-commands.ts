import type { DeviceCommandKind } from "@vigia/domain";
import { encodeGt06Command } from "./gt06/commands.ts";
import { meitrackFrame } from "./meitrack/codec.ts";
import { encodeTeltonikaCommand } from "./teltonika/commands.ts";
import { watchFrame } from "./watch/codec.ts";

/**
 * Which commands each protocol can carry (issues 20 and 21), the text each kind becomes, and the frame that text
 * travels in. Only protocols whose devices confirm a command get one here: an answer is what turns a command from
 * `sent` into `answered`. Protocols not listed (OsmAnd, MQTT, GPS103, TK103, Suntech, Wialon, Ruptela, Galileosky)
 * have no command channel in Vigia yet, and the map offers them nothing.
 *
 *  - Teltonika FMB, Codec 12: `setdigout 1` / `setdigout 0` switch DOUT1, the output the engine-blocking relay is
 *    wired to (installation guides for FMB immobilisers); `cpureset` reboots.
 *  - GT06 / Concox, 0x80 online command: `RELAY,1#` cuts oil and electricity, `RELAY,0#` restores them; `RESET#`.
 *  - H02: `*HQ,<id>,<command>,<hhmmss>,<parameters>#`; S20 with 1 cuts fuel (the pulse pattern that stops a
 *    running engine gradually), with 0 restores it. The device confirms with a V4 frame naming the command.
 *  - Meitrack: `@@<flag><length>,<imei>,<command>*<checksum>\r\n`; C01 sets the five outputs (1 on, 0 off, 2 keep):
 *    output A drives the immobiliser relay. The device answers `$$…,<imei>,C01,OK*…`.
 *  - Watch: `[SG*<id>*<length>*RESET]` restarts the watch; the watch echoes the keyword.
 *  - Queclink @Track: only custom `AT+GT…$` commands, since every one of them needs the device's own password.
 */
export const PROTOCOL_COMMANDS: Record<string, readonly DeviceCommandKind[]> = {
  teltonika: ["engineStop", "engineResume", "reboot", "custom"],
  gt06: ["engineStop", "engineResume", "reboot", "custom"],
  h02: ["engineStop", "engineResume", "custom"],
  meitrack: ["engineStop", "engineResume", "custom"],
  watch: ["reboot", "custom"],
  gl200: ["custom"],
};

const TEXTS: Record<string, Partial<Record<Exclude<DeviceCommandKind, "custom">, string>>> = {
  teltonika: { engineStop: "setdigout 1", engineResume: "setdigout 0", reboot: "cpureset" },
  gt06: { engineStop: "RELAY,1#", engineResume: "RELAY,0#", reboot: "RESET#" },
  h02: { engineStop: "S20,1,3,10,3,5,5,3,5,3,5,3,5", engineResume: "S20,0,0" },
  meitrack: { engineStop: "C01,0,12222", engineResume: "C01,0,02222" },
  watch: { reboot: "RESET" },
};

/** The commands a protocol supports; none for an unknown protocol. */
export const commandsOf = (protocol: string): readonly DeviceCommandKind[] =>
  Object.hasOwn(PROTOCOL_COMMANDS, protocol) ? (PROTOCOL_COMMANDS[protocol] ?? []) : [];

/** Printable ASCII only: anything else could break the frame or the device's parser. */
const PRINTABLE = /^[\x20-\x7e]{1,160}$/;
/** Characters that delimit the text protocols' own frames, so a custom text cannot end one early. */
const FRAME_DELIMITERS: Record<string, RegExp> = { h02: /[#*]/, meitrack: /[*\r\n]/, watch: /[[\]]/ };

/** The wire text of a command for a protocol, or null when the protocol cannot carry it. */
export function commandText(protocol: string, kind: DeviceCommandKind, custom = ""): string | null {
  if (!commandsOf(protocol).includes(kind)) return null;
  if (kind === "custom") {
    if (!PRINTABLE.test(custom) || FRAME_DELIMITERS[protocol]?.test(custom)) return null;
    return custom;
  }
  return TEXTS[protocol]?.[kind] ?? null;
}

/** What the connection knows about the device a command frame is for. */
export interface CommandTarget {
  /** The identifier the device reports (IMEI or the protocol's device id). */
  imei: string;
  /** Per-connection counter (GT06 serial, Meitrack flag). */
  serial: number;
  /** The command's id: GT06 echoes it back as the server flag, for people reading captures. */
  id: number;
  /** Server time; H02 commands carry it. */
  nowMs: number;
  /** The watch maker code the device uses in its own frames (`SG`, `3G`…); `SG` when unknown. */
  maker?: string;
}

const hhmmss = (ms: number): string => new Date(ms).toISOString().slice(11, 19).replaceAll(":", "");

/** The frame carrying a command's text to a device of this protocol, or null when it has no command channel. */
export function encodeDeviceCommand(protocol: string, text: string, target: CommandTarget): Buffer | null {
  switch (protocol) {
    case "teltonika":
      return encodeTeltonikaCommand(text);
    case "gt06":
      return encodeGt06Command(text, target.serial, { serverFlag: target.id });
    case "h02": {
      const comma = text.indexOf(",");
      const [command, parameters] = comma < 0 ? [text, ""] : [text.slice(0, comma), text.slice(comma)];
      return Buffer.from(`*HQ,${target.imei},${command},${hhmmss(target.nowMs)}${parameters}#`, "latin1");
    }
    case "meitrack":
      return meitrackFrame(String.fromCharCode(0x41 + (target.serial % 26)), `,${target.imei},${text}`, "@@");
    case "watch":
      return watchFrame(target.maker ?? "SG", target.imei, text);
    case "gl200":
      return Buffer.from(text.endsWith("$") ? text : `${text}$`, "latin1");
    default:
      return null;
  }
}
