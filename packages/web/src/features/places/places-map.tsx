import { distanceM, type LatLng, MAP_DEFAULTS } from "@vigia/domain";
import {
  type GeoJSONSource,
  Map as MapLibre,
  type MapMouseEvent,
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
import { dragHandle, type Handle, removeVertex, type Shape, shapeFeatures, translate } from "./drawing.ts";
import { usePlacesLayers } from "./map-layers.ts";

setWorkerUrl(maplibreWorkerUrl);

/** What a click on the map does: start a circle, add a polygon vertex, drop a point, or edit what is there. */
export type DrawMode = "none" | "circle" | "polygon" | "point" | "edit";

interface Props {
  shape: Shape | null;
  onShape(shape: Shape | null): void;
  mode: DrawMode;
  onMode(mode: DrawMode): void;
  /** A dashed outline drawn over the shape (the simplify preview). */
  preview?: LatLng[] | null;
  /** Id of the place being edited, hidden from the background layers so it is not drawn twice. */
  hiddenId?: number | null;
  /** Fit the view to this shape when it changes identity (opening a place). */
  focusKey?: string | number | null;
}

const EDIT_COLOR = "#e8590c";

/**
 * The map of the places screens: every place of the company in the background, and one shape being drawn or
 * edited on top with draggable handles. All interaction is plain MapLibre pointer events (no draw plugin).
 */
export function PlacesMap({ shape, onShape, mode, onMode, preview, hiddenId, focusKey }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibre | null>(null);
  const [ready, setReady] = useState(false);
  const { info, companyId } = useCompany();
  const centre = info?.centroId?.pos ?? null;
  // Handlers read the latest props through a ref, so they are bound to the map once.
  const state = useRef({ shape, mode, onShape, onMode });
  state.current = { shape, mode, onShape, onMode };
  const [hover, setHover] = useState<LatLng | null>(null);
  useCompanyBaseMap(map);

  useEffect(() => {
    if (!container.current) return;
    const m = new MapLibre({
      container: container.current,
      style: baseStyle(),
      center: centre
        ? [centre.lng, centre.lat]
        : [MAP_DEFAULTS.defaultCenter.lng, MAP_DEFAULTS.defaultCenter.lat],
      zoom: centre ? MAP_DEFAULTS.companyZoom + 4 : MAP_DEFAULTS.defaultZoom,
      minZoom: MAP_DEFAULTS.minZoom,
      maxZoom: MAP_DEFAULTS.maxZoom,
      fadeDuration: 0,
      doubleClickZoom: false,
    });
    m.addControl(new NavigationControl({ showCompass: false }), "bottom-right");
    m.addControl(new ScaleControl({ unit: "metric" }), "bottom-left");
    m.on("load", () => {
      m.addSource("edit-outline", { type: "geojson", data: { type: "FeatureCollection", features: [] } });
      m.addSource("edit-handles", { type: "geojson", data: { type: "FeatureCollection", features: [] } });
      m.addSource("edit-preview", { type: "geojson", data: { type: "FeatureCollection", features: [] } });
      m.addLayer({
        id: "edit-fill",
        type: "fill",
        source: "edit-outline",
        paint: { "fill-color": EDIT_COLOR, "fill-opacity": 0.2 },
      });
      m.addLayer({
        id: "edit-line",
        type: "line",
        source: "edit-outline",
        paint: { "line-color": EDIT_COLOR, "line-width": 2.5 },
      });
      m.addLayer({
        id: "edit-preview",
        type: "line",
        source: "edit-preview",
        paint: { "line-color": "#1c7ed6", "line-width": 2, "line-dasharray": [2, 2] },
      });
      m.addLayer({
        id: "edit-handles",
        type: "circle",
        source: "edit-handles",
        paint: {
          "circle-radius": ["match", ["get", "kind"], "mid", 4, 6],
          "circle-color": ["match", ["get", "kind"], "mid", "#ffffff", EDIT_COLOR],
          "circle-stroke-color": ["match", ["get", "kind"], "mid", EDIT_COLOR, "#ffffff"],
          "circle-stroke-width": 2,
        },
      });
      setReady(true);
    });
    bindPointer(m, state, setHover);
    setMap(m);
    return () => {
      m.remove();
      setMap(null);
      setReady(false);
    };
    // The map is created once per mount; the centre only matters at creation.
  }, []);

  usePlacesLayers(map, ready, PLACES_FILTERS, companyId);

  useEffect(() => {
    if (!map || !ready) return;
    const { outline, handles } = shapeFeatures(shape, mode === "polygon" ? hover : null);
    (map.getSource("edit-outline") as GeoJSONSource).setData(outline);
    (map.getSource("edit-handles") as GeoJSONSource).setData(handles);
    const line =
      preview && preview.length > 1 ? [...preview, preview[0] as LatLng].map((p) => [p.lng, p.lat]) : [];
    (map.getSource("edit-preview") as GeoJSONSource).setData({
      type: "FeatureCollection",
      features: line.length
        ? [{ type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: line } }]
        : [],
    });
    const filter = hiddenId ? ["!=", ["get", "id"], hiddenId] : null;
    for (const id of ["places-geozones-fill", "places-geozones-line", "places-pois"])
      if (map.getLayer(id)) map.setFilter(id, filter as Parameters<MapLibre["setFilter"]>[1]);
    map.getCanvas().style.cursor = mode === "none" || mode === "edit" ? "" : "crosshair";
  }, [map, ready, shape, mode, hover, preview, hiddenId]);

  // Opening a place brings it into view.
  useEffect(() => {
    if (!map || !ready || focusKey === null || focusKey === undefined || !state.current.shape) return;
    const s = state.current.shape;
    const pts = s.type === "polygon" ? s.points : [s.center];
    if (pts.length === 0) return;
    const lats = pts.map((p) => p.lat);
    const lngs = pts.map((p) => p.lng);
    const pad = s.type === "polygon" ? 0 : s.radius / 111_195;
    map.fitBounds(
      [
        [Math.min(...lngs) - pad * 1.5, Math.min(...lats) - pad],
        [Math.max(...lngs) + pad * 1.5, Math.max(...lats) + pad],
      ],
      { padding: 60, maxZoom: 16, duration: 0 },
    );
  }, [map, ready, focusKey]);

  // data-ready: the map has loaded and draws the edited shape (what tests and screenshots wait for).
  return (
    <div
      ref={container}
      data-testid="places-map"
      data-ready={ready}
      style={{ position: "absolute", inset: 0 }}
    />
  );
}

