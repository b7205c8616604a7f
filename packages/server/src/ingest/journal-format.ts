import { crc32 } from "node:zlib";

/**
 * One journal record: a 4-byte length, a 4-byte CRC-32 of the payload, then the payload (the JSON array of
 * one batch's rows). A power failure may leave the last record cut or its bytes garbled; the CRC finds that,
 * and everything from the first bad record on is an unsynced tail that was never acknowledged.
 */
const HEADER = 8;

export function encodeRecord(rows: readonly object[]): Buffer {
  return encodeJsonRecord(JSON.stringify(rows));
}

/** A record whose payload is JSON text written already (the positions insert's, kept as it is). */
export function encodeJsonRecord(json: string): Buffer {
  const payload = Buffer.from(json, "utf8");
  const record = Buffer.allocUnsafe(HEADER + payload.length);
  record.writeUInt32BE(payload.length, 0);
  record.writeUInt32BE(crc32(payload), 4);
  payload.copy(record, HEADER);
  return record;
}

export interface DecodedJournal {
  records: object[][];
  /** Bytes that hold whole, intact records; anything after is a torn tail. */
  validBytes: number;
}

export function decodeJournal(data: Buffer): DecodedJournal {
  const records: object[][] = [];
  let offset = 0;
  while (offset + HEADER <= data.length) {
    const length = data.readUInt32BE(offset);
    const end = offset + HEADER + length;
    if (end > data.length) break;
    const payload = data.subarray(offset + HEADER, end);
    if (crc32(payload) !== data.readUInt32BE(offset + 4)) break;
    let rows: unknown;
    try {
      rows = JSON.parse(payload.toString("utf8"));
    } catch {
      break;
    }
    if (!Array.isArray(rows)) break;
    records.push(rows.filter((row): row is object => typeof row === "object" && row !== null));
    offset = end;
  }
  return { records, validBytes: offset };
}
