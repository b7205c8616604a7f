import type { Geozone, WmsLayer } from "@vigia/domain";
import type { FeatureCollection } from "geojson";
import type { Map as MapLibre } from "maplibre-gl";
import { describe, expect, it } from "vitest";
import { testPoi } from "../../test/places.ts";
import {
  addPlacesLayers,
  geozoneFeatures,
  poiFeatures,
  readEnabledWms,
  updatePlacesLayers,
  wmsTileUrl,
  writeEnabledWms,
} from "./map-layers.ts";

const zone = (over: Partial<Geozone>): Geozone => ({
  id: 1,
  name: "Depot",
  color: "#ff0000",
  group: null,
  description: "",
  speedLimit: null,
  type: "polygon",
  lat: 40,
  lng: -3,
  radius: null,
  points: [],
  geometry: {
    type: "Polygon",
    coordinates: [
      [
        [-3, 40],
        [-2, 40],
        [-2, 41],
        [-3, 40],
      ],
    ],
  },
  createdTs: 0,
  updatedTs: 0,
  ...over,
});

const wms = (id: number): WmsLayer => ({
  id,
  url: `https://wms${id}.example.org/ows`,
  name: `l${id}`,
  title: `L${id}`,
  createdTs: 0,
});

describe("geozoneFeatures", () => {
  it("uses the geometry the API sends, keyed and coloured by zone", () => {
    const z = zone({ id: 3 });
    const { features } = geozoneFeatures({ "3": z });
    expect(features).toEqual([
      {
        type: "Feature",
        id: 3,
        properties: { id: 3, name: "Depot", color: "#ff0000" },
        geometry: z.geometry,
      },
    ]);
  });

  it("accepts a plain array as well as the keyed company-load object", () => {
    expect(geozoneFeatures([zone({ id: 1 }), zone({ id: 2 })]).features.map((f) => f.id)).toEqual([1, 2]);
  });
});

describe("poiFeatures", () => {
  it("gives each POI a dot and a radius circle", () => {
    const { points, radius } = poiFeatures({ "5": testPoi() });
    expect(points.features).toEqual([
      {
        type: "Feature",
        id: 5,
        properties: { id: 5, name: "Fuel", color: "#00ff00", icon: "pin" },
        geometry: { type: "Point", coordinates: [-3.7, 40.4] },
      },
    ]);
    const geometry = radius.features[0]?.geometry;
    expect(geometry?.type).toBe("Polygon");
    const ring = geometry?.type === "Polygon" ? (geometry.coordinates[0] ?? []) : [];
    // 48 segments, closed: the first point repeated at the end.
    expect(ring).toHaveLength(49);
    expect(ring[0]).toEqual(ring[48]);
  });
});

describe("wmsTileUrl", () => {
  it.each([
    { url: "https://wms.example.org/ows", join: "?" },
    { url: "https://wms.example.org/ows?map=roads", join: "&" },
  ])("adds the GetMap query to $url with $join", ({ url, join }) => {
    const tile = wmsTileUrl({ url, name: "roads & rails" });
    expect(tile.startsWith(`${url}${join}SERVICE=WMS&`)).toBe(true);
    expect(tile).toContain("LAYERS=roads%20%26%20rails&");
    expect(tile).toContain("SRS=EPSG:3857");
    expect(tile.endsWith("&BBOX={bbox-epsg-3857}")).toBe(true);
  });
});

describe("enabled WMS layers in local storage", () => {
  it("reads null (all layers) until something is stored", () => {
    expect(readEnabledWms(1)).toBeNull();
  });

  it("keeps one set per company and tells open maps", () => {
    let told = 0;
    const listener = () => told++;
    window.addEventListener("vigia-wms", listener);
    writeEnabledWms(1, [3, 4]);
    window.removeEventListener("vigia-wms", listener);
    expect(readEnabledWms(1)).toEqual(new Set([3, 4]));
    expect(readEnabledWms(2)).toBeNull();
    expect(told).toBe(1);
  });

  it.each([
    ["not JSON", "{oops"],
    ["not a list", '{"a":1}'],
  ])("reads null when the stored value is %s", (_why, raw) => {
    localStorage.setItem("vigia.wms.1", raw);
    expect(readEnabledWms(1)).toBeNull();
  });

  it("drops stored entries that are not ids", () => {
    localStorage.setItem("vigia.wms.1", '[1,"2",null,3]');
    expect(readEnabledWms(1)).toEqual(new Set([1, 3]));
  });
});

