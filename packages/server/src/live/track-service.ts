import {
  DAY_MS,
  type DayTrack,
  type DerivedTrip,
  type DrivingEvent,
  PLAYBACK_MAX_MS,
  type Playback,
  type PositionAt,
  SENSOR_HISTORY_MAX_POINTS,
  type SensorHistory,
  type SensorValue,
  sensorValueSchema,
  type TrackPoint,
} from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { ApiError } from "../kernel/errors.ts";
import { ITEM_TABLE, type ItemType, visibleItem } from "../kernel/tenancy/items.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { withoutJumps } from "./gps-jump.ts";
import { playbackTrips } from "./playback-trips.ts";
import { ROUTE_CHUNK_ROWS, type RouteRow, readRoute } from "./route-reader.ts";
import { detectStops } from "./stops.ts";
import { detectTrips } from "./trips.ts";

/** A track wider than this is a search too extensive (406): select a shorter period. */
export const MAX_TRACK_SPAN_MS = PLAYBACK_MAX_MS;
/** Points returned at most; longer tracks are thinned evenly and flagged as truncated. */
export const MAX_TRACK_POINTS = 50_000;
/** Driving events returned at most per range (the map draws 500). */
const MAX_EVENTS = 5_000;

/** The derived trips of one item starting in a range (given by the app, which composes `derived/`). */
export type DerivedTripsReader = (
  scope: CompanyScope,
  range: { from: number; to: number; items: { itemType: ItemType; itemId: number }[] },
) => Promise<DerivedTrip[]>;

/** Stored track of one item over a period (points, stops, trips, driving events), within the caller's scope. */
export class TrackService {
  constructor(
    private readonly db: Queryable,
    private readonly now: () => number,
    private readonly derivedTrips: DerivedTripsReader,
  ) {}

  async dayTrack(
    scope: CompanyScope,
    itemType: ItemType,
    itemId: number,
    from?: number,
    to?: number,
  ): Promise<DayTrack> {
    const end = to ?? this.now();
    const { points, stops, events, truncated } = await this.playback(
      scope,
      itemType,
      itemId,
      from ?? end - DAY_MS,
      end,
    );
    return {
      points: points.map(({ ignition: _ignition, ...point }): TrackPoint => point),
      stops,
      events,
      truncated,
    };
  }

  /**
   * The route over a range read in bounded, SQL-thinned chunks, without the GPS jumps live state ignores,
   * with its stops and trips by the same rules.
   */
  async playback(
    scope: CompanyScope,
    itemType: ItemType,
    itemId: number,
    from: number,
    to: number,
  ): Promise<Playback> {
    if (!(to > from)) throw new ApiError(400, "range.invalid");
    if (to - from > MAX_TRACK_SPAN_MS) throw new ApiError(406, "search.too.extensive");
    await this.checkItem(scope, itemType, itemId);
    const { points, thinned } = await this.route(scope.companyId, itemType, itemId, from, to);
    const stops = detectStops(points, { itemType });
    // Trips from the derived rows where they exist, so playback's kilometres are the reports' kilometres.
    const derived = await this.derivedTrips(scope, { from, to, items: [{ itemType, itemId }] });
    const trips = playbackTrips(derived, detectTrips(points, stops));
    const events = await this.db.query<DrivingEvent>(
      `select kind, ts, lat, lng, spd, coalesce(value, 0) as value from events
       where company_id = $1 and item_type = $2 and item_id = $3 and ts >= $4 and ts < $5 order by ts limit ${MAX_EVENTS}`,
      [scope.companyId, itemType, itemId, from, to],
    );
    return { from, to, points, stops, trips, events, truncated: thinned };
  }

  /**
   * An item's route over a range as playback reads it (bounded, thinned, without GPS jumps), for callers that
   * checked the item themselves: a worker app's phone reading its own item's day has no user scope.
   */
  async route(
    companyId: number,
    itemType: ItemType,
    itemId: number,
    from: number,
    to: number,
  ): Promise<{ points: RouteRow[]; thinned: boolean }> {
    const q = { companyId, itemType, itemId, from, to };
    const read = await readRoute(this.db, q, { maxPoints: MAX_TRACK_POINTS });
    return { points: withoutJumps(read.rows), thinned: read.thinned };
  }

