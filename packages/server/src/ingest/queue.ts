import type { BeaconSighting } from "@vigia/domain";
import type { CellTower, DecodedPosition, WifiAccessPoint } from "@vigia/protocols";

/** One decoded device message for the ingest. */
export interface IngestRecord {
  protocol: string;
  imei: string;
  remote: string;
  positions: DecodedPosition[];
  /** When the gateway read the frame; absent: now (the gateway runs in this process). */
  receivedTs?: number;
  /** The frame as received (bytes or request text), kept with a position that cannot be stored. */
  raw?: Buffer | string;
  /** Cell towers and Wi-Fi APs the frame carries: a frame without a fix becomes a cell/Wi-Fi position (locate.ts). */
  cells?: CellTower[];
  wifi?: WifiAccessPoint[];
  /** Bluetooth beacons the device heard: a frame without a GPS fix becomes a BLE position (indoor/locate-ble.ts). */
  beacons?: BeaconSighting[];
  /** The frame's own time when it has no position (a GT06 LBS packet). */
  frameTs?: number;
  /**
   * Why the decoder could not read all of the frame (`raw`): the frame is quarantined as `undecoded` before
   * `submit` resolves, so the device's ACK never covers data that is neither stored nor kept apart.
   */
  undecoded?: string;
  /**
   * The secret the device's log-in carried, where its protocol has one ("" when it sent none): checked against the
   * device's key before anything of the connection is taken. Never stored.
   */
  credential?: string;
}

export type SubmitResult = "stored" | "unknown";

/**
 * Where the device gateway hands decoded messages. `submit` resolves once the record is durable: in one process
 * the `Processor` itself (committed to the database), in a cluster a JetStream stream (stored by the server,
 * committed later by a processor node). The device is acknowledged only after it resolves.
 */
export interface IngestQueue {
  submit(record: IngestRecord): Promise<SubmitResult>;
  close(): Promise<void>;
  /**
   * Whether a submission now would wait for room. Readers stop reading devices while it holds (`ReadGate`), so
   * what the server cannot take yet waits at the device, unread and unstamped, instead of ageing in memory.
   * Absent where the queue never fills (a JetStream stream has its own flow control).
   */
  full?(): boolean;
  /** Calls `listener` with the room left each time held positions are released; returns the unsubscribe. */
  onRoom?(listener: (room: { free: number; empty: boolean }) => void): () => void;
}
