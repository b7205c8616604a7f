import type { CommittedPosition } from "../live/index.ts";

/**
 * How committed positions become database rows: the column list and the CSV text COPY reads. Pure. One line per
 * position, built with string concatenation: no intermediate row objects and no JSON for the row itself (only the
 * attributes, which are a jsonb column).
 */

export const POSITION_COLUMNS = [
  "company_id",
  "device_id",
  "item_type",
  "item_id",
  "ts",
  "received_ts",
  "lat",
  "lng",
  "alt",
  "spd",
  "course",
  "satt",
  "valid",
  "src",
  "attributes",
] as const;

/** A number as COPY reads it; not a finite number: NULL (an empty unquoted field), as JSON would have sent it. */
const num = (n: number | null | undefined): string =>
  typeof n === "number" && Number.isFinite(n) ? String(n) : "";

/** A CSV field in double quotes (inner quotes doubled): commas, quotes and newlines stay data. */
export const quoted = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** One CSV line (with its newline) for a committed position, in POSITION_COLUMNS order. */
export function positionCsvLine({ binding, position: p, receivedTs }: CommittedPosition): string {
  const attributes =
    p.attributes && Object.keys(p.attributes).length > 0 ? JSON.stringify(p.attributes) : "{}";
  return (
    `${binding.companyId ?? 0},${binding.deviceRowId},${binding.itemType},${num(binding.itemId)},` +
    `${num(p.ts)},${num(receivedTs)},${num(p.lat)},${num(p.lng)},${num(p.alt)},${num(p.spd)},` +
    `${num(p.course)},${num(p.satt)},${p.valid ? "t" : "f"},${num(p.src)},${quoted(attributes)}\n`
  );
}

export function positionsCsv(positions: readonly CommittedPosition[]): string {
  let csv = "";
  for (const position of positions) csv += positionCsvLine(position);
  return csv;
}

/** A JSON number; not finite: null, as JSON.stringify would write it. */
const jsonNum = (n: number | null | undefined): string =>
  typeof n === "number" && Number.isFinite(n) ? String(n) : "null";

/**
 * The batch as the JSON array `jsonb_to_recordset` reads (keys c, d, it, ii, ts, rt, lat, lng, alt, spd, co, sa,
 * va, sr, at), written directly: only the attributes go through JSON.stringify.
 */
export function positionsJson(positions: readonly CommittedPosition[]): string {
  let json = "[";
  for (let i = 0; i < positions.length; i++) {
    const { binding: b, position: p, receivedTs } = positions[i] as CommittedPosition;
    const attributes =
      p.attributes && Object.keys(p.attributes).length > 0 ? JSON.stringify(p.attributes) : "{}";
    json +=
      `${i === 0 ? "" : ","}{"c":${b.companyId ?? 0},"d":${b.deviceRowId},"it":${b.itemType},"ii":${jsonNum(b.itemId)},` +
      `"ts":${jsonNum(p.ts)},"rt":${jsonNum(receivedTs)},"lat":${jsonNum(p.lat)},"lng":${jsonNum(p.lng)},` +
      `"alt":${jsonNum(p.alt)},"spd":${jsonNum(p.spd)},"co":${jsonNum(p.course)},"sa":${jsonNum(p.satt)},` +
      `"va":${p.valid ? "true" : "false"},"sr":${jsonNum(p.src)},"at":${attributes}}`;
  }
  return `${json}]`;
}