/** Just enough of a MapLibre map to watch the sources and layers the places code keeps. */
class FakeMap {
  sources = new Map<string, { spec: unknown; data?: FeatureCollection }>();
  layers: { id: string; before?: string; visibility?: string }[] = [];
  constructor(private readonly glyphs: string | undefined) {}
  getSource(id: string) {
    const source = this.sources.get(id);
    return source ? { setData: (data: FeatureCollection) => (source.data = data) } : undefined;
  }
  addSource(id: string, spec: unknown) {
    this.sources.set(id, { spec });
  }
  removeSource(id: string) {
    this.sources.delete(id);
  }
  getLayer(id: string) {
    return this.layers.find((l) => l.id === id);
  }
  addLayer(layer: { id: string }, before?: string) {
    const entry = { id: layer.id, before };
    const at = before ? this.layers.findIndex((l) => l.id === before) : -1;
    if (at >= 0) this.layers.splice(at, 0, entry);
    else this.layers.push(entry);
  }
  removeLayer(id: string) {
    this.layers = this.layers.filter((l) => l.id !== id);
  }
  setLayoutProperty(id: string, _name: string, value: string) {
    const layer = this.getLayer(id);
    if (layer) layer.visibility = value;
  }
  getStyle() {
    return { glyphs: this.glyphs, layers: this.layers };
  }
  asMap(): MapLibre {
    return this as unknown as MapLibre;
  }
}

const ids = (map: FakeMap) => map.layers.map((l) => l.id);
const ALL = { geozones: true, pois: true };

describe("addPlacesLayers / updatePlacesLayers", () => {
  it("adds zone and POI layers with labels when the style has glyphs, and fills their sources", () => {
    const map = new FakeMap("https://glyphs.example.org/{fontstack}/{range}.pbf");
    addPlacesLayers(map.asMap(), { geozones: [zone({})], pois: [testPoi()] }, ALL);
    expect(ids(map)).toEqual([
      "places-geozones-fill",
      "places-geozones-line",
      "places-geozones-label",
      "places-poi-radius-fill",
      "places-pois",
      "places-pois-label",
    ]);
    expect(map.sources.get("places-geozones")?.data?.features).toHaveLength(1);
    expect(map.sources.get("places-pois")?.data?.features).toHaveLength(1);
    expect(map.sources.get("places-poi-radius")?.data?.features).toHaveLength(1);
  });

  it("leaves labels out of a style without a glyph server (offline)", () => {
    const map = new FakeMap(undefined);
    addPlacesLayers(map.asMap(), { geozones: [], pois: [] }, ALL);
    expect(ids(map).filter((id) => id.endsWith("-label"))).toEqual([]);
  });

  it("adds nothing twice when called again", () => {
    const map = new FakeMap(undefined);
    addPlacesLayers(map.asMap(), { geozones: [], pois: [] }, ALL);
    addPlacesLayers(map.asMap(), { geozones: [], pois: [] }, ALL);
    expect(new Set(ids(map)).size).toBe(ids(map).length);
  });

  it.each([
    { filters: { geozones: false, pois: true }, hidden: ["places-geozones-fill", "places-geozones-line"] },
    { filters: { geozones: true, pois: false }, hidden: ["places-poi-radius-fill", "places-pois"] },
  ])("hides the layers a filter turns off ($filters)", ({ filters, hidden }) => {
    const map = new FakeMap(undefined);
    addPlacesLayers(map.asMap(), { geozones: [], pois: [] }, filters);
    expect(map.layers.filter((l) => l.visibility === "none").map((l) => l.id)).toEqual(hidden);
    updatePlacesLayers(map.asMap(), { geozones: [], pois: [] }, ALL);
    expect(map.layers.filter((l) => l.visibility === "none")).toEqual([]);
  });

  it("puts enabled WMS rasters under the zones and takes disabled ones off again", () => {
    const map = new FakeMap(undefined);
    const data = { geozones: [], pois: [], layers: [wms(1), wms(2)] };
    addPlacesLayers(map.asMap(), data, ALL);
    expect(ids(map).slice(0, 3)).toEqual(["wms-1", "wms-2", "places-geozones-fill"]);
    expect(map.sources.get("wms-1")?.spec).toMatchObject({ type: "raster", tiles: [wmsTileUrl(wms(1))] });

    updatePlacesLayers(map.asMap(), { ...data, enabledLayers: new Set([2]) }, ALL);
    expect(ids(map).filter((id) => id.startsWith("wms-"))).toEqual(["wms-2"]);
    expect(map.sources.has("wms-1")).toBe(false);

    updatePlacesLayers(map.asMap(), { ...data, layers: [] }, ALL);
    expect(ids(map).filter((id) => id.startsWith("wms-"))).toEqual([]);
  });
});
