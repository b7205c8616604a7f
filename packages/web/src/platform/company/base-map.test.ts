import type { MapProvider } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { pickProvider } from "./base-map.ts";

const offered = (defaultId: string): MapProvider[] =>
  (["world", "pmtiles", "topo"] as const).map((id) => ({
    id,
    kind: id === "world" ? "offline" : id === "pmtiles" ? "pmtiles" : "raster",
    name: id,
    url: null,
    attribution: "",
    isDefault: id === defaultId,
  }));

describe("pickProvider", () => {
  it.each([
    ["the company's choice when offered", offered("world"), "topo", "topo"],
    ["the deployment's default when the company chose none", offered("pmtiles"), undefined, "pmtiles"],
    [
      "the default when the choice is no longer offered (no tile server named now)",
      offered("world"),
      "osm",
      "world",
    ],
    ["the default for a value that is no id", offered("pmtiles"), 42, "pmtiles"],
  ])("%s", (_name, providers, chosen, expected) => {
    expect(pickProvider(providers, chosen)?.id).toBe(expected);
  });

  it.each([
    ["the brand's base map for a company that chose none", undefined, "topo", "topo"],
    ["the company's own choice over its brand's", "world", "topo", "world"],
    ["the brand's when the company's is no longer offered", "osm", "topo", "topo"],
    ["the deployment's default when the brand's is not offered either", undefined, "osm", "pmtiles"],
  ])("%s", (_name, chosen, brandDefault, expected) => {
    expect(pickProvider(offered("pmtiles"), chosen, brandDefault)?.id).toBe(expected);
  });

  it("answers null before the offered base maps are known", () => {
    expect(pickProvider([], "world")).toBeNull();
  });
});
