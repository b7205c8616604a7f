import { type TrackerConfig, wholeNumber } from "./tracker-config.ts";

/**
 * Our configuration as the commands of the text protocols (issue 20), carried by the same frames as the map commands
 * (`encodeDeviceCommand`) and confirmed by the same answers. Only what each protocol's command set defines exactly:
 *
 *  - H02: `S71,22,<seconds>` sets the reporting interval (`*HQ,<id>,S71,<hhmmss>,22,<seconds>#` on the wire, the
 *    form the Traccar encoder sends); the device confirms with a V4 frame naming S71. Some H02 clones take
 *    `D1,<seconds>` instead: those will stay 'awaiting', which says plainly that the setting did not arrive.
 *  - Watch (3G/SG protocol): `UPLOAD,<seconds>` sets the upload interval; the watch echoes `UPLOAD`.
 *
 * Left out on purpose: APN/server/speed for these protocols (password-bound or model-specific SMS syntax), and the
 * interval for GPS103, TK103, Meitrack, Suntech and Queclink, whose interval commands or answers we do not know
 * exactly enough to claim 'updated' from them.
 */
export const TEXT_CONFIG_PROTOCOLS = ["h02", "watch"] as const;

/** Every protocol whose configuration the gateway delivers and the device confirms (the rest settle on a report). */
export const CONFIG_COMMAND_PROTOCOLS: readonly string[] = ["teltonika", "gt06", ...TEXT_CONFIG_PROTOCOLS];

/** The command texts of a configuration for a text protocol, one per device answer; [] when nothing applies. */
export function textConfigCommands(protocol: string, config: TrackerConfig): string[] {
  const interval = wholeNumber(config.interval);
  if (interval === null || interval <= 0) return [];
  switch (protocol) {
    case "h02":
      return [`S71,22,${interval}`];
    case "watch":
      return [`UPLOAD,${interval}`];
    default:
      return [];
  }
}
