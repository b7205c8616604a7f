import { type DecodedMessage, stampReceptionTime } from "@vigia/protocols";
import type { IngestRecord } from "./queue.ts";

/** The record a decoded message becomes, whichever transport (TCP stream, UDP datagram) it came over. */
export function ingestRecordOf(
  protocol: string,
  message: DecodedMessage & { imei: string },
  remote: string,
  readTs: number,
): IngestRecord {
  return {
    protocol,
    imei: message.imei,
    remote,
    // A record the device sent without a time takes the time it was read off the wire.
    positions: stampReceptionTime(message.positions, readTs),
    raw: message.raw,
    // A GT06 LBS packet reports one serving cell (`cell`); watch and H02 frames list theirs (`cells`).
    ...(message.cells?.length
      ? { cells: message.cells }
      : message.cell
        ? {
            cells: [
              {
                mcc: message.cell.mcc,
                mnc: message.cell.mnc,
                lac: message.cell.lac,
                cid: message.cell.cid,
                rssi: null,
              },
            ],
            ...(message.cell.ts > 0 ? { frameTs: message.cell.ts } : {}),
          }
        : {}),
    ...(message.wifi?.length ? { wifi: message.wifi } : {}),
    ...(message.beacons?.length ? { beacons: message.beacons } : {}),
    ...(message.ts === undefined ? {} : { frameTs: message.ts }),
    ...(message.undecoded ? { undecoded: message.undecoded.reason } : {}),
    ...(message.credential === undefined ? {} : { credential: message.credential }),
    receivedTs: readTs,
  };
}
