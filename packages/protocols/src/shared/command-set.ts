import type { DeviceCommandKind } from "@vigia/domain";

/** The commands with a fixed meaning; `custom` is the user's own text. */
export type FixedCommandKind = Exclude<DeviceCommandKind, "custom">;

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
   * Queclink protocol version (its first byte names the model, whose factory password the commands carry), the
   * Navtelecom log-in's NTCB ids (`<receiver>:<sender>`).
   */
  maker?: string;
}

/**
 * The commands one protocol's codec can put on the wire, declared next to the codec so that the list the map
 * offers and what the gateway can encode are the same thing.
 */
export interface CommandSet {
  /** The wire text of each fixed command the protocol's devices take; a kind missing here is not offered. */
  readonly texts: Readonly<Partial<Record<FixedCommandKind, string>>>;
  /**
   * Whether a custom text is taken, and the characters that delimit the protocol's own frames (a custom text
   * holding one could end the frame early, so it is refused); null delimiters when none can.
   */
  readonly custom: { readonly delimiters: RegExp | null } | null;
  /**
   * Commands the device has no answer to in this protocol: once written they stay `sent`, which means "left
   * Vigia", not "done", and the map says so.
   */
  readonly unanswered: readonly DeviceCommandKind[];
  /** The frame carrying a command's text (from `texts`, a custom text, or a configuration entry). */
  encode(text: string, target: CommandTarget): Buffer;
}
