import type { Incident } from "@vigia/domain";
import type { GeoJSONSource } from "maplibre-gl";
import { useEffect, useRef } from "react";
import { useInsightMap } from "./use-insight-map.ts";

export const INCIDENT_COLORS: Record<Incident["kind"], string> = {
  crash: "#c92a2a",
  panic: "#e03131",
  alarm: "#f76707",
  speeding: "#7048e8",
  harshBraking: "#1971c2",
  harshAcceleration: "#0c8599",
  sharpTurn: "#2f9e44",
};

/** The incidents of the period as coloured dots; a click selects the incident. */
export function IncidentsMap({
  incidents,
  selected,
  onSelect,
}: {
  incidents: readonly Incident[];
  selected: string | null;
  onSelect(key: string): void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const select = useRef(onSelect);
  select.current = onSelect;
  const map = useInsightMap(container, (m) => {
    m.addSource("incidents", { type: "geojson", data: { type: "FeatureCollection", features: [] } });
    m.addLayer({
      id: "incidents",
      type: "circle",
      source: "incidents",
      paint: {
        "circle-radius": ["case", ["get", "selected"], 9, 6],
        "circle-color": ["get", "color"],
        "circle-stroke-color": "#fff",
        "circle-stroke-width": ["case", ["get", "selected"], 3, 1],
      },
    });
    m.on("click", "incidents", (e) => {
      const key = e.features?.[0]?.properties?.key;
      if (typeof key === "string") select.current(key);
    });
  });

  useEffect(() => {
    if (!map) return;
    map.getSource<GeoJSONSource>("incidents")?.setData({
      type: "FeatureCollection",
      features: incidents.map((i) => ({
        type: "Feature",
        geometry: { type: "Point", coordinates: [i.lng, i.lat] },
        properties: { key: i.key, color: INCIDENT_COLORS[i.kind], selected: i.key === selected },
      })),
    });
  }, [map, incidents, selected]);

  useEffect(() => {
    if (!map || incidents.length === 0) return;
    let [w, s, e, n] = [180, 90, -180, -90];
    for (const i of incidents) {
      w = Math.min(w, i.lng);
      e = Math.max(e, i.lng);
      s = Math.min(s, i.lat);
      n = Math.max(n, i.lat);
    }
    map.fitBounds(
      [
        [w, s],
        [e, n],
      ],
      { padding: 40, maxZoom: 14, duration: 0 },
    );
  }, [map, incidents]);

  useEffect(() => {
    const hit = selected ? incidents.find((i) => i.key === selected) : null;
    if (map && hit) map.easeTo({ center: [hit.lng, hit.lat], zoom: Math.max(map.getZoom(), 13) });
  }, [map, selected, incidents]);

  return <div ref={container} style={{ position: "absolute", inset: 0 }} data-testid="incidents-map" />;
}
