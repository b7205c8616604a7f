import type { Geozone, Poi } from "@vigia/domain";
import type { KernelContext } from "../kernel/context.ts";
import type { LiveState } from "../live/index.ts";
import type { ZoneCache } from "./zones-cache.ts";

/** The places capability tells open maps about POI changes through `live`, and drops changed places from `zones`. */
export type PlacesContext = KernelContext & { live: LiveState; zones: ZoneCache };

/**
 * POI changes on the live channel so every open map stays in step. The message carries
 * the POI's group so the hub keeps group-scoped users to their own groups; itemType 0 marks "not an item".
 */
export function publishPois(ctx: PlacesContext, companyId: number, pois: Poi[]): void {
  ctx.live.publish(
    companyId,
    pois.map((poi) => ({
      itemType: 0,
      itemId: poi.id,
      groupId: poi.group,
      message: { type: "poi", data: { ...poi } },
    })),
  );
}

export function publishPoiDeleted(
  ctx: PlacesContext,
  companyId: number,
  id: number,
  group: number | null,
): void {
  ctx.live.publish(companyId, [
    { itemType: 0, itemId: id, groupId: group, message: { type: "poiDel", data: { id } } },
  ]);
}

/**
 * Geozone changes on the live channel, scoped like
 * POIs: a group's geozone reaches only the users who see that group, a company-wide one everyone of the company.
 */
export function publishGeozones(ctx: PlacesContext, companyId: number, zones: Geozone[]): void {
  if (zones.length === 0) return;
  ctx.live.publish(
    companyId,
    zones.map((zone) => ({
      itemType: 0,
      itemId: zone.id,
      groupId: zone.group,
      message: { type: "geozone", data: { ...zone } },
    })),
  );
}

export function publishGeozoneDeleted(
  ctx: PlacesContext,
  companyId: number,
  id: number,
  group: number | null,
): void {
  ctx.live.publish(companyId, [
    { itemType: 0, itemId: id, groupId: group, message: { type: "geozoneDel", data: { id } } },
  ]);
}
