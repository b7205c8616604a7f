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
import type { Queryable } from "../../src/kernel/db/database.ts";

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

/** Registers `deviceId` as a device of the demo's Acme Logistics speaking `proto`, as a reseller would before it connects. */
export async function addAcmeDevice(
  db: Queryable,
  deviceId: string,
  proto: string,
  ts: number,
): Promise<void> {
  await db.query(
    `insert into devices (device_id, type_id, reseller_id, company_id, created_ts, updated_ts)
     select $1, (select id from device_types where proto = $2), c.reseller_id, c.id, $3, $3
     from companies c where c.name = 'Acme Logistics'`,
    [deviceId, proto, ts],
  );
}

/** The times (epoch ms) of the positions stored for `deviceId`, oldest first. */
export async function storedTimes(db: Queryable, deviceId: string): Promise<number[]> {
  const rows = await db.query<{ ts: number }>(
    `select ts::float8 as ts from positions where device_id = (select id from devices where device_id = $1) order by ts`,
    [deviceId],
  );
  return rows.map((r) => r.ts);
}
