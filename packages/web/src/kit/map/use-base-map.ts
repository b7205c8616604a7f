import type { Map as MapLibre } from "maplibre-gl";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { type BaseMapChoice, useBaseMap } from "../../platform/company/base-map.ts";
import { applyBaseMap, whenStyleReady } from "./base-maps.ts";
import { attachWorld } from "./world-layer.ts";

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
