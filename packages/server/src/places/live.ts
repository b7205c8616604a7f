import type { Poi } from "@vigia/domain";
import type { AppContext } from "../context.ts";
import type { LiveEnvelope } from "../live/bus.ts";

/**
 * POI changes on the live channel (spec 01 §7 poi, poiDel) so every open map stays in step. The envelope carries
 * the POI's group so the hub keeps group-scoped users to their own groups; itemType 0 marks "not an item".
 */
export function publishPois(ctx: AppContext, companyId: number, pois: Poi[]): void {
  ctx.telematics.bus.publish(
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
  ctx: AppContext,
  companyId: number,
  id: number,
  group: number | null,
): void {
  ctx.telematics.bus.publish(companyId, [
    { companyId, itemType: 0, itemId: id, groupId: group, message: { type: "poiDel", data: { id } } },
  ]);
}
