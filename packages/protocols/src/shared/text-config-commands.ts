import { type TrackerConfig, wholeNumber } from "./tracker-config.ts";

/**
 * Our configuration as the commands of the text protocols, carried by the same frames as the map
 * commands (`encodeDeviceCommand`) and confirmed by the same answers. One entry per command; `answered` says
 * whether the device's protocol defines an answer to it (only those are awaited, and only they can make a
 * configuration 'updated'). Per protocol, in the order sent (a server/APN change goes last, since the device may
 * reconnect to the new address right after it):
 *
 *  - H02: `S71,22,<seconds>` sets the reporting interval (`*HQ,<id>,S71,<hhmmss>,22,<seconds>#`); the device
 *    confirms with a V4 frame naming S71. Clones that take `D1,<seconds>` instead stay 'awaiting'.
 *  - Watch (3G/SG protocol): `UPLOAD,<seconds>` sets the upload interval; the watch echoes `UPLOAD`.
 *  - GPS103 (Coban): `H,<km/h, 3 digits>` sets the overspeed alarm, confirmed by a report with keyword `ht`;
 *    `C,<NNs|NNm|NNh>` starts timed tracking at the interval. Coban documents no answer to C (the device just
 *    reports at the new rate), so it is sent but not awaited: the `ht` that follows it on the same connection is
 *    what settles the configuration. An interval without a speed limit therefore stays 'awaiting'.
 *  - TK103: `AR00<interval s, 4 hex><duration, 4 hex: 0000 = no end>` sets timed reports, answered by BR01 (the
 *    document's "answer to the isochronous continuous feedback setting", with a fix); `AP12H<max km/h>L<min
 *    km/h>` sets the speed alarm, answered by BP12.
 *  - Meitrack: `A12,<units of 10 s>` time-interval tracking, `B07,<km/h>` speeding alarm, `A21,1,<server>,<port>,
 *    <APN>,,` GPRS parameters (mode 1 = TCP, no APN user or password); each answered `<command>,OK`.
 *  - Suntech ST300 family: `RPT` report parameters `<parking s>;<driving s>;<emergency s>;3;0;0;0;0;0` (the
 *    interval for all three timers; the remaining fields as in Suntech's published setup example), `NTW` network
 *    parameters `0;<APN>;;;<server>;<port>;;;;` (no APN credentials); each answered `<HDR>RPT|NTW;Res;<id>;…`.
 *    They travel as `<model>RPT;<id>;02;…` / `<model>NTW;<id>;02;…` (see `encodeDeviceCommand`).
 *  - Queclink @Track: `GTFRI` fixed-time report, mode 1 with the check and send intervals (fields 8 and 9, the
 *    21-field GL300 layout; empty fields keep the device's values), answered `+ACK:GTFRI`. The device password is
 *    added when the frame is built, from the model the device reported.
 *
 * Left out: sleepTime everywhere (no protocol here has a plain sleep-after-minutes command: Meitrack A73 and the
 * others take sleep levels), and APN/server for H02, watch, GPS103, TK103 and Queclink (password-bound or
 * model-specific forms we cannot confirm).
 */
export const TEXT_CONFIG_PROTOCOLS = [
  "h02",
  "watch",
  "gps103",
  "tk103",
  "meitrack",
  "suntech",
  "gl200",
] as const;

/** Every protocol whose configuration the gateway delivers and the device confirms (the rest settle on a report). */
export const CONFIG_COMMAND_PROTOCOLS: readonly string[] = ["teltonika", "gt06", ...TEXT_CONFIG_PROTOCOLS];

export interface ConfigCommand {
  text: string;
  /** Whether the device answers this command (the answer decodes as a `commandResult`). */
  answered: boolean;
}

/** Values that could end a text frame early or confuse the device's parser are not sent. */
const SAFE_VALUE = /^[\x21-\x7e]{1,100}$/;
const UNSAFE: Record<string, RegExp> = {
  meitrack: /[,*@$]/,
  suntech: /[;\r]/,
};

