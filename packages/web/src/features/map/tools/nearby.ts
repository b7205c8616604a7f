import { distanceM } from "@vigia/domain";

export interface Placed {
  key: string;
  name: string;
  kind: "vehicle" | "asset" | "person" | "poi";
  lat: number;
  lng: number;
}

/** Everything within `radiusM` of a point, nearest first, with its distance. Pure. */
export function nearby(
  center: { lat: number; lng: number },
  places: readonly Placed[],
  radiusM: number,
  exclude: string | null = null,
): (Placed & { distanceM: number })[] {
  return places
    .filter((p) => p.key !== exclude)
    .map((p) => ({ ...p, distanceM: distanceM(center, p) }))
    .filter((p) => p.distanceM <= radiusM)
    .sort((a, b) => a.distanceM - b.distanceM);
}
