import type { MapMarker } from "@vigia/domain";
import type { FeatureCollection } from "geojson";

export const MARKER_COLORS = { personal: "#7048e8", shared: "#0c8599" } as const;

/** The markers as map features: personal and shared ones in their own colour, the name as the label. Pure. */
export function markerFeatures(markers: readonly MapMarker[]): FeatureCollection {
  return {
    type: "FeatureCollection",
    features: markers.map((m) => ({
      type: "Feature",
      properties: {
        id: m.id,
        name: m.name,
        note: m.note,
        color: m.shared ? MARKER_COLORS.shared : MARKER_COLORS.personal,
      },
      geometry: { type: "Point", coordinates: [m.lng, m.lat] },
    })),
  };
}
