import type { PlaceKind, ReportCell } from "@vigia/domain";
import { visits } from "../../derived/index.ts";
import { sharedGroupFilter } from "../../kernel/tenancy/scope.ts";
import {
  type Builder,
  cols,
  driverOf,
  itemIndex,
  nameOf,
  onChosenDay,
  type ReportRun,
  range,
} from "../run.ts";

/** The places of a kind the user sees, by id: group-restricted geozones and POIs, company-wide beacon zones. */
async function placeNames(run: ReportRun, kind: PlaceKind): Promise<Map<number, string>> {
  const shared = sharedGroupFilter(run.scope);
  const places =
    kind === "beaconZone"
      ? await run.db.query<{ id: number; name: string }>(
          "select id, name from beacon_zones where company_id = $1",
          [run.scope.companyId],
        )
      : await run.db.query<{ id: number; name: string }>(
          `select id, name from ${kind === "geozone" ? "geozones" : "pois"}
           where company_id = $1 and ${shared.sql}`,
          [run.scope.companyId, ...shared.params],
        );
  return new Map(places.map((p) => [p.id, p.name]));
}

/**
 * Entries and exits of geozones, POIs or beacon zones with the time inside, optionally only the zones of the zone
 * filter.
 */
function visitsReport(kind: PlaceKind): Builder {
  return async (run) => {
    const index = itemIndex(run);
    const names = await placeNames(run, kind);
    const filter = new Set(run.request.zoneIds);
    const list = (await visits(run.db, run.scope, range(run))).filter(
      (v) =>
        v.placeKind === kind &&
        names.has(v.placeId) &&
        (filter.size === 0 || filter.has(v.placeId)) &&
        onChosenDay(run, v.startTs),
    );
    const rows: ReportCell[][] = list.map((v) => [
      nameOf(index, v),
      driverOf(run, v.driverId),
      names.get(v.placeId) ?? "",
      v.startTs,
      v.endTs,
      v.endTs - v.startTs,
      v.distanceM,
      Math.trunc(v.maxSpd),
    ]);
    const seen = [...new Set(list.map((v) => v.placeId))];
    return {
      // The places visited, drawn on the preview; no markers: the places themselves are what the report is about.
      map: {
        tracks: [],
        markers: [],
        geozoneIds: kind === "geozone" ? seen : [],
        poiIds: kind === "poi" ? seen : [],
      },
      columns: cols(
        ["item", "text"],
        ["driver", "text"],
        [kind, "text"],
        ["entry", "datetime"],
        ["exit", "datetime"],
        ["timeInside", "duration"],
        ["distance", "distance"],
        ["maxSpeed", "speed"],
      ),
      rows,
      notice: rows.length ? null : "noResults",
    };
  };
}

export const geozoneVisitsReport = visitsReport("geozone");
export const poiVisitsReport = visitsReport("poi");
export const beaconZoneVisitsReport = visitsReport("beaconZone");
