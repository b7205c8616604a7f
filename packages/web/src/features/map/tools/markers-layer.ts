import { useQuery } from "@tanstack/react-query";
import { type MapMarker, mapToolsApi } from "@vigia/domain";
import { type GeoJSONSource, type Map as MapLibre, Popup } from "maplibre-gl";
import { useEffect } from "react";
import { labelBelow } from "../../../kit/map/map-style.ts";
import { api } from "../../../platform/api/instance.ts";
import { markerFeatures } from "./marker-features.ts";

const SOURCE = "map-markers";
const NONE: MapMarker[] = [];

/** The query every marker view shares, so a marker added in the modal shows on the map at once. */
export const markersQueryKey = (companyId: number) => ["mapmarkers", companyId] as const;

export function useMarkers(companyId: number | null) {
  return useQuery({
    queryKey: markersQueryKey(companyId ?? 0),
    queryFn: () => api.call(mapToolsApi.markers, { params: { companyId: companyId ?? 0 } }, { quiet: true }),
    enabled: companyId !== null,
  });
}

function ensureLayers(map: MapLibre): void {
  if (map.getSource(SOURCE)) return;
  map.addSource(SOURCE, { type: "geojson", data: { type: "FeatureCollection", features: [] } });
  map.addLayer({
    id: "map-markers",
    type: "circle",
    source: SOURCE,
    paint: {
      "circle-radius": 7,
      "circle-color": ["get", "color"],
      "circle-stroke-color": "#ffffff",
      "circle-stroke-width": 2,
    },
  });
  map.addLayer({
    id: "map-markers-label",
    type: "symbol",
    source: SOURCE,
    layout: labelBelow.layout(["get", "name"], 1.1),
    paint: labelBelow.paint,
  });
  // A click on a marker shows its name and note.
  map.on("click", "map-markers", (e) => {
    const f = e.features?.[0];
    if (f?.geometry.type !== "Point") return;
    const box = document.createElement("div");
    const title = document.createElement("strong");
    title.textContent = String(f.properties.name ?? "");
    box.append(title);
    if (f.properties.note) {
      const note = document.createElement("div");
      note.textContent = String(f.properties.note);
      box.append(note);
    }
    const [lng, lat] = f.geometry.coordinates as [number, number];
    new Popup({ closeButton: true }).setLngLat([lng, lat]).setDOMContent(box).addTo(map);
  });
}

/** Draws the user's markers (own and shared) on the live map for as long as it is mounted. */
export function useMarkersLayer(map: MapLibre | null, companyId: number | null): void {
  const markers = useMarkers(companyId);
  const data = markers.data ?? NONE;
  useEffect(() => {
    if (!map) return;
    const draw = () => {
      ensureLayers(map);
      (map.getSource(SOURCE) as GeoJSONSource).setData(markerFeatures(data));
    };
    if (map.isStyleLoaded()) draw();
    else map.once("idle", draw);
  }, [map, data]);
}
