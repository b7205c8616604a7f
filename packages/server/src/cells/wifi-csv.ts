/**
 * One row of a Wi-Fi access-point table: `mac,lat,lon[,range[,samples[,updated]]]` (header optional), the
 * columns every public BSSID export can be cut down to. `mac` in any of the usual spellings (`AA-BB-…`,
 * `aabb.ccdd.eeff`, `AABBCCDDEEFF`) is stored as devices report it after decoding: lower case, colon separated.
 * Pure; a row that is not a usable access point is an error text, counted by the import and never fatal.
 */
export interface WifiRow {
  mac: string;
  lat: number;
  lng: number;
  range: number;
  samples: number;
  /** `updated` in epoch ms (the file has seconds); 0 when absent. */
  updatedTs: number;
}

export const WIFI_CSV_HEADER = "mac,lat,lon,range,samples,updated";

/** Whether a line is the file's header (skipped, not counted as an error). */
export const isWifiHeader = (line: string): boolean => /^\s*"?(mac|bssid)\b/i.test(line);

/** A MAC in any common spelling → `aa:bb:cc:dd:ee:ff`, or null. Zero and broadcast addresses locate nothing. */
export function normalMac(text: string): string | null {
  const hex = text.trim().toLowerCase().replace(/[:.-]/g, "");
  if (!/^[0-9a-f]{12}$/.test(hex)) return null;
  if (hex === "000000000000" || hex === "ffffffffffff") return null;
  return hex.match(/../g)!.join(":");
}

const numIn = (text: string | undefined, min: number, max: number): number | null => {
  if (text === undefined || text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
};
const count = (text: string | undefined): number => {
  const n = numIn(text, 0, 2 ** 31 - 1);
  return n === null ? 0 : Math.round(n);
};

export function parseWifiRow(line: string): WifiRow | string {
  const f = line.trim().split(",");
  if (f.length < 3) return "too few fields";
  const mac = normalMac(f[0] ?? "");
  if (mac === null) return "bad MAC";
  const lat = numIn(f[1], -90, 90);
  const lng = numIn(f[2], -180, 180);
  if (lat === null || lng === null) return "bad coordinates";
  const updated = numIn(f[5], 0, 2 ** 40);
  return {
    mac,
    lat,
    lng,
    range: count(f[3]),
    samples: count(f[4]),
    updatedTs: updated === null ? 0 : Math.round(updated) * 1000,
  };
}
