import { type IndoorGeometry, type IndoorMap, MAP_DEFAULTS, planCorners } from "@vigia/domain";
import type { FeatureCollection } from "geojson";
import {
  type CanvasSource,
  type GeoJSONSource,
  Map as MapLibre,
  Marker,
  NavigationControl,
  ScaleControl,
  setWorkerUrl,
} from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import maplibreWorkerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useEffect, useRef, useState } from "react";
import { baseStyle } from "../../kit/map/map-style.ts";
import { useCompanyBaseMap } from "../../kit/map/use-base-map.ts";
import { useCompany } from "../../platform/company/index.ts";
import { planCanvas } from "./plan-image.ts";

setWorkerUrl(maplibreWorkerUrl);

export interface BeaconDot {
  id: number;
  lat: number;
  lng: number;
  label: string;
  active: boolean;
}

type Corner = "topLeft" | "topRight" | "bottomLeft";
const CORNERS: Corner[] = ["topLeft", "topRight", "bottomLeft"];
const CORNER_COLORS: Record<Corner, string> = {
  topLeft: "#e03131",
  topRight: "#1971c2",
  bottomLeft: "#2f9e44",
};

interface Props {
  /** The plan drawn (one map: the one being edited or the beacons' map). */
  plan: IndoorMap | null;
  /** Its placement while editing, with three draggable corners; null: the plan's stored placement. */
  corners?: IndoorGeometry | null;
  onCorners?: (g: IndoorGeometry) => void;
  beacons?: BeaconDot[];
  onClick?: (at: { lat: number; lng: number }) => void;
  /** Fit to the plan when this changes (opening another map). */
  focusKey?: string | number | null;
}

const EMPTY: FeatureCollection = { type: "FeatureCollection", features: [] };
const PLAN = "indoor-plan";

/**
 * The map of the indoor screens: a floor plan as an image source at its placement, three coloured corner
 * handles to drag it into place (top-left red, top-right blue, bottom-left green), and beacons as dots.
 */
