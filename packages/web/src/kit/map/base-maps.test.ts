import type { MapProvider } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { baseLayers, pmtilesSourceUrl } from "./base-maps.ts";
import { overlayLayers } from "./map-style.ts";

const provider = (kind: MapProvider["kind"], url: string | null): MapProvider => ({
  id: kind === "offline" ? "world" : kind,
  kind,
  name: kind,
  url,
  attribution: "© test",
  isDefault: false,
});
const ORIGIN = "https://fleet.example.org";

describe("baseLayers", () => {
  it.each([
    ["the site's tiles for the osm provider", provider("raster", null), "https://site/{z}/{x}/{y}.png"],
    [
      "another raster provider's pattern",
      provider("raster", "https://topo/{z}/{x}/{y}.png"),
      "https://topo/{z}/{x}/{y}.png",
    ],
  ])("raster: %s", (_name, chosen, tiles) => {
    const { source, layers } = baseLayers(
      { tilesUrl: "https://site/{z}/{x}/{y}.png", provider: chosen },
      ORIGIN,
    );
    expect(source).toMatchObject({ type: "raster", tiles: [tiles] });
    expect(layers.map((l) => l.id)).toEqual(["osm"]);
  });

  it.each([
    ["before the offered base maps are known", null],
    ["for the site's tiles when no tile server is named", provider("raster", null)],
  ])("draws nothing %s", (_name, chosen) => {
    expect(baseLayers({ tilesUrl: "", provider: chosen }, ORIGIN)).toEqual({ source: null, layers: [] });
  });

  it("draws Vigia's own street tiles over the offline world layer, from the same origin", () => {
    const { source, layers } = baseLayers(
      { tilesUrl: null, provider: provider("offline", "/fr/map/streets/{z}/{x}/{y}") },
      ORIGIN,
    );
    expect(source).toEqual({
      type: "vector",
      tiles: ["https://fleet.example.org/fr/map/streets/{z}/{x}/{y}"],
      minzoom: 12,
      maxzoom: 16,
      attribution: "© test",
    });
    expect(layers.map((l) => l.id)).toEqual([
      "base-streets-casing",
      "base-streets-fill",
      "base-streets-names",
      "base-streets-numbers",
    ]);
    expect(layers.map((l) => ("source-layer" in l ? l["source-layer"] : null))).toEqual([
      "streets",
      "streets",
      "streets",
      "addresses",
    ]);
    const own = new Set(overlayLayers().map((l) => l.id));
    expect(layers.filter((l) => own.has(l.id))).toEqual([]);
  });

  it("reads a same-origin PMTiles archive with the Protomaps style, ids apart from the app's layers", () => {
    const { source, layers } = baseLayers(
      { tilesUrl: null, provider: provider("pmtiles", "/fr/map/tiles.pmtiles") },
      ORIGIN,
    );
    expect(source).toMatchObject({
      type: "vector",
      url: "pmtiles://https://fleet.example.org/fr/map/tiles.pmtiles",
    });
    expect(layers.length).toBeGreaterThan(20);
    expect(layers.some((l) => l.type === "background")).toBe(false);
    const own = new Set(overlayLayers().map((l) => l.id));
    expect(layers.filter((l) => own.has(l.id))).toEqual([]);
  });

  it.each([
    ["/fr/map/tiles.pmtiles", "pmtiles://https://fleet.example.org/fr/map/tiles.pmtiles"],
    ["https://cdn.example.org/a.pmtiles", "pmtiles://https://cdn.example.org/a.pmtiles"],
  ])("archive %s", (url, expected) => {
    expect(pmtilesSourceUrl(url, ORIGIN)).toBe(expected);
  });
});