/** APN, server and port when all three are usable for this protocol, else null. */
function network(
  protocol: string,
  config: TrackerConfig,
): { apn: string; server: string; port: number } | null {
  const apn = config.apn?.trim() ?? "";
  const server = config.server?.trim() ?? "";
  const port = wholeNumber(config.port);
  const bad = (v: string) => !SAFE_VALUE.test(v) || (UNSAFE[protocol]?.test(v) ?? false);
  if (bad(apn) || bad(server) || port === null || port <= 0 || port > 65535) return null;
  return { apn, server, port };
}

const answered = (text: string): ConfigCommand => ({ text, answered: true });

/** Coban's interval notation: two digits and a unit, the largest unit that fits (seconds up to 99). */
export function gps103Interval(seconds: number): string {
  const two = (n: number) => String(Math.min(99, Math.max(1, n))).padStart(2, "0");
  if (seconds >= 3600) return `${two(Math.round(seconds / 3600))}h`;
  if (seconds >= 100) return `${two(Math.round(seconds / 60))}m`;
  return `${two(seconds)}s`;
}

const hex4 = (n: number) => Math.min(0xffff, n).toString(16).toUpperCase().padStart(4, "0");
const digits3 = (n: number) => String(Math.min(999, n)).padStart(3, "0");

/** The configuration commands for a text protocol, in the order to send them; [] when nothing applies. */
export function textConfigEntries(protocol: string, config: TrackerConfig): ConfigCommand[] {
  const raw = wholeNumber(config.interval);
  const interval = raw !== null && raw > 0 ? raw : null;
  const rawSpeed = wholeNumber(config.speedLimit);
  const speed = rawSpeed !== null && rawSpeed > 0 && rawSpeed <= 300 ? rawSpeed : null;
  const out: ConfigCommand[] = [];
  switch (protocol) {
    case "h02":
      if (interval !== null) out.push(answered(`S71,22,${interval}`));
      break;
    case "watch":
      if (interval !== null) out.push(answered(`UPLOAD,${interval}`));
      break;
    case "gps103":
      if (interval !== null) out.push({ text: `C,${gps103Interval(interval)}`, answered: false });
      if (speed !== null) out.push(answered(`H,${digits3(speed)}`));
      break;
    case "tk103":
      if (interval !== null) out.push(answered(`AR00${hex4(interval)}0000`));
      if (speed !== null) out.push(answered(`AP12H${digits3(speed)}L000`));
      break;
    case "meitrack": {
      if (interval !== null)
        out.push(answered(`A12,${Math.min(65535, Math.max(1, Math.round(interval / 10)))}`));
      if (speed !== null) out.push(answered(`B07,${speed}`));
      const net = network(protocol, config);
      if (net) out.push(answered(`A21,1,${net.server},${net.port},${net.apn},,`));
      break;
    }
    case "suntech": {
      if (interval !== null) out.push(answered(`RPT;${interval};${interval};${interval};3;0;0;0;0;0`));
      const net = network(protocol, config);
      if (net) out.push(answered(`NTW;0;${net.apn};;;${net.server};${net.port};;;;`));
      break;
    }
    case "gl200":
      if (interval !== null) out.push(answered(`GTFRI=1,,,,,,${interval},${interval},,,,,,,,,,,,FFFF`));
      break;
  }
  return out;
}

/** The command texts of a configuration for a text protocol, in the order sent; [] when nothing applies. */
export function textConfigCommands(protocol: string, config: TrackerConfig): string[] {
  return textConfigEntries(protocol, config).map((c) => c.text);
}

/**
 * Factory passwords of the Queclink models, by the device-type byte that starts the protocol version of their
 * frames (`02` GL200, `1A` GL300); @Track commands carry the password first. Unknown types get the GL200's.
 */
const QUECLINK_PASSWORDS: Record<string, string> = { "02": "gl200", "1A": "gl300" };
export const queclinkPassword = (protocolVersion: string | undefined): string =>
  QUECLINK_PASSWORDS[protocolVersion?.slice(0, 2).toUpperCase() ?? ""] ?? "gl200";
