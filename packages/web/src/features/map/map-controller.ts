import type { DrivingEvent, Stop, TrackPoint } from "@vigia/domain";
import type { FeatureCollection } from "geojson";
import {
  AttributionControl,
  type GeoJSONSource,
  Map as MapLibre,
  Marker,
  NavigationControl,
  Popup,
  setWorkerUrl,
} from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import maplibreWorkerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { mapClicksClaimed } from "../../kit/map/click-claim.ts";
import {
  baseStyle,
  CLUSTER_OPTIONS,
  FIT_OPTIONS,
  overlayLayers,
  SELECTED_SOURCE,
  startView,
} from "../../kit/map/map-style.ts";
import { exposeForDebug } from "../../platform/debug.ts";
import { mapStats } from "../../platform/live/stats.ts";
import type { LiveItemsStore, LiveKey, StoreChange } from "../../platform/live/store.ts";
import type { Catalog } from "./catalog.ts";
import { DRIVER_LAYERS, driverMinZoom } from "./driver-layers.ts";
import { driverFeatures } from "./driver-markers.ts";
import { boundsOf, ItemFeatures, type MapView } from "./features.ts";
import { followTarget } from "./follow.ts";
import { createMapImage, ICON_PIXEL_RATIO, ROUTE_EVENT_ICON } from "./icons.ts";
import { FOCUS_ZOOM } from "./map-focus.ts";
import { splitSelected } from "./selection-split.ts";

export interface RouteDrawing {
  points: TrackPoint[];
  stops: Stop[];
  events: DrivingEvent[];
  showStops: boolean;
}

export interface MapControllerOptions {
  container: HTMLElement;
  center: { lat: number; lng: number } | null;
  /** A position to open at with a marker (the alarm mail's link); the map then does not fit to the items. */
  focus?: { lat: number; lng: number; label: string } | null;
  store: LiveItemsStore;
  onSelect(key: LiveKey): void;
  /** A driver's marker was clicked. */
  onSelectDriver?(driverId: number): void;
  /** Follow mode ended because the user dragged the map. */
  onFollowEnd?(): void;
}

// Bundling moves MapLibre away from its worker file; point it at the copy Vite emits.
setWorkerUrl(maplibreWorkerUrl);

const EMPTY: FeatureCollection = { type: "FeatureCollection", features: [] };
/** Redraw every item this often so "offline" (no fix for 24 h) shows up without any message arriving. */
const AGING_REFRESH_MS = 60_000;

/**
 * Owns the MapLibre map outside React: item features are patched in place when the store reports a batch
 * and pushed to the GPU source with one setData, so React never re-renders for live updates.
 */
export class MapController {
  readonly map: MapLibre;
  private readonly features = new ItemFeatures();
  private catalog: Catalog | null = null;
  private view: MapView | null = null;
  private loaded = false;
  private fitted = false;
  private selected: LiveKey | null = null;
  private selectedDriver: number | null = null;
  private cluster = true;
  private follow = false;
  /** Set by setData, then by the source reporting the data loaded; the next render after that counts. */
  private renderStage: "idle" | "sent" | "loaded" = "idle";
  private readonly unsubscribe: () => void;
  private readonly agingTimer: ReturnType<typeof setInterval>;