  /** The stored position at or just before `ts` (within a day), with the sensors sent with it. */
  async positionAt(scope: CompanyScope, itemType: ItemType, itemId: number, ts: number): Promise<PositionAt> {
    await this.checkItem(scope, itemType, itemId);
    const rows = await this.db.query<
      TrackPoint & { valid: boolean; satt: number; attributes: Record<string, unknown> }
    >(
      `select ts, lat, lng, alt, spd, course, src, valid, satt, attributes from positions
       where company_id = $1 and item_type = $2 and item_id = $3 and ts <= $4 and ts > $5
       order by ts desc limit 1`,
      [scope.companyId, itemType, itemId, ts, ts - DAY_MS],
    );
    const row = rows[0];
    if (!row) return { position: null };
    const { attributes, ...fix } = row;
    const sensors: Record<string, SensorValue> = {};
    for (const [key, value] of Object.entries(attributes ?? {})) {
      const parsed = sensorValueSchema.safeParse(value);
      if (parsed.success) sensors[key] = parsed.data;
    }
    return { position: { ...fix, ts: Number(fix.ts), sensors } };
  }

  /**
   * One sensor's stored values over a range (the all-sensors chart): numbers as sent, booleans as 0/1,
   * text left out. Read in bounded chunks like routes and thinned to one value per time bucket (the first), so a
   * month of 1-second fixes never sits in memory.
   */
  async sensorHistory(
    scope: CompanyScope,
    q: { itemType: ItemType; itemId: number; key: string; from: number; to: number },
  ): Promise<SensorHistory> {
    if (!(q.to > q.from)) throw new ApiError(400, "range.invalid");
    if (q.to - q.from > MAX_TRACK_SPAN_MS) throw new ApiError(406, "search.too.extensive");
    await this.checkItem(scope, q.itemType, q.itemId);
    // Buckets over the stored span, not the asked one: an hour of data in a day's range still gets its detail.
    const span = await this.db.query<{ first: string | number | null; last: string | number | null }>(
      `select min(ts) as first, max(ts) as last from positions
       where company_id = $1 and item_type = $2 and item_id = $3 and ts >= $4 and ts < $5`,
      [scope.companyId, q.itemType, q.itemId, q.from, q.to],
    );
    const first = Number(span[0]?.first ?? q.from);
    const last = Number(span[0]?.last ?? q.to);
    const bucket = Math.max(1, Math.ceil((last - first + 1) / SENSOR_HISTORY_MAX_POINTS));
    const points: SensorHistory["points"] = [];
    let thinned = false;
    let lastBucket = Number.NaN;
    let cursor = q.from - 1;
    for (;;) {
      const rows = await this.db.query<{ ts: string | number; value: unknown }>(
        `select ts, attributes->$4 as value from positions
         where company_id = $1 and item_type = $2 and item_id = $3 and ts > $5 and ts < $6
         order by ts limit ${ROUTE_CHUNK_ROWS}`,
        [scope.companyId, q.itemType, q.itemId, q.key, cursor, q.to],
      );
      for (const row of rows) {
        const ts = Number(row.ts);
        const value = typeof row.value === "boolean" ? Number(row.value) : row.value;
        if (typeof value !== "number" || !Number.isFinite(value)) continue;
        const b = Math.floor((ts - first) / bucket);
        if (b === lastBucket) {
          thinned = true;
          continue;
        }
        lastBucket = b;
        points.push({ ts, value });
      }
      if (rows.length < ROUTE_CHUNK_ROWS) break;
      cursor = Number(rows[rows.length - 1]?.ts);
    }
    return { key: q.key, points, thinned };
  }

  private async checkItem(scope: CompanyScope, itemType: ItemType, itemId: number): Promise<void> {
    await visibleItem(this.db, scope, ITEM_TABLE[itemType], itemId);
  }
}
