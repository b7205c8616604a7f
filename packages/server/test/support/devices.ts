import net from "node:net";
import {
  type BeaconSeen,
  CODEC_8E,
  encodeTeltonikaAvl,
  encodeTeltonikaBeacons,
  encodeTeltonikaImei,
  encodeTeltonikaRecord,
  IO,
  TELTONIKA_BEACON_IO,
} from "@vigia/protocols";

/** A raw TCP device connection for tests: send bytes, await exactly the reply bytes, see the close. */
export class TestDevice {
  private received = Buffer.alloc(0);
  private waiters: { bytes: number; resolve: (b: Buffer) => void; reject: (e: Error) => void }[] = [];
  closed: Promise<void>;

  private constructor(readonly socket: net.Socket) {
    this.closed = new Promise((resolve) => socket.on("close", () => resolve()));
    socket.on("data", (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.settle();
    });
    socket.on("close", () => {
      for (const w of this.waiters) w.reject(new Error("connection closed"));
      this.waiters = [];
    });
    socket.on("error", () => undefined);
  }

  static connect(port: number, localAddress?: string): Promise<TestDevice> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: "127.0.0.1", localAddress }, () =>
        resolve(new TestDevice(socket)),
      );
      socket.once("error", reject);
    });
  }

  private settle(): void {
    while (this.waiters.length > 0 && this.received.length >= this.waiters[0]!.bytes) {
      const w = this.waiters.shift()!;
      const out = this.received.subarray(0, w.bytes);
      this.received = this.received.subarray(w.bytes);
      w.resolve(Buffer.from(out));
    }
  }

  /** Bytes received and not read yet (a protocol that answers nothing leaves this at 0). */
  unread(): number {
    return this.received.length;
  }

  send(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** Resolves with the next `bytes` reply bytes, or rejects if the server closes first. */
  read(bytes: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.waiters.push({ bytes, resolve, reject });
      this.settle();
    });
  }

  end(): void {
    this.socket.destroy();
  }
}

export interface SimpleFix {
  ts: number;
  lat: number;
  lng: number;
  spd: number;
  ignition?: boolean;
  odometer?: number;
  ibutton?: string;
  /** BLE sightings, sent as the AVL 385 beacon element. */
  beacons?: BeaconSeen[];
}

/** A Codec 8E AVL packet carrying the fixes, as an FMB tracker sends them. */
export function teltonikaPacket(fixes: SimpleFix[]): Buffer {
  const records = fixes.map((f) =>
    encodeTeltonikaRecord(
      {
        timestampMs: f.ts,
        priority: 0,
        lng: f.lng,
        lat: f.lat,
        altitudeM: 650,
        angle: 90,
        satellites: 9,
        speedKmh: f.spd,
        eventIoId: 0,
        io: [
          { id: IO.ignition, size: 1, value: f.ignition === false ? 0 : 1 },
          ...(f.odometer !== undefined
            ? [{ id: IO.totalOdometer, size: 4 as const, value: f.odometer }]
            : []),
          ...(f.ibutton ? [{ id: IO.iButton, size: 8 as const, value: BigInt(`0x${f.ibutton}`) }] : []),
        ],
        nx: f.beacons ? [{ id: TELTONIKA_BEACON_IO, value: encodeTeltonikaBeacons(f.beacons) }] : [],
      },
      CODEC_8E,
    ),
  );
  return encodeTeltonikaAvl(records, CODEC_8E);
}

export const teltonikaHandshake = (imei: string): Buffer => encodeTeltonikaImei(imei);
