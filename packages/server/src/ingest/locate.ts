import type { DecodedPosition } from "@vigia/protocols";
import type { CellLocator, SeenAp, SeenCell } from "../cells/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import type { IngestRecord } from "./queue.ts";
import type { DeviceBinding } from "./registry.ts";

/**
 * Cell-tower and Wi-Fi positions in the ingest, between the registry lookup and the commit:
 *
 * - A frame with a good GPS fix (valid, src 1) and Wi-Fi APs teaches the company where those APs are.
 * - A frame without a valid fix but with towers or APs becomes a position of source 3 (cell) or 4 (Wi-Fi) with
 *   an `accuracy` attribute in metres and `valid` false: never a fake GPS fix. Its invalid GPS positions (a
 *   device repeating its last fix) give way to it, keeping their time and attributes: the positions table holds
 *   one position per device and time.
 * - Neither known: `unresolved`, and the caller keeps the frame in the quarantine with reason `noFix`, its towers
 *   and APs in the attributes, so nothing is shown as the item's current position.
 *
 * A lookup that fails (database, online service) never fails the frame: it is logged and counts as unresolved.
 */
export interface Located {
  positions: DecodedPosition[];
  /** Towers or APs were reported but none is known. */
  unresolved: DecodedPosition | null;
}

const goodFix = (p: DecodedPosition): boolean =>
  p.valid && p.src === 1 && Number.isFinite(p.lat) && Number.isFinite(p.lng) && !(p.lat === 0 && p.lng === 0);

/** The towers and APs as short text for an attribute (the attribute cleaner caps it at 256 characters). */
export function seenText(cells: readonly SeenCell[], wifi: readonly SeenAp[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (cells.length > 0)
    out.cells = cells
      .map((c) => `${c.mcc}-${c.mnc}-${c.lac}-${c.cid}${c.rssi === null ? "" : `@${c.rssi}`}`)
      .join(" ");
  if (wifi.length > 0) out.wifi = wifi.map((a) => `${a.mac}${a.rssi === null ? "" : `@${a.rssi}`}`).join(" ");
  return out;
}

export async function locateRecord(
  locator: CellLocator,
  binding: DeviceBinding,
  record: IngestRecord,
  now: number,
  log: KernelContext["log"],
): Promise<Located> {
  const cells = record.cells ?? [];
  const wifi = record.wifi ?? [];
  const positions = record.positions;
  if (cells.length === 0 && wifi.length === 0) return { positions, unresolved: null };
  const fix = [...positions].reverse().find(goodFix);
  if (fix !== undefined) {
    if (wifi.length > 0 && binding.companyId !== null)
      await locator.learn(binding.companyId, fix, wifi, now).catch((error: unknown) => {
        log.warn({ err: error, imei: binding.imei }, "could not learn Wi-Fi access points");
      });
    return { positions, unresolved: null };
  }
  if (positions.some((p) => p.valid)) return { positions, unresolved: null };
  const located = await locator.locate(binding.companyId, { cells, wifi }).catch((error: unknown) => {
    log.warn({ err: error, imei: binding.imei }, "cell/Wi-Fi lookup failed");
    return null;
  });
  const last = positions.at(-1);
  const base: DecodedPosition = {
    ts: last?.ts ?? record.frameTs ?? record.receivedTs ?? now,
    lat: Number.NaN,
    lng: Number.NaN,
    alt: 0,
    spd: 0,
    course: 0,
    satt: 0,
    valid: false,
    src: 3,
    attributes: { ...last?.attributes },
  };
  if (located === null) {
    if (positions.length > 0) return { positions, unresolved: null };
    return {
      positions,
      unresolved: { ...base, attributes: { ...base.attributes, ...seenText(cells, wifi) } },
    };
  }
  const position: DecodedPosition = {
    ...base,
    lat: located.lat,
    lng: located.lng,
    src: located.src,
    attributes: { ...base.attributes, accuracy: located.accuracy },
  };
  return { positions: [position], unresolved: null };
}
