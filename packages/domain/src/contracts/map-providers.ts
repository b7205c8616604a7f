import { z } from "zod";
import { defineRoute } from "../contract.ts";

/**
 * Base maps a deployment offers (issue 18 "a base map that is never blank"): the built-in offline world layer
 * always; the site's raster tiles (OSM by default); a self-hosted PMTiles vector archive when `MAP_PMTILES` is
 * set; and any tile URL providers the server lists in `MAP_TILE_PROVIDERS`. A company picks one in its
 * configuration (`conf.general.mapProvider`); the web draws it over the offline world layer.
 */
export const MAP_PROVIDER_KINDS = ["offline", "raster", "pmtiles"] as const;
export const WORLD_PROVIDER_ID = "world";
export const OSM_PROVIDER_ID = "osm";
export const PMTILES_PROVIDER_ID = "pmtiles";
/** Where the server serves the MAP_PMTILES file (HTTP range requests, as the pmtiles client reads it). */
export const PMTILES_PATH = "/fr/map/tiles.pmtiles";

export const mapProviderSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,30}$/),
  kind: z.enum(MAP_PROVIDER_KINDS),
  name: z.string(),
  /** Raster: a {z}/{x}/{y} pattern, null for the site's own tiles. PMTiles: the archive's URL. Offline: null. */
  url: z.string().nullable(),
  attribution: z.string(),
});
export type MapProvider = z.infer<typeof mapProviderSchema>;

export const mapProvidersApi = {
  /** Public: the shared-route page draws the base map too, and nothing here is a secret. */
  list: defineRoute({
    method: "GET",
    path: "/map/providers",
    summary: "The base maps this deployment offers",
    tags: ["map"],
    response: z.array(mapProviderSchema),
  }),
};
