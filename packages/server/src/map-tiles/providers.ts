import { stat } from "node:fs/promises";
import {
  type MapProvider,
  mapProviderSchema,
  OSM_PROVIDER_ID,
  PMTILES_PATH,
  PMTILES_PROVIDER_ID,
  STREET_TILES_PATH,
  WORLD_PROVIDER_ID,
} from "@vigia/domain";
import type { Config } from "../kernel/config.ts";

type ProviderConfig = Pick<Config, "mapPmtiles" | "mapTileProviders" | "mapOsmTiles" | "mapDefaultProvider">;

const isUrl = (value: string): boolean => /^https?:\/\//.test(value);

/**
 * The base maps of this deployment, from its configuration and whether its archive file is there. The offline
 * world layer with Vigia's own street tiles is always offered; raster tiles only when MAP_OSM_TILES names a tile
 * server (so a fresh install sends no request to a third party); the PMTiles archive once it exists (imported or
 * MAP_PMTILES); a bad MAP_TILE_PROVIDERS entry is left out (and reported by `problems`) rather than stopping the
 * server. The default is MAP_DEFAULT_PROVIDER when offered, else the archive, else the world layer. Pure.
 */
export function configuredProviders(
  config: ProviderConfig,
  archiveReady: boolean,
): { providers: MapProvider[]; problems: string[] } {
  const providers: Omit<MapProvider, "isDefault">[] = [
    {
      id: WORLD_PROVIDER_ID,
      kind: "offline",
      name: "World (offline)",
      url: `${STREET_TILES_PATH}/{z}/{x}/{y}`,
      attribution: "Natural Earth, GeoNames, © OpenStreetMap contributors",
    },
  ];
  const problems: string[] = [];
  if (config.mapOsmTiles) {
    providers.push({
      id: OSM_PROVIDER_ID,
      kind: "raster",
      name: "OpenStreetMap",
      url: null,
      attribution: "© OpenStreetMap contributors",
    });
  }
  if (config.mapPmtiles && (isUrl(config.mapPmtiles) || archiveReady)) {
    providers.push({
      id: PMTILES_PROVIDER_ID,
      kind: "pmtiles",
      name: "Vector tiles (self-hosted)",
      url: isUrl(config.mapPmtiles) ? config.mapPmtiles : PMTILES_PATH,
      attribution: "© OpenStreetMap contributors, Protomaps",
    });
  }
  for (const entry of (config.mapTileProviders ?? "").split(";")) {
    if (entry.trim() === "") continue;
    const [id = "", name = "", url = "", attribution = ""] = entry.split("|").map((s) => s.trim());
    const parsed = mapProviderSchema.safeParse({
      id,
      kind: "raster",
      name,
      url,
      attribution,
      isDefault: false,
    });
    const valid =
      parsed.success &&
      /^https?:\/\/.+\{z\}.*\{x\}.*\{y\}/.test(url) &&
      name !== "" &&
      !providers.some((p) => p.id === id);
    if (valid) providers.push(parsed.data);
    else problems.push(entry);
  }
  if (config.mapDefaultProvider && !providers.some((p) => p.id === config.mapDefaultProvider))
    problems.push(`MAP_DEFAULT_PROVIDER=${config.mapDefaultProvider}`);
  const defaultId =
    providers.find((p) => p.id === config.mapDefaultProvider)?.id ??
    providers.find((p) => p.id === PMTILES_PROVIDER_ID)?.id ??
    WORLD_PROVIDER_ID;
  return { providers: providers.map((p) => ({ ...p, isDefault: p.id === defaultId })), problems };
}

/** Whether the local archive (MAP_PMTILES or the imported one) is a file now; a URL is never local. */
export async function archiveReady(config: Pick<Config, "mapPmtiles">): Promise<boolean> {
  if (!config.mapPmtiles || isUrl(config.mapPmtiles)) return false;
  return (await stat(config.mapPmtiles).catch(() => null))?.isFile() ?? false;
}

/** The base maps offered right now (an archive imported while the server runs counts at once). */
export async function offeredProviders(config: ProviderConfig): Promise<MapProvider[]> {
  return configuredProviders(config, await archiveReady(config)).providers;
}
