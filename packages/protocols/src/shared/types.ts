/**
 * Normalized output of every device protocol decoder. Decoders translate vendor-specific
 * fields into these shapes so that the rest of the ingest pipeline never needs to know
 * which protocol a position came from. Attribute names are documented in README.md.
 */

/** 1 GPS fix, 2 GPS without fix (last known / invalid), 3 cell id, 4 Wi-Fi, 5 BLE. */
export type PositionSource = 1 | 2 | 3 | 4 | 5;

export type AttributeValue = number | string | boolean;
export type Attributes = Record<string, AttributeValue>;

export interface DecodedPosition {
  /**
   * Epoch ms of the fix, as reported by the device (device clock, UTC); 0 when the device sent no time and the
   * position is marked to take its reception time (`reception-time.ts`).
   */
  ts: number;
  lat: number;
  lng: number;
  /** Metres above sea level. */
  alt: number;
  /** km/h. */
  spd: number;
  /** Degrees 0-359. */
  course: number;
  satt: number;
  valid: boolean;
  src: PositionSource;
  attributes: Attributes;
}

/** A fix as the binary encoders (device side: simulator, tests, fuzz) take it: UTC ms, degrees, km/h, metres. */
export interface EncodableFix {
  timeMs: number;
  lat: number;
  lng: number;
  altitude: number;
  speedKmh: number;
  course: number;
  satellites: number;
  valid: boolean;
  ignition?: boolean;
}

/**
 * What a decoded message is; `commandResult`: the device's answer to a server command, its text in
 * `attributes.result`.
 */
export type MessageKind = "login" | "position" | "heartbeat" | "alarm" | "lbs" | "commandResult" | "unknown";

/** Serving cell reported without a GPS position (GT06 LBS packets). */
export interface CellInfo {
  ts: number;
  mcc: number;
  mnc: number;
  lac: number;
  cid: number;
}

/**
 * A cell tower a device reports (watch UD/AL frames, H02 NBR, GT06 LBS): what a later step turns into a
 * cell-id position. `rssi` is in the device's own scale (dBm for most, 0-100 or bars for some), null if absent.
 */
export interface CellTower {
  mcc: number;
  mnc: number;
  /** LAC (2G/3G) or TAC (LTE). */
  lac: number;
  cid: number;
  rssi: number | null;
}

/** A Wi-Fi access point a device reports: `mac` lower-case "aa:bb:cc:dd:ee:ff", `rssi` in dBm or null. */
export interface WifiAccessPoint {
  mac: string;
  rssi: number | null;
}

/**
 * A Bluetooth beacon the device heard: `id` as the beacon advertises it (iBeacon/AltBeacon "uuid:major:minor",
 * Eddystone-UID "namespace:instance"), `rssi` in dBm. The ingest turns sightings into a BLE position.
 */
export interface BeaconSeen {
  id: string;
  rssi: number;
}

export interface DecodedMessage {
  kind: MessageKind;
  /** Device identifier (IMEI for TCP devices, `id` for OsmAnd); null until the device identified itself. */
  imei: string | null;
  positions: DecodedPosition[];
  /** Bytes to send back to the device for this message, or null when the protocol expects no reply. */
  ack: Buffer | null;
  /** Message-level data that belongs to no position (heartbeat status, cell-only location, ...). */
  attributes: Attributes;
  cell: CellInfo | null;
  /** Cell towers the frame carries (serving cell first), when the protocol reports them. */
  cells?: CellTower[];
  /** Wi-Fi access points the frame carries, when the protocol reports them. */
  wifi?: WifiAccessPoint[];
  /** Bluetooth beacons the frame carries, when the protocol reports them. */
  beacons?: BeaconSeen[];
  /** The frame's own time (epoch ms) when it carries towers or APs but no position (a watch frame without a fix). */
  ts?: number;
  /**
   * The frame's bytes as received (a view, not a copy), set by the TCP sessions: the server keeps them with a
   * position it could not store, so that what the device sent can be shown.
   */
  raw?: Buffer;
  /**
   * Set when the decoder could not read the whole frame (a tag of unknown size, a record it cannot parse): what it
   * read is in the message, but the rest is not. The frame (`raw`, always set with it) may be acknowledged only
   * once it is durably kept apart with this reason, so that what the device deletes after the ACK is recoverable.
   */
  undecoded?: UndecodedPart;
  /**
   * The secret a log-in carries where the protocol has one (Wialon IPS's password; "" when the device sent none):
   * the server compares it with the device's key. Absent for protocols that carry no secret.
   */
  credential?: string;
}

/** Where and why a decoder stopped reading a frame; `reason` names the protocol: "galileosky: unknown tag 0xE2 at offset 57". */
export interface UndecodedPart {
  /** Byte offset in the frame where reading stopped. */
  offset: number;
  reason: string;
}

/** Pure decoders never throw; they return either a value or a human-readable error. */
export type DecodeResult<T> = { ok: true; value: T } | { ok: false; error: string };

export interface StreamOutput {
  messages: DecodedMessage[];
  /** Bytes to write to the socket, in order. */
  replies: Buffer[];
  /** Set when the stream is unusable (garbage, bad CRC, oversize frame): the caller closes the socket. */
  error: string | null;
}

/** Per-connection framer for TCP protocols: accumulates chunks and decodes complete frames. */
export interface StreamSession {
  push(chunk: Buffer): StreamOutput;
  /** Bytes held while waiting for the rest of a frame (always <= the configured maximum frame size). */
  buffered(): number;
  /** Device identifier learned from the handshake/login, or null. */
  imei(): string | null;
  /**
   * The device stopped sending (the CLI's end of input): decodes a held frame whose end only the end of the
   * stream shows (H02 binary frames carry no length or terminator). Nothing for the other protocols.
   */
  end(): StreamOutput;
  /**
   * The next packet number of the server's side of this connection, where its answers and its commands must share
   * one numbering (EGTS: a terminal may drop a packet whose id it already had from the server). Absent: the
   * gateway numbers commands on its own.
   */
  nextSerial?(): number;
}

export interface SessionOptions {
  /** Maximum size of one frame in bytes; larger declared frames are an error. Default 64 KiB. */
  maxFrameBytes?: number;
  /**
   * Accept data frames before the device identified itself (imei stays null). Off for real
   * sockets, because positions of an unknown device cannot be stored; on for the CLI decoder.
   */
  allowAnonymous?: boolean;
}

export const DEFAULT_MAX_FRAME_BYTES = 64 * 1024;

export function emptyMessage(kind: MessageKind, imei: string | null): DecodedMessage {
  return { kind, imei, positions: [], ack: null, attributes: {}, cell: null };
}