  constructor(private readonly options: MapControllerOptions) {
    this.map = new MapLibre({
      container: options.container,
      style: baseStyle(),
      ...startView(options.center),
      attributionControl: false,
      fadeDuration: 0,
    });
    // Browser tests ask the map what it drew (the street layer at street zoom, offline).
    exposeForDebug("map", this.map);
    if (options.focus) {
      const { lat, lng, label } = options.focus;
      this.map.jumpTo({ center: [lng, lat], zoom: FOCUS_ZOOM });
      this.fitted = true;
      new Marker({ color: "#e03131" })
        .setLngLat([lng, lat])
        .setPopup(new Popup().setText(label))
        .addTo(this.map);
    }
    this.map.addControl(new AttributionControl({ compact: true }), "bottom-right");
    this.map.addControl(new NavigationControl({ showCompass: true }), "bottom-right");
    // Tiles fail offline or behind proxies; the map keeps drawing items on its background instead.
    this.map.on("error", (event) => {
      if (!String(event.error?.message ?? "").includes("tile")) console.warn("map:", event.error?.message);
    });
    // Badges are drawn on demand, the first time a feature needs a glyph/colour/marker combination.
    this.map.setMissingStyleImageResolver((id) => {
      const image = createMapImage(id);
      if (image && !this.map.hasImage(id)) this.map.addImage(id, image, { pixelRatio: ICON_PIXEL_RATIO });
    });
    this.map.on("load", () => this.onLoad());
    // Only a drag by the user ends follow mode; the camera moves follow mode makes itself fire no dragstart.
    this.map.on("dragstart", () => {
      if (!this.follow) return;
      this.follow = false;
      this.options.onFollowEnd?.();
    });
    this.map.on("render", () => this.rendered());
    this.map.on("idle", () => this.rendered());
    this.unsubscribe = options.store.subscribe((change) => this.onStoreChange(change));
    this.agingTimer = setInterval(() => this.redrawAll(), AGING_REFRESH_MS);
  }

  destroy(): void {
    this.unsubscribe();
    clearInterval(this.agingTimer);
    this.map.remove();
  }

  /** Names, types and groups changed, or the filters did: every feature is rewritten once. */
  setContext(catalog: Catalog, view: MapView, cluster: boolean): void {
    this.catalog = catalog;
    this.view = view;
    this.cluster = cluster;
    if (!this.loaded) return;
    void this.itemsSource()?.setClusterOptions({ cluster, ...CLUSTER_OPTIONS });
    this.setDriverZoom();
    this.redrawAll();
  }

  setLayerVisible(layers: string[], visible: boolean): void {
    if (!this.loaded) return;
    for (const id of layers) this.map.setLayoutProperty(id, "visibility", visible ? "visible" : "none");
  }

  /** Panels over the map: camera moves centre on the part of the map that stays visible. */
  setInsets(left: number, right: number, bottom = 0): void {
    this.map.setPadding({ left, right, top: 0, bottom });
  }

  select(key: LiveKey | null): void {
    this.selected = key;
    this.options.store.startTrack(key);
    if (!this.loaded) return;
    this.pushItems();
    this.pushTrack();
    const pos = key ? this.options.store.items.get(key)?.pos : null;
    if (pos)
      this.map.easeTo({ center: [pos.lng, pos.lat], zoom: Math.max(this.map.getZoom(), 13), duration: 0 });
  }

