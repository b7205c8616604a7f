import { type BeaconZones, beaconZoneIndex } from "../indoor/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { getCompanyZones } from "../places/index.ts";
import type { DeriveZones } from "./points.ts";

/**
 * A company's places for one derivation batch or rebuild. A failed read derives no visits of that kind rather
 * than stopping the derivation (trips and stops need no places). The processor passes its cached beacon zones;
 * a rebuild reads them once.
 */
export async function loadDeriveZones(
  ctx: Pick<KernelContext, "clock" | "db">,
  companyId: number,
  beaconZones: (companyId: number) => Promise<BeaconZones> = (id) => beaconZoneIndex(ctx.db, id),
): Promise<DeriveZones> {
  const [places, beacons] = await Promise.all([
    getCompanyZones(ctx, companyId).catch(() => null),
    beaconZones(companyId).catch(() => null),
  ]);
  return { places, beacons: beacons && beacons.size > 0 ? beacons : null };
}
