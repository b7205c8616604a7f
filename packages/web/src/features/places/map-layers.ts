import { circleRing, type Geozone, type Poi, ringToGeoJson, type WmsLayer } from "@vigia/domain";
import type { Feature, FeatureCollection } from "geojson";
import type { GeoJSONSource, Map as MapLibre } from "maplibre-gl";
import { useEffect, useState } from "react";
import { type Keyed, usePlacesData } from "./data.ts";

/**
 * Places on any MapLibre map (the live map, the places editors): geozones as coloured areas, POIs as dots with
 * their radius, and enabled WMS layers as raster overlays under them. Layer ids start with "places-" / "wms-".
 */
export interface PlacesLayerData {
  geozones: Keyed<Geozone> | Geozone[];
  pois: Keyed<Poi> | Poi[];
  layers?: Keyed<WmsLayer> | WmsLayer[];
  /** WMS layer ids to show; default all. */
  enabledLayers?: ReadonlySet<number> | null;
}
export interface PlacesLayerFilters {
  geozones: boolean;
  pois: boolean;
}

const SOURCES = { zones: "places-geozones", pois: "places-pois", radius: "places-poi-radius" } as const;
const ZONE_LAYERS = ["places-geozones-fill", "places-geozones-line", "places-geozones-label"];
const POI_LAYERS = ["places-poi-radius-fill", "places-pois", "places-pois-label"];
const FONT = ["Open Sans Regular"];

const list = <T>(v: Keyed<T> | T[] | undefined): T[] => (Array.isArray(v) ? v : Object.values(v ?? {}));

export function geozoneFeatures(geozones: Keyed<Geozone> | Geozone[]): FeatureCollection {
  const features: Feature[] = list(geozones).map((z) => ({
    type: "Feature",
    id: z.id,
    properties: { id: z.id, name: z.name, color: z.color },
    geometry: z.geometry ?? {
      type: "Polygon",
      coordinates: ringToGeoJson(z.type === "circle" ? circleRing(z, z.radius ?? 1) : z.points),
    },
  }));
  return { type: "FeatureCollection", features };
}

export function poiFeatures(pois: Keyed<Poi> | Poi[]): {
  points: FeatureCollection;
  radius: FeatureCollection;
} {
  const rows = list(pois);
  return {
    points: {
      type: "FeatureCollection",
      features: rows.map((p) => ({
        type: "Feature",
        id: p.id,
        properties: { id: p.id, name: p.name, color: p.color, icon: p.icon },
        geometry: { type: "Point", coordinates: [p.lng, p.lat] },
      })),
    },
    radius: {
      type: "FeatureCollection",
      features: rows.map((p) => ({
        type: "Feature",
        id: p.id,
        properties: { color: p.color },
        geometry: { type: "Polygon", coordinates: ringToGeoJson(circleRing(p, p.radius, 48)) },
      })),
    },
  };
}

/** GetMap tiles in Web Mercator; MapLibre fills {bbox-epsg-3857} per tile. */
export function wmsTileUrl(layer: Pick<WmsLayer, "url" | "name">): string {
  const sep = layer.url.includes("?") ? "&" : "?";
  const params = `SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=${encodeURIComponent(layer.name)}&STYLES=&FORMAT=image/png&TRANSPARENT=true&SRS=EPSG:3857&WIDTH=256&HEIGHT=256`;
  return `${layer.url}${sep}${params}&BBOX={bbox-epsg-3857}`;
}

/** Adds the sources and layers once (call after the style has loaded), then shows the data. */
export function addPlacesLayers(map: MapLibre, data: PlacesLayerData, filters: PlacesLayerFilters): void {
  const empty: FeatureCollection = { type: "FeatureCollection", features: [] };
  for (const id of Object.values(SOURCES))
    if (!map.getSource(id)) map.addSource(id, { type: "geojson", data: empty });
  const add = (layer: Parameters<MapLibre["addLayer"]>[0]) => {
    if (!map.getLayer(layer.id)) map.addLayer(layer);
  };
  add({
    id: "places-geozones-fill",
    type: "fill",
    source: SOURCES.zones,
    paint: { "fill-color": ["get", "color"], "fill-opacity": 0.18 },
  });
  add({
    id: "places-geozones-line",
    type: "line",
    source: SOURCES.zones,
    paint: { "line-color": ["get", "color"], "line-width": 2 },
  });
  // Labels need a glyph server; a style without one (offline) would reject the whole layer, so skip them then.
  const labels = Boolean(map.getStyle()?.glyphs);
  if (labels)
    add({
      id: "places-geozones-label",
      type: "symbol",
      source: SOURCES.zones,
      minzoom: 10,
      layout: { "text-field": ["get", "name"], "text-size": 12, "text-font": FONT },
      paint: { "text-color": "#1f2933", "text-halo-color": "#ffffff", "text-halo-width": 1.5 },
    });
  add({
    id: "places-poi-radius-fill",
    type: "fill",
    source: SOURCES.radius,
    minzoom: 12,
    paint: { "fill-color": ["get", "color"], "fill-opacity": 0.1 },
  });
  add({
    id: "places-pois",
    type: "circle",
    source: SOURCES.pois,
    paint: {
      "circle-color": ["get", "color"],
      "circle-radius": 6,
      "circle-stroke-color": "#ffffff",
      "circle-stroke-width": 2,
    },
  });
  if (labels)
    add({
      id: "places-pois-label",
      type: "symbol",
      source: SOURCES.pois,
      minzoom: 11,
      layout: { "text-field": ["get", "name"], "text-size": 11, "text-offset": [0, 1.2], "text-font": FONT },
      paint: { "text-color": "#1f2933", "text-halo-color": "#ffffff", "text-halo-width": 1.5 },
    });
  updatePlacesLayers(map, data, filters);
}

