import {
  type MapProvider,
  mapProviderSchema,
  OSM_PROVIDER_ID,
  PMTILES_PATH,
  PMTILES_PROVIDER_ID,
  WORLD_PROVIDER_ID,
} from "@vigia/domain";
import type { Config } from "../kernel/config.ts";

/**
 * The base maps of this deployment, from its configuration. The offline world layer and the site's raster
 * tiles are always there; a bad MAP_TILE_PROVIDERS entry is left out (and reported by `problems`) rather
 * than stopping the server. Pure.
 */
export function configuredProviders(config: Pick<Config, "mapPmtiles" | "mapTileProviders">): {
  providers: MapProvider[];
  problems: string[];
} {
  const providers: MapProvider[] = [
    {
      id: WORLD_PROVIDER_ID,
      kind: "offline",
      name: "World (offline)",
      url: null,
      attribution: "Natural Earth, GeoNames",
    },
    {
      id: OSM_PROVIDER_ID,
      kind: "raster",
      name: "OpenStreetMap",
      url: null,
      attribution: "© OpenStreetMap contributors",
    },
  ];
  const problems: string[] = [];
  if (config.mapPmtiles) {
    providers.push({
      id: PMTILES_PROVIDER_ID,
      kind: "pmtiles",
      name: "Vector tiles (self-hosted)",
      url: /^https?:\/\//.test(config.mapPmtiles) ? config.mapPmtiles : PMTILES_PATH,
      attribution: "© OpenStreetMap contributors, Protomaps",
    });
  }
  for (const entry of (config.mapTileProviders ?? "").split(";")) {
    if (entry.trim() === "") continue;
    const [id = "", name = "", url = "", attribution = ""] = entry.split("|").map((s) => s.trim());
    const parsed = mapProviderSchema.safeParse({ id, kind: "raster", name, url, attribution });
    const valid =
      parsed.success &&
      /^https?:\/\/.+\{z\}.*\{x\}.*\{y\}/.test(url) &&
      name !== "" &&
      !providers.some((p) => p.id === id);
    if (valid) providers.push(parsed.data);
    else problems.push(entry);
  }
  return { providers, problems };
}
