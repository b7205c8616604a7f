import type { Poi } from "@vigia/domain";
import type { KernelContext } from "../kernel/context.ts";
import type { LiveState } from "../live/index.ts";

/** The places capability tells open maps about POI changes through `live`. */
export type PlacesContext = KernelContext & { live: LiveState };

/**
 * POI changes on the live channel (spec 01 §7 poi, poiDel) so every open map stays in step. The message carries
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