const PLACES_FILTERS = { geozones: true, pois: true };

type StateRef = React.RefObject<{
  shape: Shape | null;
  mode: DrawMode;
  onShape(shape: Shape | null): void;
  onMode(mode: DrawMode): void;
}>;

const at = (e: MapMouseEvent): LatLng => ({ lat: e.lngLat.lat, lng: e.lngLat.lng });

/** Pointer handling: drawing circles (press, drag radius), polygons (click vertices, double-click), editing. */
function bindPointer(m: MapLibre, state: StateRef, setHover: (p: LatLng | null) => void): void {
  let drag: { handle: Handle | null; last: LatLng; circleStart?: boolean } | null = null;

  m.on("mousedown", (e) => {
    const { shape, mode, onShape } = state.current;
    if (mode === "circle") {
      e.preventDefault();
      onShape({ type: "circle", center: at(e), radius: 1 });
      drag = { handle: { kind: "radius" }, last: at(e), circleStart: true };
      m.dragPan.disable();
      return;
    }
    if (mode !== "edit" || !shape || !m.getLayer("edit-handles")) return;
    const hit = m.queryRenderedFeatures(
      [
        [e.point.x - 6, e.point.y - 6],
        [e.point.x + 6, e.point.y + 6],
      ],
      { layers: ["edit-handles"] },
    )[0];
    if (hit) {
      const kind = String(hit.properties.kind);
      const index = Number(hit.properties.index);
      if (kind === "mid") return; // midpoints insert on click, see below
      drag = {
        handle:
          kind === "vertex"
            ? { kind: "vertex", index }
            : kind === "radius"
              ? { kind: "radius" }
              : { kind: "center" },
        last: at(e),
      };
    } else if (m.queryRenderedFeatures(e.point, { layers: ["edit-fill"] }).length > 0) {
      drag = { handle: null, last: at(e) };
    } else return;
    e.preventDefault();
    m.dragPan.disable();
  });

  m.on("mousemove", (e) => {
    const { shape, mode, onShape } = state.current;
    if (mode === "polygon") setHover(at(e));
    if (!drag || !shape) return;
    const next = drag.handle ? dragHandle(shape, drag.handle, at(e)) : translate(shape, drag.last, at(e));
    drag.last = at(e);
    onShape(next);
  });

  const end = () => {
    if (!drag) return;
    const { shape, onShape, onMode } = state.current;
    if (drag.circleStart && shape && shape.type === "circle") {
      // A click without a drag still makes a usable circle.
      if (shape.radius < 5)
        onShape({ ...shape, radius: Math.round(Math.max(50, 100 * 2 ** (14 - m.getZoom()))) });
      onMode("edit");
    }
    drag = null;
    m.dragPan.enable();
  };
  m.on("mouseup", end);
  m.on("mouseout", end);

  m.on("click", (e) => {
    const { shape, mode, onShape, onMode } = state.current;
    if (mode === "point") {
      onShape({ type: "point", center: at(e), radius: shape?.type === "point" ? shape.radius : 50 });
      onMode("edit");
      return;
    }
    if (mode === "polygon") {
      const points = shape?.type === "polygon" && shape.open ? shape.points : [];
      const last = points[points.length - 1];
      // The second click of a double-click lands on the same spot: do not add it twice.
      if (last && distanceM(last, at(e)) < 0.5) return;
      onShape({ type: "polygon", points: [...points, at(e)], open: true });
      return;
    }
    if (mode === "edit" && shape?.type === "polygon") {
      const hit = m.queryRenderedFeatures(
        [
          [e.point.x - 5, e.point.y - 5],
          [e.point.x + 5, e.point.y + 5],
        ],
        { layers: ["edit-handles"] },
      )[0];
      if (hit && hit.properties.kind === "mid") {
        const points = shape.points.slice();
        points.splice(Number(hit.properties.index) + 1, 0, at(e));
        onShape({ ...shape, points });
      }
    }
  });

  /** The vertex handle under the pointer while a polygon is edited, or null. */
  const vertexAt = (e: MapMouseEvent): number | null => {
    const { shape, mode } = state.current;
    if (mode !== "edit" || shape?.type !== "polygon" || !m.getLayer("edit-handles")) return null;
    const hit = m
      .queryRenderedFeatures(
        [
          [e.point.x - 6, e.point.y - 6],
          [e.point.x + 6, e.point.y + 6],
        ],
        { layers: ["edit-handles"] },
      )
      .find((f) => f.properties.kind === "vertex");
    return hit ? Number(hit.properties.index) : null;
  };
  // Right-click (a long press on touch screens) or double-click on a vertex deletes that one vertex; a polygon
  // keeps at least three.
  m.on("contextmenu", (e) => {
    const index = vertexAt(e);
    const { shape, onShape } = state.current;
    if (index === null || !shape) return;
    e.preventDefault();
    onShape(removeVertex(shape, index));
  });

  m.on("dblclick", (e) => {
    const { shape, mode, onShape, onMode } = state.current;
    const vertex = vertexAt(e);
    if (vertex !== null && shape) {
      e.preventDefault();
      onShape(removeVertex(shape, vertex));
      return;
    }
    if (mode !== "polygon" || shape?.type !== "polygon") return;
    e.preventDefault();
    if (shape.points.length >= 3) {
      onShape({ type: "polygon", points: shape.points });
      onMode("edit");
      setHover(null);
    }
  });
}
