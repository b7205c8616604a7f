import { describe, expect, it } from "vitest";
import { baseStyle, MAP_BACKGROUND, overlayLayers, SELECTED_SOURCE, tileUrls } from "./map-style.ts";

describe("tileUrls", () => {
  it.each([
    {
      pattern: "https://{s}.tile.example.org/{z}/{x}/{y}.png",
      expected: [
        "https://a.tile.example.org/{z}/{x}/{y}.png",
        "https://b.tile.example.org/{z}/{x}/{y}.png",
        "https://c.tile.example.org/{z}/{x}/{y}.png",
      ],
    },
    {
      pattern: "https://tiles.example.org/{z}/{x}/{y}.png",
      expected: ["https://tiles.example.org/{z}/{x}/{y}.png"],
    },
    {
      pattern: "  https://t.example.org/{z}/{x}/{y}.png  ",
      expected: ["https://t.example.org/{z}/{x}/{y}.png"],
    },
  ])("expands $pattern", ({ pattern, expected }) => {
    expect(tileUrls(pattern)).toEqual(expected);
  });

  it.each([null, undefined, "", "   "])(
    "asks no tile server for %j (there is no third-party fallback)",
    (pattern) => {
      expect(tileUrls(pattern)).toEqual([]);
    },
  );
});

describe("baseStyle", () => {
  it("is the sea and the offline world layer only: the chosen base map goes over it", () => {
    const style = baseStyle();
    expect(style.layers.map((l) => l.id)).toEqual([
      "background",
      "world-land",
      "world-borders",
      "world-country-names",
      "world-place-dots",
      "world-place-names",
    ]);
    // Labels use glyphs drawn in the browser: no glyph server is needed.
    expect(style.glyphs).toBe("vigia-glyphs://{fontstack}/{range}");
    expect(style.layers[0]).toMatchObject({ paint: { "background-color": MAP_BACKGROUND } });
    // No source reaches another origin before the company's base map is known.
    const remote = Object.values(style.sources).filter((source) => "tiles" in source || "url" in source);
    expect(remote).toEqual([]);
  });
});

describe("overlayLayers", () => {
  const layers = overlayLayers();
  const ids = layers.map((l) => l.id);

  it("has unique ids", () => {
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([
    ["geozones-fill", "pois"],
    ["route-line", "track-line"],
    ["track-line", "items"],
    ["items-accuracy", "items"],
    ["clusters", "cluster-count"],
    ["items-heading", "items"],
    // The selected item is drawn above every cluster and item, its halo under its icon.
    ["cluster-count", "selected-item-accuracy"],
    ["items", "selected-halo"],
    ["selected-halo", "selected-item-heading"],
    ["selected-item-heading", "selected-item"],
  ])("draws %s under %s", (below, above) => {
    expect(ids.indexOf(below)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(below)).toBeLessThan(ids.indexOf(above));
  });

  it("keeps clustered points out of the item layers and items out of the cluster layers", () => {
    const filterOf = (id: string) => {
      const layer = layers.find((l) => l.id === id);
      return JSON.stringify(layer && "filter" in layer ? layer.filter : null);
    };
    expect(filterOf("clusters")).toBe(JSON.stringify(["has", "point_count"]));
    expect(filterOf("items")).toBe(JSON.stringify(["!", ["has", "point_count"]]));
    expect(filterOf("items-heading")).toContain(JSON.stringify(["!", ["has", "point_count"]]));
  });

  it("draws the selected item from its own source, never clustered", () => {
    const selected = layers.filter((l) => l.id.startsWith("selected-"));
    expect(selected.map((l) => l.id)).toEqual([
      "selected-item-accuracy",
      "selected-halo",
      "selected-item-heading",
      "selected-item",
    ]);
    for (const layer of selected) expect("source" in layer && layer.source).toBe(SELECTED_SOURCE);
  });
});
