import type { SharedItem } from "@vigia/domain";
import type { FeatureCollection } from "geojson";
import {
  AttributionControl,
  type GeoJSONSource,
  LngLatBounds,
  Map as MapLibre,
  Marker,
  NavigationControl,
  setWorkerUrl,
} from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import maplibreWorkerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { baseStyle, FIT_OPTIONS } from "../../kit/map/map-style.ts";

setWorkerUrl(maplibreWorkerUrl);

const COLORS = ["#1c7ed6", "#e8590c", "#2f9e44", "#ae3ec9", "#f03e3e", "#0c8599"];
export const sharedColor = (index: number): string => COLORS[index % COLORS.length] as string;

/** The public shared map: each item's route since the link was made and a marker at its last position. */
export class SharedMap {
  readonly map: MapLibre;
  private readonly markers = new Map<string, Marker>();
  private loaded = false;
  private fitted = false;
  private pending: SharedItem[] | null = null;

  constructor(container: HTMLElement) {
    this.map = new MapLibre({
      container,
      style: baseStyle(),
      center: [0, 20],
      zoom: 1.5,
      attributionControl: false,
      fadeDuration: 0,
    });
    this.map.addControl(new AttributionControl({ compact: true }), "bottom-right");
    this.map.addControl(new NavigationControl({ showCompass: false }), "bottom-right");
    this.map.on("error", () => {});
    this.map.once("load", () => {
      this.map.addSource("shared-routes", {
        type: "geojson",
        data: { type: "FeatureCollection", features: [] },
      });
      this.map.addLayer({
        id: "shared-routes",
        type: "line",
        source: "shared-routes",
        layout: { "line-join": "round", "line-cap": "round" },
        paint: { "line-color": ["get", "color"], "line-width": 4, "line-opacity": 0.85 },
      });
      this.loaded = true;
      if (this.pending) this.show(this.pending);
    });
  }

  show(items: SharedItem[]): void {
    if (!this.loaded) {
      this.pending = items;
      return;
    }
    const routes: FeatureCollection = {
      type: "FeatureCollection",
      features: items
        .filter((item) => item.route.length > 1)
        .map((item, index) => ({
          type: "Feature",
          properties: { color: sharedColor(index) },
          geometry: { type: "LineString", coordinates: item.route },
        })),
    };
    (this.map.getSource("shared-routes") as GeoJSONSource | undefined)?.setData(routes);
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (!item.pos) return;
      const key = `${item.itemType}:${item.itemId}`;
      seen.add(key);
      let marker = this.markers.get(key);
      if (!marker) {
        marker = new Marker({ color: sharedColor(index) })
          .setLngLat([item.pos.lng, item.pos.lat])
          .addTo(this.map);
        marker.getElement().setAttribute("aria-label", item.name);
        marker.getElement().title = item.name;
        this.markers.set(key, marker);
      }
      marker.setLngLat([item.pos.lng, item.pos.lat]);
    });
    for (const [key, marker] of this.markers)
      if (!seen.has(key)) {
        marker.remove();
        this.markers.delete(key);
      }
    if (!this.fitted) this.fit(items);
  }

  fit(items: SharedItem[]): void {
    const bounds = new LngLatBounds();
    for (const item of items) {
      for (const point of item.route) bounds.extend(point);
      if (item.pos) bounds.extend([item.pos.lng, item.pos.lat]);
    }
    if (bounds.isEmpty()) return;
    this.fitted = true;
    this.map.fitBounds(bounds, { ...FIT_OPTIONS, maxZoom: 15 });
  }

  destroy(): void {
    this.map.remove();
  }
}
