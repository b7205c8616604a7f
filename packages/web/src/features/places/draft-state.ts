import { latLngSchema } from "@vigia/domain";
import { z } from "zod";

/**
 * A new geozone handed to /geozones by another screen (the map's track-to-geozone tool) through the router's
 * location state: the editor opens it as an unsaved polygon draft, to be named, checked and saved there.
 */
const geozoneDraftStateSchema = z.object({
  geozoneDraft: z.object({ name: z.string(), points: z.array(latLngSchema).min(3) }),
});
export type GeozoneDraftState = z.infer<typeof geozoneDraftStateSchema>;

export const geozoneDraftState = (
  name: string,
  points: { lat: number; lng: number }[],
): GeozoneDraftState => ({
  geozoneDraft: { name, points },
});

/** The draft in a location state, or null when the state holds none (or something else). Pure. */
export function readGeozoneDraft(state: unknown): GeozoneDraftState["geozoneDraft"] | null {
  const parsed = geozoneDraftStateSchema.safeParse(state);
  return parsed.success ? parsed.data.geozoneDraft : null;
}
