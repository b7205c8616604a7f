import type { FeatureCollection, Point } from "geojson";
import type { ItemProps } from "./features.ts";

type Items = FeatureCollection<Point, ItemProps>;

/**
 * The items the clustered source gets and the one the selection source gets: the selected (or followed) item is
 * taken out of the clusters so it is always drawn on its own. Pure; the input is not changed, and without a
 * selection the clustered part is the input itself (no copy on every live batch).
 */
export function splitSelected(items: Items, selected: string | null): { clustered: Items; selected: Items } {
  const none: Items = { type: "FeatureCollection", features: [] };
  if (selected === null) return { clustered: items, selected: none };
  const at = items.features.findIndex((f) => f.properties.key === selected);
  if (at < 0) return { clustered: items, selected: none };
  return {
    clustered: { type: "FeatureCollection", features: items.features.filter((_, i) => i !== at) },
    selected: { type: "FeatureCollection", features: [items.features[at]!] },
  };
}
