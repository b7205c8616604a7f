import { useQuery } from "@tanstack/react-query";
import { type MapProvider, mapProvidersApi } from "@vigia/domain";
import type { Map as MapLibre } from "maplibre-gl";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { applyBaseMap, type BaseMapChoice, whenStyleReady } from "../../kit/map/baseMaps.ts";
import { attachWorld } from "../../kit/map/worldLayer.ts";
import { api } from "../../platform/api/instance.ts";
import { useSession } from "../../platform/session/session.ts";
import { useCompany } from "./company.ts";

/** The base maps the deployment offers (read once per session: they change only with the server's config). */
export function useMapProviders(): MapProvider[] | undefined {
  return useQuery({
    queryKey: ["map-providers"],
    queryFn: () => api.call(mapProvidersApi.list, {}),
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}

/**
 * The provider a company's `conf.general.mapProvider` names; when it names none that is offered (never chosen,
 * an archive removed, a tile server no longer named), the one its brand names (`brandDefault`), else the
 * deployment's default. Pure.
 */
export function pickProvider(
  providers: MapProvider[],
  chosen: unknown,
  brandDefault = "",
): MapProvider | null {
  const offered = (id: unknown) => (typeof id === "string" ? providers.find((p) => p.id === id) : undefined);
  return (
    offered(chosen) ?? offered(brandDefault) ?? providers.find((p) => p.isDefault) ?? providers[0] ?? null
  );
}

/** The current company's base map (its own choice, else its brand's), for `applyBaseMap`. */
export function useBaseMap(): BaseMapChoice {
  const { storage, site } = useSession();
  const { info } = useCompany();
  const providers = useMapProviders();
  const chosen = info?.conf.general.mapProvider;
  const brandDefault = site.mapProvider;
  return useMemo(
    () => ({
      tilesUrl: storage.readTilesUrl(),
      provider: providers ? pickProvider(providers, chosen, brandDefault) : null,
    }),
    [storage, providers, chosen, brandDefault],
  );
}

/**
 * Puts the company's base map under a MapLibre map the app made with `baseStyle` (live map, report map, place
 * and indoor editors, heat maps, alarm position…) and keeps it on the company's choice as that changes: every
 * map honours `conf.general.mapProvider`, MAP_PMTILES and MAP_TILE_PROVIDERS the same way. Pass the map once it
 * exists; null for none.
 */
export function useCompanyBaseMap(map: MapLibre | null): void {
  useBaseMapOn(map, useBaseMap());
}

/** The base map `choice` on `map` (the shared-route page, outside any company, passes the link's choice). */
export function useBaseMapOn(map: MapLibre | null, choice: BaseMapChoice): void {
  const { i18n } = useTranslation();
  const lang = i18n.language.split("-")[0];
  // The offline world layer under every map, so none is a blank canvas where the tiles do not load.
  useEffect(() => {
    if (map) attachWorld(map);
  }, [map]);
  useEffect(() => {
    if (!map) return;
    return whenStyleReady(map, () => applyBaseMap(map, choice, lang));
  }, [map, choice, lang]);
}
