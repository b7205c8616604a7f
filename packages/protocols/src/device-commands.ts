import type { DeviceCommandKind } from "@vigia/domain";
import { encodeGalileoskyCommand } from "./galileosky/codec.ts";
import { encodeGt06Command } from "./gt06/commands.ts";
import { encodeJt808Command } from "./jt808/codec.ts";
import { meitrackFrame } from "./meitrack/codec.ts";
import { encodeRuptelaCommand, RUPTELA_SMS_VIA_GPRS } from "./ruptela/codec.ts";
import { encodeTeltonikaCommand } from "./teltonika/commands.ts";
import { queclinkPassword } from "./text-config-commands.ts";
import { watchFrame } from "./watch/codec.ts";
import { wialonCommand } from "./wialon/codec.ts";

/**
 * Which commands each protocol can carry (issues 20 and 21), the text each kind becomes, and the frame that text
 * travels in. Only protocols whose devices confirm a command get one here: an answer is what turns a command from
 * `sent` into `answered`. Protocols not listed (OsmAnd, MQTT) have no command channel, and the map offers them
 * nothing.
 *
 *  - Teltonika FMB, Codec 12: `setdigout 1` / `setdigout 0` switch DOUT1, the output the engine-blocking relay is
 *    wired to (installation guides for FMB immobilisers); `cpureset` reboots.
 *  - GT06 / Concox, 0x80 online command: `RELAY,1#` cuts oil and electricity, `RELAY,0#` restores them; `RESET#`.
 *  - H02: `*HQ,<id>,<command>,<hhmmss>,<parameters>#`; S20 with 1 cuts fuel (the pulse pattern that stops a
 *    running engine gradually), with 0 restores it. The device confirms with a V4 frame naming the command.
 *  - Meitrack: `@@<flag><length>,<imei>,<command>*<checksum>\r\n`; C01 sets the five outputs (1 on, 0 off, 2 keep):
 *    output A drives the immobiliser relay. The device answers `$$…,<imei>,C01,OK*…`.
 *  - Watch: `[SG*<id>*<length>*RESET]` restarts the watch; the watch echoes the keyword.
 *  - Queclink @Track: only custom `AT+GT…$` commands, since every one of them needs the device's own password;
 *    configuration commands (`GT…=…`, text-config-commands.ts) get the model's factory password here.
 *  - GPS103 (Coban GPRS protocol): `**,imei:<imei>,J` cuts oil and power, `K` restores them; the device confirms
 *    with a report whose keyword is `jt` / `kt`.
 *  - TK103: `(<id>AV010)` oil control off (AV01 with 0), `(<id>AV011)` on, `(<id>AT00)` restart; the device
 *    answers BV01 / BT00 (the document's "answer oil control" and "answer restart").
 *  - Suntech: `<model>CMD;<id>;02;Enable1` activates output 1 (the blocking relay), `Disable1` releases it,
 *    `Reboot` restarts; the model is the device's own header (ST300, SA200…). It answers `<model>CMD;Res;<id>;…`.
 *  - Wialon IPS: only custom texts, sent as a message to the device (`#M#text`, with the CRC in 2.0), which the
 *    device acknowledges with `#AM#1`: IPS defines no engine or reboot command of its own.
 *  - Ruptela: custom texts as "SMS via GPRS" (type 8), the device's SMS command set; it answers with type 7.
 *  - Galileosky: `Out 0,1` closes output 0 (the immobiliser), `Out 0,0` opens it, `Reset` restarts; the device
 *    answers with the command number and its text in tag 0xE1.
 *  - JT/T 808: reboot is terminal control (0x8105) with command word 4 "terminal reset", written `8105:4`; a custom
 *    text goes as a text message (0x8300) for the terminal's display, which terminals also take as their own
 *    commands. The terminal answers either with its general response (0x0001). The standard's vehicle control
 *    (0x8500) locks doors, not the engine: no engine command.
 */
