import { DAY_MS, type DrivingEvent, type Stop, type TrackPoint } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { ApiError, notFound } from "../kernel/errors.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { detectStops } from "./stops.ts";

/** A track wider than this is a search too extensive (406): select a shorter period. */
export const MAX_TRACK_SPAN_MS = 31 * DAY_MS;
/** Points returned at most; longer tracks are thinned evenly and flagged as truncated. */
export const MAX_TRACK_POINTS = 50_000;

export interface Track {
  points: TrackPoint[];
  stops: Stop[];
  events: DrivingEvent[];
  truncated: boolean;
}

const TABLE: Record<1 | 2 | 3, string> = { 1: "vehicles", 2: "assets", 3: "persons" };

/** Stored track of one item over a period (points, stops, driving events), within the caller's scope. */
export class TrackService {
  constructor(
    private readonly db: Queryable,
    private readonly now: () => number,
  ) {}

  async dayTrack(
    scope: CompanyScope,
    itemType: 1 | 2 | 3,
    itemId: number,
    from?: number,
    to?: number,
  ): Promise<Track> {
    const end = to ?? this.now();
    const start = from ?? end - DAY_MS;
    if (!(end > start)) throw new ApiError(400, "range.invalid");
    if (end - start > MAX_TRACK_SPAN_MS) throw new ApiError(406, "search.too.extensive");
    const items = await this.db.query<{ group_id: number | null }>(
      `select group_id from ${TABLE[itemType]} where id = $1 and company_id = $2`,
      [itemId, scope.companyId],
    );
    const item = items[0];
    if (!item) throw notFound();
    if (scope.groupIds !== null && (item.group_id === null || !scope.groupIds.includes(item.group_id)))
      throw notFound();

    const rows = await this.db.query<TrackPoint & { ignition: boolean | null }>(
      `select ts, lat, lng, alt, spd, course, src, (attributes->>'ignition')::boolean as ignition
       from positions where company_id = $1 and item_type = $2 and item_id = $3 and ts >= $4 and ts < $5
         and valid and lat between -90 and 90 and not (lat = 0 and lng = 0)
       order by ts`,
      [scope.companyId, itemType, itemId, start, end],
    );
    const stops = detectStops(rows);
    // Thin long tracks evenly, always keeping the last point so the track ends where the item is.
    const stride = Math.ceil(rows.length / MAX_TRACK_POINTS);
    const points: TrackPoint[] = rows
      .filter((_, i) => i % stride === 0 || i === rows.length - 1)
      .map(({ ignition: _ignition, ...point }) => point);
    const events = await this.db.query<DrivingEvent>(
      `select kind, ts, lat, lng, spd, coalesce(value, 0) as value from events
       where company_id = $1 and item_type = $2 and item_id = $3 and ts >= $4 and ts < $5 order by ts`,
      [scope.companyId, itemType, itemId, start, end],
    );
    return { points, stops, events, truncated: stride > 1 };
  }
}