/** Pushes new data and filter visibility to layers added by addPlacesLayers. */
export function updatePlacesLayers(map: MapLibre, data: PlacesLayerData, filters: PlacesLayerFilters): void {
  (map.getSource(SOURCES.zones) as GeoJSONSource | undefined)?.setData(geozoneFeatures(data.geozones));
  const pois = poiFeatures(data.pois);
  (map.getSource(SOURCES.pois) as GeoJSONSource | undefined)?.setData(pois.points);
  (map.getSource(SOURCES.radius) as GeoJSONSource | undefined)?.setData(pois.radius);
  for (const id of ZONE_LAYERS)
    if (map.getLayer(id)) map.setLayoutProperty(id, "visibility", filters.geozones ? "visible" : "none");
  for (const id of POI_LAYERS)
    if (map.getLayer(id)) map.setLayoutProperty(id, "visibility", filters.pois ? "visible" : "none");
  syncWmsLayers(map, list(data.layers), data.enabledLayers ?? null);
}

/** WMS rasters sit under the places layers; removed layers and disabled ones are taken off the map. */
function syncWmsLayers(map: MapLibre, layers: WmsLayer[], enabled: ReadonlySet<number> | null): void {
  const wanted = new Set(
    layers.filter((l) => enabled === null || enabled.has(l.id)).map((l) => `wms-${l.id}`),
  );
  for (const layer of map.getStyle()?.layers ?? []) {
    if (layer.id.startsWith("wms-") && !wanted.has(layer.id)) {
      map.removeLayer(layer.id);
      if (map.getSource(layer.id)) map.removeSource(layer.id);
    }
  }
  const below = map.getLayer("places-geozones-fill") ? "places-geozones-fill" : undefined;
  for (const l of layers) {
    const id = `wms-${l.id}`;
    if (!wanted.has(id) || map.getLayer(id)) continue;
    map.addSource(id, { type: "raster", tiles: [wmsTileUrl(l)], tileSize: 256 });
    map.addLayer({ id, type: "raster", source: id, paint: { "raster-opacity": 0.8 } }, below);
  }
}

const wmsKey = (companyId: number): string => `vigia.wms.${companyId}`;

/** Which WMS layers a company's maps show, kept in local storage (null = all). */
export function readEnabledWms(companyId: number): Set<number> | null {
  try {
    const raw = localStorage.getItem(wmsKey(companyId));
    const ids: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(ids) ? new Set(ids.filter((v): v is number => typeof v === "number")) : null;
  } catch {
    return null;
  }
}

export function writeEnabledWms(companyId: number, ids: Iterable<number>): void {
  localStorage.setItem(wmsKey(companyId), JSON.stringify([...ids]));
  window.dispatchEvent(new Event("vigia-wms"));
}

/** The enabled WMS set of the company, following changes made on the WMS screen. */
export function useEnabledWms(companyId: number | null): Set<number> | null {
  const [enabled, setEnabled] = useState(() => (companyId === null ? null : readEnabledWms(companyId)));
  useEffect(() => {
    if (companyId === null) return;
    const refresh = () => setEnabled(readEnabledWms(companyId));
    refresh();
    window.addEventListener("vigia-wms", refresh);
    return () => window.removeEventListener("vigia-wms", refresh);
  }, [companyId]);
  return enabled;
}

/**
 * Keeps a map's places layers in step with the company data and the filters: the one call a map needs.
 * `ready` is true once the map's style has loaded.
 */
export function usePlacesLayers(
  map: MapLibre | null,
  ready: boolean,
  filters: PlacesLayerFilters,
  companyId: number | null,
): void {
  const { geozones, pois, layers } = usePlacesData();
  const enabledLayers = useEnabledWms(companyId);
  const [added, setAdded] = useState<MapLibre | null>(null);
  useEffect(() => {
    if (!map || !ready) return;
    const data = { geozones, pois, layers, enabledLayers };
    if (added !== map) {
      addPlacesLayers(map, data, filters);
      setAdded(map);
    } else updatePlacesLayers(map, data, filters);
  }, [map, ready, geozones, pois, layers, enabledLayers, filters, added]);
}
