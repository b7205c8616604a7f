import { effectiveSpeedLimit, lowestZoneLimit, type ReportMapData } from "@vigia/domain";
import { itemSpeedLimits } from "../../devices/index.ts";
import { loadCompanyZones } from "../../places/index.ts";
import { type BodyCell, type Builder, cols, onChosenDay } from "../run.ts";

/** A speeding episode ends when the next point over its limit comes more than this much later. */
export const EPISODE_GAP_MS = 120_000;
/** The limit of an item without its own (no tracker limit) when the definition leaves `maxSpeed` at 0. */
export const DEFAULT_MAX_SPEED = 120;
const PREVIEW_MARKERS = 300;

export interface SpeedPoint {
  ts: number;
  spd: number;
  lat: number;
  lng: number;
}

export interface SpeedingEpisode {
  start: number;
  end: number;
  /** Top speed and where it was reached. */
  max: number;
  lat: number;
  lng: number;
  /** The strictest limit the episode broke (the zone's where it was lower than the range). */
  limit: number;
}

/**
 * Consecutive points over their limit make one episode; a point at or under its limit, or a gap longer than
 * EPISODE_GAP_MS, closes it. `limitAt` gives each point's limit (null: none applies). Points sorted by time. Pure.
 */
export function speedingEpisodes(
  points: readonly SpeedPoint[],
  limitAt: (p: SpeedPoint) => number | null,
): SpeedingEpisode[] {
  const out: SpeedingEpisode[] = [];
  let episode: SpeedingEpisode | null = null;
  for (const p of points) {
    const limit = limitAt(p);
    if (limit === null || p.spd <= limit) {
      episode = null;
      continue;
    }
    if (episode && p.ts - episode.end <= EPISODE_GAP_MS) {
      episode.end = p.ts;
      episode.limit = Math.min(episode.limit, limit);
      if (p.spd > episode.max) Object.assign(episode, { max: p.spd, lat: p.lat, lng: p.lng });
    } else {
      episode = { start: p.ts, end: p.ts, max: p.spd, lat: p.lat, lng: p.lng, limit };
      out.push(episode);
    }
  }
  return out;
}

/**
 * The limit each item is judged against before geozones: the chosen `maxSpeed` when there is one, else the
 * item's own (its tracker's configured limit), else DEFAULT_MAX_SPEED. Pure.
 */
export function itemLimit(chosen: number, own: number | undefined): number {
  if (chosen > 0) return chosen;
  return own ?? DEFAULT_MAX_SPEED;
}

/**
 * Episodes over the `maxSpeed` range (without one: each item's own limit, else 120 km/h) or, stricter where
 * it applies, the speed limit of the geozone the item was in (the same lowest-zone-limit rule as the speeding
 * alarm family), one row each with its start, end, top speed, the limit broken and where it happened.
 */
export const speedingReport: Builder = async (run) => {
  const chosen = run.request.ranges.maxSpeed;
  const zones = await loadCompanyZones(run.db, run.scope.companyId);
  const own = chosen > 0 ? new Map<string, number>() : await itemSpeedLimits(run.db, run.scope.companyId);
  let zoneFloor = Number.POSITIVE_INFINITY;
  for (const limit of zones.speedLimits.values()) zoneFloor = Math.min(zoneFloor, limit);
  const { from, to } = run.request.timeLimits;
  const rows: BodyCell[][] = [];
  const markers: ReportMapData["markers"] = [];
  const { items } = run.selection;
  for (const [i, item] of items.entries()) {
    run.step(i / Math.max(1, items.length));
    const range = itemLimit(chosen, own.get(`${item.itemType}:${item.itemId}`));
    const floor = Math.min(range, zoneFloor);
    const limitAt = (p: SpeedPoint) =>
      effectiveSpeedLimit(range, lowestZoneLimit(zones.geozones.containing(p), zones.speedLimits));
    // Only points over the lowest limit anywhere can be over theirs: the scan stays an index range.
    const points = await run.db.query<{ ts: string; spd: number; lat: number; lng: number }>(
      `select ts, spd, lat, lng from positions
       where company_id = $1 and item_type = $2 and item_id = $3 and ts >= $4 and ts < $5 and spd > $6 and valid
       order by ts limit 20000`,
      [run.scope.companyId, item.itemType, item.itemId, from, to, floor],
    );
    const episodes = speedingEpisodes(
      points.map((p) => ({ ts: Number(p.ts), spd: p.spd, lat: p.lat, lng: p.lng })),
      limitAt,
    );
    for (const e of episodes) {
      if (!onChosenDay(run, e.start)) continue;
      rows.push([
        item.name,
        e.start,
        e.end,
        e.end - e.start,
        Math.trunc(e.max),
        e.limit,
        run.address(e.lat, e.lng),
      ]);
      if (markers.length < PREVIEW_MARKERS)
        markers.push({
          lat: e.lat,
          lng: e.lng,
          label: `${item.name} ${Math.trunc(e.max)} km/h`,
          kind: "speeding",
        });
    }
  }
  return {
    columns: cols(
      ["item", "text"],
      ["start", "datetime"],
      ["end", "datetime"],
      ["duration", "duration"],
      ["maxSpeed", "speed"],
      ["speedLimit", "speed"],
      ["position", "text"],
    ),
    rows,
    map: { tracks: [], markers },
    // Empty says why: which limit no position went over.
    notice: rows.length ? null : chosen > 0 ? "noSpeeding" : "noSpeedingDefault",
  };
};
