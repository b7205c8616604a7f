import type { ItemKey, LiveItemState } from "@vigia/domain";
import type { Feature, FeatureCollection, Point } from "geojson";
import { type LiveKey, motionClass, parseKey } from "../../platform/live/store.ts";
import type { Catalog } from "./catalog.ts";
import { badgeIconId, glyphFor, headingIconId, intrackMarker } from "./symbols.ts";

export interface ItemProps {
  key: LiveKey;
  icon: string;
  heading: string;
  course: number;
  label: string;
  /** Accuracy radius in pixels at zoom 0 (0: a GPS fix, nothing drawn); see the `items-accuracy` layer. */
  acc: number;
}
export type ItemFeature = Feature<Point, ItemProps>;

/** Everything besides the live state that decides whether and how an item is drawn. */
export interface MapView {
  kinds: Readonly<Record<ItemKey, boolean>>;
  groups: Set<number> | null;
  showNames: boolean;
  showDrivers: boolean;
  /** Items hidden by the indoor level shown (indoor-layer.ts); absent: none. */
  hiddenIndoors?: (state: LiveItemState) => boolean;
}

export function isDrawn(key: LiveKey, state: LiveItemState, catalog: Catalog, view: MapView): boolean {
  if (!state.pos) return false;
  if (!view.kinds[parseKey(key).kind]) return false;
  if (view.hiddenIndoors?.(state)) return false;
  if (view.groups) {
    const groupId = state.groupId ?? catalog.items.get(key)?.groupId ?? null;
    if (groupId === null || !view.groups.has(groupId)) return false;
  }
  return true;
}

/** Metres per pixel at zoom 0 on the equator with MapLibre's 512-pixel tiles. */
const EQUATOR_M_PER_PX_Z0 = 40_075_016.686 / 512;

/** An accuracy radius as pixels at zoom 0 at the position's latitude; 0 without one. */
export function accuracyAtZoom0(pos: LiveItemState["pos"]): number {
  if (!pos?.acc) return 0;
  return pos.acc / (EQUATOR_M_PER_PX_Z0 * Math.cos((pos.lat * Math.PI) / 180));
}

/** Writes the drawn look of an item into its (reused) properties object. */
export function writeProps(
  props: ItemProps,
  key: LiveKey,
  state: LiveItemState,
  catalog: Catalog,
  view: MapView,
): void {
  const { kind, id } = parseKey(key);
  const entry = catalog.items.get(key);
  const motion = motionClass(state);
  const glyph = glyphFor(kind, entry?.type);
  props.key = key;
  props.icon = badgeIconId(glyph, motion, intrackMarker(kind, entry?.intrack ?? state.intrack, motion));
  props.heading = headingIconId(motion);
  props.course = state.pos?.course ?? 0;
  props.acc = accuracyAtZoom0(state.pos);
  let label = "";
  if (view.showNames) {
    label = entry?.name ?? `#${id}`;
    const driver =
      view.showDrivers && state.driverId !== null ? catalog.drivers.get(state.driverId) : undefined;
    if (driver) label = `${label}\n${driver}`;
  }
  props.label = label;
}

/**
 * The GeoJSON the item source draws, kept as one reused array: a batch only rewrites the features of the
 * items it changed, and items leave by swap-remove, so nothing is rebuilt per update.
 */
export class ItemFeatures {
  readonly collection: FeatureCollection<Point, ItemProps> = { type: "FeatureCollection", features: [] };
  private readonly index = new Map<LiveKey, number>();

  get size(): number {
    return this.collection.features.length;
  }

  has(key: LiveKey): boolean {
    return this.index.has(key);
  }

  rebuild(items: ReadonlyMap<LiveKey, LiveItemState>, catalog: Catalog, view: MapView): void {
    this.collection.features.length = 0;
    this.index.clear();
    for (const [key, state] of items) this.update(key, state, catalog, view);
  }

  /** Brings one item's feature up to date; returns whether anything was written. */
  update(key: LiveKey, state: LiveItemState | undefined, catalog: Catalog, view: MapView): boolean {
    const at = this.index.get(key);
    if (!state || !isDrawn(key, state, catalog, view)) {
      if (at === undefined) return false;
      this.remove(key, at);
      return true;
    }
    const pos = state.pos!;
    if (at !== undefined) {
      const feature = this.collection.features[at]!;
      feature.geometry.coordinates[0] = pos.lng;
      feature.geometry.coordinates[1] = pos.lat;
      writeProps(feature.properties, key, state, catalog, view);
      return true;
    }
    const props: ItemProps = { key, icon: "", heading: "", course: 0, label: "", acc: 0 };
    writeProps(props, key, state, catalog, view);
    this.index.set(key, this.collection.features.length);
    this.collection.features.push({
      type: "Feature",
      geometry: { type: "Point", coordinates: [pos.lng, pos.lat] },
      properties: props,
    });
    return true;
  }

  private remove(key: LiveKey, at: number): void {
    const features = this.collection.features;
    const last = features.pop()!;
    this.index.delete(key);
    if (at < features.length) {
      features[at] = last;
      this.index.set(last.properties.key, at);
    }
  }
}

/** [west, south, east, north] of the drawn items, or null when there are none. */
export function boundsOf(features: readonly ItemFeature[]): [number, number, number, number] | null {
  if (features.length === 0) return null;
  let w = 180;
  let s = 90;
  let e = -180;
  let n = -90;
  for (const f of features) {
    const [lng, lat] = f.geometry.coordinates as [number, number];
    if (lng < w) w = lng;
    if (lng > e) e = lng;
    if (lat < s) s = lat;
    if (lat > n) n = lat;
  }
  return [w, s, e, n];
}
