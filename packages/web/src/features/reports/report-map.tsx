import { Box } from "@mantine/core";
import type { ReportMapData } from "@vigia/domain";
import { LngLatBounds, Map as MapLibre, Marker, setWorkerUrl } from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import maplibreWorkerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useEffect, useMemo, useRef, useState } from "react";
import { baseStyle } from "../../kit/map/map-style.ts";
import { useCompanyBaseMap } from "../../kit/map/use-base-map.ts";
import { addPlacesLayers, usePlacesData } from "../places/index.ts";
import { placePoints, reportPlaces } from "./report-places.ts";

setWorkerUrl(maplibreWorkerUrl);

const TRACK_COLORS = ["#1c7ed6", "#e8590c", "#2f9e44", "#ae3ec9", "#f08c00"];
const MARKER_COLORS: Record<string, string> = {
  start: "#2f9e44",
  end: "#e03131",
  stop: "#1c7ed6",
  idle: "#f08c00",
};

/**
 * The map preview of route, trip, stop, speeding and visit reports: tracks as lines, markers where things
 * happened, and the geozones and POIs the report is about drawn as on the live map.
 */
export function ReportMap({ data }: { data: ReportMapData }) {
  const ref = useRef<HTMLDivElement>(null);
  const companyPlaces = usePlacesData();
  const places = useMemo(() => reportPlaces(companyPlaces, data), [companyPlaces, data]);
  const [shown, setShown] = useState<MapLibre | null>(null);
  useCompanyBaseMap(shown);
  useEffect(() => {
    if (!ref.current) return;
    let map: MapLibre | null = null;
    try {
      map = new MapLibre({
        container: ref.current,
        style: baseStyle(),
        center: [-3.7, 40.4],
        zoom: 5,
      });
    } catch {
      return;
    }
    const bounds = new LngLatBounds();
    for (const m of data.markers) {
      new Marker({ color: MARKER_COLORS[m.kind] ?? "#c92a2a", scale: 0.6 })
        .setLngLat([m.lng, m.lat])
        .addTo(map);
      bounds.extend([m.lng, m.lat]);
    }
    for (const track of data.tracks) for (const [lat, lng] of track.points) bounds.extend([lng, lat]);
    for (const point of placePoints(places)) bounds.extend(point);
    const m = map;
    setShown(m);
    // Framed at once, not when the base map has loaded: the map shows the report's area from its first frame,
    // also while (or when) the tiles are slow to come.
    if (!bounds.isEmpty()) m.fitBounds(bounds, { padding: 30, maxZoom: 15, duration: 0 });
    m.on("load", () => {
      if (places.geozones.length || places.pois.length)
        addPlacesLayers(m, places, { geozones: true, pois: true });
      data.tracks.forEach((track, i) => {
        const id = `track-${i}`;
        m.addSource(id, {
          type: "geojson",
          data: {
            type: "Feature",
            properties: {},
            geometry: { type: "LineString", coordinates: track.points.map(([lat, lng]) => [lng, lat]) },
          },
        });
        m.addLayer({
          id,
          type: "line",
          source: id,
          paint: { "line-color": TRACK_COLORS[i % TRACK_COLORS.length]!, "line-width": 3 },
        });
      });
    });
    return () => {
      setShown(null);
      m.remove();
    };
  }, [data, places]);
  return <Box ref={ref} h={320} style={{ borderRadius: 6, overflow: "hidden" }} data-testid="report-map" />;
}