export function PlanMap({ plan, corners, onCorners, beacons, onClick, focusKey }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibre | null>(null);
  const { info, companyId } = useCompany();
  useCompanyBaseMap(map);
  const handlers = useRef({ onCorners, onClick });
  handlers.current = { onCorners, onClick };
  const markers = useRef<Partial<Record<Corner, Marker>>>({});
  const geometry = corners ?? plan?.geometry ?? null;
  const live = useRef(geometry);
  live.current = geometry;

  useEffect(() => {
    if (!container.current) return;
    const centre = info?.centroId?.pos ?? MAP_DEFAULTS.defaultCenter;
    const m = new MapLibre({
      container: container.current,
      style: baseStyle(),
      center: [centre.lng, centre.lat],
      zoom: info?.centroId ? MAP_DEFAULTS.companyZoom + 4 : MAP_DEFAULTS.defaultZoom,
      maxZoom: 22,
      fadeDuration: 0,
    });
    m.addControl(new NavigationControl({ showCompass: false }), "bottom-right");
    m.addControl(new ScaleControl({ unit: "metric" }), "bottom-left");
    m.on("load", () => {
      m.addSource("beacons", { type: "geojson", data: EMPTY });
      m.addLayer({
        id: "beacons",
        type: "circle",
        source: "beacons",
        paint: {
          "circle-radius": ["case", ["get", "active"], 9, 6],
          "circle-color": ["case", ["get", "active"], "#e8590c", "#1971c2"],
          "circle-stroke-color": "#ffffff",
          "circle-stroke-width": 2,
        },
      });
      m.addLayer({
        id: "beacon-labels",
        type: "symbol",
        source: "beacons",
        layout: {
          "text-field": ["get", "label"],
          "text-size": 11,
          "text-offset": [0, 1.3],
          "text-anchor": "top",
        },
        paint: { "text-halo-color": "#ffffff", "text-halo-width": 1.5 },
      });
      setMap(m);
    });
    m.on("click", (e) => handlers.current.onClick?.({ lat: e.lngLat.lat, lng: e.lngLat.lng }));
    return () => {
      for (const marker of Object.values(markers.current)) marker?.remove();
      markers.current = {};
      m.remove();
      setMap(null);
    };
  }, []);

  // The plan image follows the placement.
  useEffect(() => {
    if (!map) return;
    let cancelled = false;
    const source = map.getSource(PLAN) as CanvasSource | undefined;
    if (!plan?.photoUrl || !geometry) {
      if (map.getLayer(PLAN)) map.removeLayer(PLAN);
      if (source) map.removeSource(PLAN);
      return;
    }
    if (source) source.setCoordinates(planCorners(geometry));
    void planCanvas(plan.photoUrl, companyId ?? 0).then((canvas) => {
      if (cancelled || !map.getStyle()) return;
      const current = map.getSource(PLAN) as CanvasSource | undefined;
      const g = live.current ?? geometry;
      if (current && current.getCanvas() === canvas) current.setCoordinates(planCorners(g));
      else {
        if (map.getLayer(PLAN)) map.removeLayer(PLAN);
        if (current) map.removeSource(PLAN);
        map.addSource(PLAN, { type: "canvas", canvas, coordinates: planCorners(g), animate: false });
        map.addLayer(
          { id: PLAN, type: "raster", source: PLAN, paint: { "raster-fade-duration": 0 } },
          "beacons",
        );
      }
      map.setPaintProperty(PLAN, "raster-opacity", g.opacity);
    });
    if (map.getLayer(PLAN)) map.setPaintProperty(PLAN, "raster-opacity", geometry.opacity);
    return () => {
      cancelled = true;
    };
  }, [map, plan?.photoUrl, geometry, companyId]);

  // Corner handles while placing.
  useEffect(() => {
    if (!map) return;
    if (!corners || !onCorners) {
      for (const marker of Object.values(markers.current)) marker?.remove();
      markers.current = {};
      return;
    }
    for (const corner of CORNERS) {
      let marker = markers.current[corner];
      if (!marker) {
        marker = new Marker({ color: CORNER_COLORS[corner], draggable: true }).setLngLat([0, 0]).addTo(map);
        marker.getElement().dataset.testid = `corner-${corner}`;
        marker.on("drag", () => {
          const g = live.current;
          const at = markers.current[corner]?.getLngLat();
          if (!g || !at) return;
          handlers.current.onCorners?.({ ...g, [corner]: { lat: at.lat, lng: at.lng } });
        });
        markers.current[corner] = marker;
      }
      marker.setLngLat([corners[corner].lng, corners[corner].lat]);
    }
  }, [map, corners, onCorners]);

  useEffect(() => {
    if (!map) return;
    (map.getSource("beacons") as GeoJSONSource | undefined)?.setData({
      type: "FeatureCollection",
      features: (beacons ?? []).map((b) => ({
        type: "Feature",
        properties: { id: b.id, label: b.label, active: b.active },
        geometry: { type: "Point", coordinates: [b.lng, b.lat] },
      })),
    });
  }, [map, beacons]);

  useEffect(() => {
    const g = live.current;
    if (!map || !g) return;
    const points = planCorners(g);
    const lngs = points.map((p) => p[0]);
    const lats = points.map((p) => p[1]);
    map.fitBounds(
      [
        [Math.min(...lngs), Math.min(...lats)],
        [Math.max(...lngs), Math.max(...lats)],
      ],
      { padding: 40, duration: 0, maxZoom: 21 },
    );
  }, [map, focusKey]);

  return <div ref={container} style={{ position: "absolute", inset: 0 }} data-testid="indoor-plan-map" />;
}

/** The map's visible centre as a first placement: a 60 m × 40 m plan around it, north up. */
export function placementAround(centre: { lat: number; lng: number }): IndoorGeometry {
  const dLat = 20 / 111_320;
  const dLng = 30 / (111_320 * Math.cos((centre.lat * Math.PI) / 180));
  return {
    topLeft: { lat: centre.lat + dLat, lng: centre.lng - dLng },
    topRight: { lat: centre.lat + dLat, lng: centre.lng + dLng },
    bottomLeft: { lat: centre.lat - dLat, lng: centre.lng - dLng },
    opacity: 0.8,
  };
}
