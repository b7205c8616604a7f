import { z } from "zod";
import { defineRoute } from "../model/contract.ts";

/**
 * Base maps a deployment offers: the built-in offline world layer with the streets Vigia serves from its address
 * tables, always; a self-hosted PMTiles vector archive (`vigia import-map`, or `MAP_PMTILES`); raster tiles of
 * an OpenStreetMap-style tile server only when the deployment names one (`MAP_OSM_TILES`: nothing goes to a
 * third party by default); and any tile URL providers the server lists in `MAP_TILE_PROVIDERS`. One of them is
 * the deployment's default (`MAP_DEFAULT_PROVIDER`, else the archive when there is one, else the world layer); a
 * company may pick another in its configuration (`conf.general.mapProvider`). The web draws the base map over
 * the offline world layer.
 */
export const MAP_PROVIDER_KINDS = ["offline", "raster", "pmtiles"] as const;
export const WORLD_PROVIDER_ID = "world";
export const OSM_PROVIDER_ID = "osm";
export const PMTILES_PROVIDER_ID = "pmtiles";
/** Where the server serves the MAP_PMTILES file (HTTP range requests, as the pmtiles client reads it). */
export const PMTILES_PATH = "/fr/map/tiles.pmtiles";
/** Where the server serves its street layer as vector tiles: `${STREET_TILES_PATH}/{z}/{x}/{y}`. */
export const STREET_TILES_PATH = "/fr/map/streets";
/** The zooms the street tiles are made for; the map draws them larger beyond the last. */
export const STREET_TILES_MIN_ZOOM = 12;
export const STREET_TILES_MAX_ZOOM = 16;

export const mapProviderSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,30}$/),
  kind: z.enum(MAP_PROVIDER_KINDS),
  name: z.string(),
  /**
   * Raster: a {z}/{x}/{y} pattern, null for the site's own tiles. PMTiles: the archive's URL. Offline: the
   * street tiles' {z}/{x}/{y} pattern.
   */
  url: z.string().nullable(),
  attribution: z.string(),
  /** The deployment's default: what a company that chose none draws. Exactly one provider has it. */
  isDefault: z.boolean(),
});
export type MapProvider = z.infer<typeof mapProviderSchema>;

export const mapProvidersApi = {
  /** Public: the shared-route page draws the base map too, and nothing here is a secret. */
  list: defineRoute({
    method: "GET",
    path: "/map/providers",
    access: "public",
    summary: "The base maps this deployment offers",
    tags: ["map"],
    response: z.array(mapProviderSchema),
  }),
};