export const PROTOCOL_COMMANDS: Record<string, readonly DeviceCommandKind[]> = {
  teltonika: ["engineStop", "engineResume", "reboot", "custom"],
  gt06: ["engineStop", "engineResume", "reboot", "custom"],
  h02: ["engineStop", "engineResume", "custom"],
  meitrack: ["engineStop", "engineResume", "custom"],
  watch: ["reboot", "custom"],
  gl200: ["custom"],
  gps103: ["engineStop", "engineResume", "custom"],
  tk103: ["engineStop", "engineResume", "reboot", "custom"],
  suntech: ["engineStop", "engineResume", "reboot", "custom"],
  wialon: ["custom"],
  ruptela: ["custom"],
  galileosky: ["engineStop", "engineResume", "reboot", "custom"],
  jt808: ["reboot", "custom"],
};

const TEXTS: Record<string, Partial<Record<Exclude<DeviceCommandKind, "custom">, string>>> = {
  teltonika: { engineStop: "setdigout 1", engineResume: "setdigout 0", reboot: "cpureset" },
  gt06: { engineStop: "RELAY,1#", engineResume: "RELAY,0#", reboot: "RESET#" },
  h02: { engineStop: "S20,1,3,10,3,5,5,3,5,3,5,3,5", engineResume: "S20,0,0" },
  meitrack: { engineStop: "C01,0,12222", engineResume: "C01,0,02222" },
  watch: { reboot: "RESET" },
  gps103: { engineStop: "J", engineResume: "K" },
  tk103: { engineStop: "AV010", engineResume: "AV011", reboot: "AT00" },
  suntech: { engineStop: "Enable1", engineResume: "Disable1", reboot: "Reboot" },
  galileosky: { engineStop: "Out 0,1", engineResume: "Out 0,0", reboot: "Reset" },
  jt808: { reboot: "8105:4" },
};

/** The commands a protocol supports; none for an unknown protocol. */
export const commandsOf = (protocol: string): readonly DeviceCommandKind[] =>
  Object.hasOwn(PROTOCOL_COMMANDS, protocol) ? (PROTOCOL_COMMANDS[protocol] ?? []) : [];

/** Printable ASCII only: anything else could break the frame or the device's parser. */
const PRINTABLE = /^[\x20-\x7e]{1,160}$/;
/** Characters that delimit the text protocols' own frames, so a custom text cannot end one early. */
const FRAME_DELIMITERS: Record<string, RegExp> = {
  h02: /[#*]/,
  meitrack: /[*\r\n]/,
  watch: /[[\]]/,
  gps103: /;/,
  tk103: /[()]/,
  suntech: /[;\r]/,
  wialon: /[#\r\n]/,
};

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
  /**
   * The dialect the device showed in its own frames: the watch maker code (`SG`, `3G`…, `SG` when unknown), the
   * Suntech model header (`ST300`, `SA200`…, `ST300` when unknown), the Wialon IPS version (`1.1` or `2.0`), the
   * Queclink protocol version (its first byte names the model, whose factory password the commands carry).
   */
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
    case "gl200": {
      // A configuration command (`GTFRI=…`) gets the AT prefix and the device's password; custom ones go as typed.
      const config = /^(GT[A-Z]{3})=(.*)$/.exec(text);
      if (config)
        return Buffer.from(`AT+${config[1]}=${queclinkPassword(target.maker)},${config[2]}$`, "latin1");
      return Buffer.from(text.endsWith("$") ? text : `${text}$`, "latin1");
    }
    case "gps103":
      return Buffer.from(`**,imei:${target.imei},${text}`, "latin1");
    case "tk103":
      return Buffer.from(`(${target.imei.padStart(12, "0").slice(-12)}${text})`, "latin1");
    case "suntech": {
      // Parameter settings (`RPT;…`, `NTW;…`) have their own header; a custom text cannot hold the ';'.
      const setting = /^(RPT|NTW);(.*)$/.exec(text);
      const [kind, body] = setting ? [setting[1], setting[2]] : ["CMD", text];
      return Buffer.from(`${target.maker ?? "ST300"}${kind};${target.imei};02;${body}\r`, "latin1");
    }
    case "wialon":
      return wialonCommand(text, target.maker === "2.0" ? "2.0" : "1.1");
    case "ruptela":
      return encodeRuptelaCommand(RUPTELA_SMS_VIA_GPRS, Buffer.from(text, "latin1"));
    case "galileosky":
      return encodeGalileoskyCommand(target.imei, target.id, text);
    case "jt808":
      return encodeJt808Command(target.imei, target.serial, text);
    default:
      return null;
  }
}
