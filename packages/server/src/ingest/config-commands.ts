import {
  CONFIG_COMMAND_PROTOCOLS,
  encodeGt06Command,
  encodeTeltonikaCommand,
  gt06ConfigCommands,
  type TrackerConfig,
  teltonikaConfigCommand,
  textConfigEntries,
} from "@vigia/protocols";
import type { Queryable } from "../kernel/db/database.ts";

/**
 * Device configuration delivered over the device's own protocol. Saving an active configuration puts
 * the device in 'awaiting' (devices/routes.ts saveDevice); when it next connects the gateway sends the commands
 * built here, and only the device's answers to all of them make it 'updated'.
 *
 * The text protocols with configuration commands (H02, watch, GPS103, TK103, Meitrack, Suntech, Queclink:
 * `textConfigEntries`) go out in the same frames as the map commands (`encodeDeviceCommand`, with the
 * connection's dialect), and their answers settle it the same way. A command its protocol defines no answer
 * for (GPS103 timed tracking) is written but not awaited.
 *
 * OsmAnd phones have no command channel (one HTTP request per batch, nothing flows back): their configuration
 * is applied in the phone app, so they keep settling on their next report (settleConfigStates in data.ts).
 */

/** A protocol whose configuration the gateway delivers (`CONFIG_COMMAND_PROTOCOLS`). */
export type CommandProtocol = string;

export const configurable = (protocol: string): boolean => CONFIG_COMMAND_PROTOCOLS.includes(protocol);

/** Builds the frame of one configuration command on a connection; null when the protocol cannot carry it. */
export type ConfigFrame = (protocol: CommandProtocol, text: string) => Buffer | null;

export interface PendingConfig {
  /** config_requested_ts of the configuration these frames carry: an answer only settles that version. */
  requestedTs: number;
  /** Encoded frames to write, in order. */
  frames: Buffer[];
  /** Per frame, whether the device answers it; the configuration settles once every answered one is. */
  answered: boolean[];
}

export interface ConfigCommands {
  pending(protocol: CommandProtocol, imei: string, frameOf: ConfigFrame): Promise<PendingConfig | null>;
  /** Records the answers; false when the configuration changed meanwhile (it stays 'awaiting' for the next visit). */
  acknowledged(imei: string, requestedTs: number, result: string): Promise<boolean>;
}

/** The commands of a configuration for a protocol, in order, each saying whether the device answers it (pure). */
export function configCommandEntries(
  protocol: CommandProtocol,
  config: TrackerConfig,
): { text: string; answered: boolean }[] {
  if (protocol === "gt06") return gt06ConfigCommands(config).map((text) => ({ text, answered: true }));
  if (protocol === "teltonika") {
    const command = teltonikaConfigCommand(config);
    return command === null ? [] : [{ text: command, answered: true }];
  }
  return textConfigEntries(protocol, config);
}

/** The command texts of a configuration for a protocol (pure), in the order sent. */
export const configCommandTexts = (protocol: CommandProtocol, config: TrackerConfig): string[] =>
  configCommandEntries(protocol, config).map((c) => c.text);

/** Teltonika Codec 12 and GT06 0x80 frames; the text protocols go through the gateway's map-command encoder. */
export function binaryConfigFrame(
  protocol: CommandProtocol,
  text: string,
  nextSerial: () => number,
): Buffer | null {
  if (protocol === "gt06") return encodeGt06Command(text, nextSerial());
  if (protocol === "teltonika") return encodeTeltonikaCommand(text);
  return null;
}

export function createConfigCommands(db: Queryable, now: () => number): ConfigCommands {
  return {
    async pending(protocol, imei, frameOf) {
      const rows = await db.query<{ config: TrackerConfig | null; requested: string | number | null }>(
        `select config, config_requested_ts as requested from devices
         where device_id = $1 and config_active and config_state = 'awaiting'`,
        [imei],
      );
      const row = rows[0];
      if (!row) return null;
      const entries = configCommandEntries(protocol, row.config ?? {});
      if (entries.length === 0) return null;
      const frames: Buffer[] = [];
      for (const { text } of entries) {
        const frame = frameOf(protocol, text);
        if (frame === null) return null;
        frames.push(frame);
      }
      return { requestedTs: Number(row.requested ?? 0), frames, answered: entries.map((e) => e.answered) };
    },
    async acknowledged(imei, requestedTs, result) {
      // Only the version that was sent settles: a configuration saved while the device was answering
      // has a newer config_requested_ts and must still be delivered.
      const rows = await db.query<{ id: number }>(
        `update devices set config_state = 'updated',
           config = config || jsonb_build_object('lastResult', $3::text, 'lastResultTs', $4::bigint)
         where device_id = $1 and config_state = 'awaiting' and coalesce(config_requested_ts, 0) = $2
         returning id`,
        [imei, requestedTs, result, now()],
      );
      return rows.length > 0;
    },
  };
}
