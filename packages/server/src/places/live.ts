import type { Poi } from "@vigia/domain";
import type { KernelContext } from "../kernel/context.ts";
import type { LiveBus, LiveEnvelope } from "../live/index.ts";

/** The places capability publishes zone and POI changes on the live bus. */
export type PlacesContext = KernelContext & { bus: LiveBus };

/**
 * POI changes on the live channel (spec 01 §7 poi, poiDel) so every open map stays in step. The envelope carries
 * the POI's group so the hub keeps group-scoped users to their own groups; itemType 0 marks "not an item".
 */
export function publishPois(ctx: PlacesContext, companyId: number, pois: Poi[]): void {
  ctx.bus.publish(
    companyId,
    pois.map(
      (poi): LiveEnvelope => ({
        companyId,
        itemType: 0,
        itemId: poi.id,
        groupId: poi.group,
        message: { type: "poi", data: { ...poi } },
      }),
    ),
  );
}

export function publishPoiDeleted(
  ctx: PlacesContext,
  companyId: number,
  id: number,
  group: number | null,
): void {
  ctx.bus.publish(companyId, [
    { companyId, itemType: 0, itemId: id, groupId: group, message: { type: "poiDel", data: { id } } },
  ]);
}
