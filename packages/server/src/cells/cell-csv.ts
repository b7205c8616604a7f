/**
 * One row of an OpenCellID-format cell file:
 * `radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal`. Pure.
 * A row that is not a usable tower is an error text, counted by the import and never fatal.
 */
export interface CellRow {
  radio: string;
  mcc: number;
  mnc: number;
  lac: number;
  cid: number;
  lat: number;
  lng: number;
  range: number;
  samples: number;
  /** `updated` in epoch ms (the file has seconds); 0 when absent. */
  updatedTs: number;
}

const RADIOS = new Set(["GSM", "UMTS", "LTE", "NR", "CDMA", "NBIOT"]);
export const CELL_CSV_HEADER =
  "radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal";

const intIn = (text: string | undefined, min: number, max: number): number | null => {
  if (text === undefined || !/^\d+$/.test(text.trim())) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
};
const numIn = (text: string | undefined, min: number, max: number): number | null => {
  if (text === undefined || text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
};

/** Whether a line is the file's header (skipped, not counted as an error). */
export const isCellHeader = (line: string): boolean => line.trim().toLowerCase().startsWith("radio,");

export function parseCellRow(line: string): CellRow | string {
  const f = line.trim().split(",");
  if (f.length < 10) return "too few fields";
  const radio = (f[0] ?? "").trim().toUpperCase();
  if (!RADIOS.has(radio)) return "unknown radio";
  const mcc = intIn(f[1], 1, 999);
  const mnc = intIn(f[2], 0, 999);
  const lac = intIn(f[3], 0, 2 ** 31 - 1);
  const cid = intIn(f[4], 1, 2 ** 36);
  if (mcc === null || mnc === null || lac === null || cid === null) return "bad cell identity";
  const lng = numIn(f[6], -180, 180);
  const lat = numIn(f[7], -90, 90);
  if (lat === null || lng === null) return "bad coordinates";
  const range = intIn(f[8], 0, 2 ** 31 - 1) ?? 0;
  const samples = intIn(f[9], 0, 2 ** 31 - 1) ?? 0;
  const updated = intIn(f[12], 0, 2 ** 40);
  return {
    radio,
    mcc,
    mnc,
    lac,
    cid,
    lat,
    lng,
    range,
    samples,
    updatedTs: updated === null ? 0 : updated * 1000,
  };
}