  /** The driver whose panel is open: their marker is ringed and the map centres on them. */
  selectDriver(driverId: number | null): void {
    this.selectedDriver = driverId;
    if (!this.loaded) return;
    this.pushDrivers();
    const feature = this.driverCollection()?.features.find((f) => f.properties.driverId === driverId);
    if (feature) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      this.map.easeTo({ center: [lng, lat], zoom: Math.max(this.map.getZoom(), 13), duration: 0 });
    }
  }

  /** Follow mode: keep the selected item centred while it moves, until the user drags the map. */
  setFollow(on: boolean): void {
    this.follow = on;
    const pos = on && this.selected ? this.options.store.items.get(this.selected)?.pos : null;
    if (pos && this.loaded) this.map.easeTo({ center: [pos.lng, pos.lat], duration: 300 });
  }

  setRoute(route: RouteDrawing | null, eventsShown: DrivingEvent[]): void {
    if (!this.loaded) return;
    const line: FeatureCollection =
      route && route.points.length > 1
        ? {
            type: "FeatureCollection",
            features: [
              {
                type: "Feature",
                properties: {},
                geometry: { type: "LineString", coordinates: route.points.map((p) => [p.lng, p.lat]) },
              },
            ],
          }
        : EMPTY;
    (this.map.getSource("route") as GeoJSONSource | undefined)?.setData(line);
    const markers: FeatureCollection = { type: "FeatureCollection", features: [] };
    const point = (lng: number, lat: number, icon: string) =>
      markers.features.push({
        type: "Feature",
        properties: { icon },
        geometry: { type: "Point", coordinates: [lng, lat] },
      });
    if (route) {
      if (route.showStops) for (const stop of route.stops) point(stop.lng, stop.lat, "route|stop");
      for (const event of eventsShown) point(event.lng, event.lat, ROUTE_EVENT_ICON(event.kind));
      const first = route.points[0];
      const last = route.points.at(-1);
      if (first) point(first.lng, first.lat, "route|start");
      if (last && route.points.length > 1) point(last.lng, last.lat, "route|end");
    }
    (this.map.getSource("route-markers") as GeoJSONSource | undefined)?.setData(markers);
    if (route && route.points.length > 0) {
      const coords = route.points.map((p) => ({ geometry: { coordinates: [p.lng, p.lat] } }));
      const b = boundsOf(coords as never);
      if (b) this.map.fitBounds(b, FIT_OPTIONS);
    }
  }

  /** The played-back item at the cursor: a ring over the route, kept in view while it moves. */
  setPlaybackCursor(point: { lat: number; lng: number } | null): void {
    if (!this.loaded) return;
    const data: FeatureCollection = point
      ? {
          type: "FeatureCollection",
          features: [
            {
              type: "Feature",
              properties: {},
              geometry: { type: "Point", coordinates: [point.lng, point.lat] },
            },
          ],
        }
      : EMPTY;
    (this.map.getSource("playback-cursor") as GeoJSONSource | undefined)?.setData(data);
    if (point && !this.map.getBounds().contains([point.lng, point.lat]))
      this.map.easeTo({ center: [point.lng, point.lat], duration: 0 });
  }

  fitAll(): void {
    const b = boundsOf(this.features.collection.features);
    if (b) this.map.fitBounds(b, FIT_OPTIONS);
  }

  private onLoad(): void {
    this.loaded = true;
    this.map.addSource("items", { type: "geojson", data: EMPTY, cluster: this.cluster, ...CLUSTER_OPTIONS });
    this.map.addSource(SELECTED_SOURCE, { type: "geojson", data: EMPTY });
    for (const id of ["track", "route", "route-markers", "pois", "geozones"])
      this.map.addSource(id, { type: "geojson", data: EMPTY });
    for (const layer of overlayLayers()) this.map.addLayer(layer);
    this.map.addSource("drivers", { type: "geojson", data: EMPTY });
    for (const layer of DRIVER_LAYERS) this.map.addLayer(layer);
    this.setDriverZoom();
    this.map.addSource("playback-cursor", { type: "geojson", data: EMPTY });
    this.map.addLayer({
      id: "playback-cursor",
      type: "circle",
      source: "playback-cursor",
      paint: {
        "circle-radius": 8,
        "circle-color": "#1c7ed6",
        "circle-stroke-color": "#ffffff",
        "circle-stroke-width": 3,
      },
    });
    for (const layer of ["items", SELECTED_SOURCE])
      this.map.on("click", layer, (event) => {
        if (mapClicksClaimed(this.map)) return;
        const key = event.features?.[0]?.properties?.key as LiveKey | undefined;
        if (key) this.options.onSelect(key);
      });
    this.map.on("click", "clusters", (event) => {
      if (mapClicksClaimed(this.map)) return;
      const feature = event.features?.[0];
      const clusterId = feature?.properties?.cluster_id as number | undefined;
      if (clusterId === undefined || feature?.geometry.type !== "Point") return;
      const center = feature.geometry.coordinates as [number, number];
      void this.itemsSource()
        ?.getClusterExpansionZoom(clusterId)
        .then((zoom) => this.map.easeTo({ center, zoom, duration: 300 }));
    });
    this.map.on("click", "drivers", (event) => {
      if (mapClicksClaimed(this.map)) return;
      const id = event.features?.[0]?.properties?.driverId;
      if (typeof id === "number") this.options.onSelectDriver?.(id);
    });
    // A tool that takes the clicks keeps its own cursor over markers.
    for (const layer of ["items", SELECTED_SOURCE, "clusters", "drivers"]) {
      this.map.on("mouseenter", layer, () => {
        if (!mapClicksClaimed(this.map)) this.map.getCanvas().style.cursor = "pointer";
      });
      this.map.on("mouseleave", layer, () => {
        if (!mapClicksClaimed(this.map)) this.map.getCanvas().style.cursor = "";
      });
    }
    this.map.on("sourcedata", (event) => {
      if (event.sourceId === "items" && event.isSourceLoaded && this.renderStage === "sent")
        this.renderStage = "loaded";
    });
    this.redrawAll();
    if (this.features.size > 0) {
      this.fitted = true;
      this.fitAll();
    }
  }

  setOverlays(pois: FeatureCollection, geozones: FeatureCollection): void {
    if (!this.loaded) return;
    (this.map.getSource("pois") as GeoJSONSource | undefined)?.setData(pois);
    (this.map.getSource("geozones") as GeoJSONSource | undefined)?.setData(geozones);
  }

  private itemsSource(): GeoJSONSource | undefined {
    return this.map.getSource("items") as GeoJSONSource | undefined;
  }

  private onStoreChange(change: StoreChange): void {
    if (!this.catalog || !this.view) return;
    if (change.reset) {
      this.features.rebuild(this.options.store.items, this.catalog, this.view);
    } else {
      for (const key of change.keys)
        this.features.update(key, this.options.store.items.get(key), this.catalog, this.view);
    }
    this.pushItems();
    this.pushDrivers();
    if (this.selected && (change.reset || change.keys.has(this.selected))) this.pushTrack();
    const target = followTarget(
      this.follow,
      this.selected,
      change,
      (key) => this.options.store.items.get(key)?.pos,
    );
    if (target && this.loaded) this.map.easeTo({ center: target, duration: 500 });
    if (!this.fitted && this.features.size > 0 && this.loaded) {
      this.fitted = true;
      this.fitAll();
    }
  }

  private redrawAll(): void {
    if (!this.catalog || !this.view) return;
    this.features.rebuild(this.options.store.items, this.catalog, this.view);
    this.pushItems();
    this.pushDrivers();
  }

  private setDriverZoom(): void {
    for (const layer of DRIVER_LAYERS) this.map.setLayerZoomRange(layer.id, driverMinZoom(this.cluster), 24);
  }

  private driverCollection() {
    if (!this.catalog || !this.view) return null;
    return driverFeatures(this.options.store.items, this.catalog, this.view, this.selectedDriver);
  }

  /** Drivers derive from the items' live state (driver-markers.ts): rebuilt whole, they are few next to items. */
  private pushDrivers(): void {
    (this.map.getSource("drivers") as GeoJSONSource | undefined)?.setData(this.driverCollection() ?? EMPTY);
  }

  /** The items to the clustered source, the selected one to its own source above the clusters. */
  private pushItems(): void {
    const source = this.itemsSource();
    if (!source) return;
    const split = splitSelected(this.features.collection, this.selected);
    void source.setData(split.clustered);
    (this.map.getSource(SELECTED_SOURCE) as GeoJSONSource | undefined)?.setData(split.selected);
    this.renderStage = "sent";
  }

  private pushTrack(): void {
    const track = this.options.store.track;
    const data: FeatureCollection =
      this.selected && track.length > 1
        ? {
            type: "FeatureCollection",
            features: [
              { type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: track } },
            ],
          }
        : EMPTY;
    (this.map.getSource("track") as GeoJSONSource | undefined)?.setData(data);
  }

  private rendered(): void {
    if (this.renderStage !== "loaded") return;
    this.renderStage = "idle";
    const stats = mapStats();
    if (stats) stats.lastRenderedAt = performance.now();
  }
}
