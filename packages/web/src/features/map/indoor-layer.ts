import { type IndoorMap, type LiveItemState, planCorners } from "@vigia/domain";
import type { CanvasSource, Map as MapLibre } from "maplibre-gl";

/**
 * Indoor maps on the live map: each building shows the floor plan of one level as a MapLibre image
 * source under the items, and items positioned indoors (BLE, source 5) on another level of that building are
 * hidden. Buildings are the maps' `building` names (a map without one is a building of its own).
 */

export interface Building {
  key: string;
  name: string;
  /** Levels with a placed plan, lowest first. */
  levels: number[];
}

/** The level shown per building. */
export type LevelChoice = ReadonlyMap<string, number>;

export const buildingKey = (m: IndoorMap): string =>
  m.building.trim() === "" ? `#${m.id}` : m.building.trim();

/** Buildings with at least one placed plan, by name. */
export function buildingsOf(maps: readonly IndoorMap[]): Building[] {
  const byKey = new Map<string, Building>();
  for (const m of maps) {
    if (!m.geometry) continue;
    const key = buildingKey(m);
    const b = byKey.get(key) ?? { key, name: m.building.trim() || m.name, levels: [] };
    if (!b.levels.includes(m.level)) b.levels.push(m.level);
    byKey.set(key, b);
  }
  for (const b of byKey.values()) b.levels.sort((x, y) => x - y);
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The level a building shows: the chosen one, else ground level (0) when it has one, else its lowest. */
export function shownLevel(building: Building, choice: LevelChoice): number {
  const chosen = choice.get(building.key);
  if (chosen !== undefined && building.levels.includes(chosen)) return chosen;
  return building.levels.includes(0) ? 0 : (building.levels[0] ?? 0);
}

/** The plans drawn now: one per building, of its shown level. */
export function shownMaps(maps: readonly IndoorMap[], choice: LevelChoice): IndoorMap[] {
  const buildings = new Map(buildingsOf(maps).map((b) => [b.key, b]));
  return maps.filter((m) => {
    const b = buildings.get(buildingKey(m));
    return m.geometry !== null && b !== undefined && m.level === shownLevel(b, choice);
  });
}

/**
 * Whether an item is hidden by the level choice: it was last seen indoors (a BLE position) on a map of a
 * building whose shown level is another one. Items outdoors, or on unknown maps, always show.
 */
export function hiddenByLevel(
  state: LiveItemState,
  mapsById: ReadonlyMap<number, IndoorMap>,
  buildings: ReadonlyMap<string, Building>,
  choice: LevelChoice,
): boolean {
  if (state.pos?.src !== 5) return false;
  const mapId = state.sensors.indoorMap;
  const map = typeof mapId === "number" ? mapsById.get(mapId) : undefined;
  if (!map) return false;
  const building = buildings.get(buildingKey(map));
  return building !== undefined && map.level !== shownLevel(building, choice);
}

/** The corners MapLibre's image source takes: top-left, top-right, bottom-right, bottom-left as [lng, lat]. */
export const imageCorners = (map: IndoorMap) => planCorners(map.geometry!);

const SOURCE_PREFIX = "indoor-";
/** Plans go under the places and items: the first overlay layer. */
const BELOW = "geozones-fill";

/** Keeps the map's indoor image sources and layers in step with the plans to show. */
export class IndoorLayer {
  private drawn = new Map<string, string>();
  private generation = 0;

  constructor(
    private readonly map: MapLibre,
    private readonly canvasOf: (photoUrl: string) => Promise<HTMLCanvasElement>,
  ) {}

  sync(maps: readonly IndoorMap[]): void {
    const generation = ++this.generation;
    const wanted = new Map(
      maps.filter((m) => m.geometry && m.photoUrl).map((m) => [`${SOURCE_PREFIX}${m.id}`, m]),
    );
    for (const [id] of this.drawn)
      if (!wanted.has(id)) {
        if (this.map.getLayer(id)) this.map.removeLayer(id);
        if (this.map.getSource(id)) this.map.removeSource(id);
        this.drawn.delete(id);
      }
    for (const [id, m] of wanted) {
      const signature = `${m.photoUrl}|${JSON.stringify(m.geometry)}`;
      if (this.drawn.get(id) === signature) continue;
      this.canvasOf(m.photoUrl)
        .then((canvas) => {
          // A later sync (another level chosen, the map gone) wins over this one.
          if (generation !== this.generation || !this.map.getStyle()) return;
          this.draw(id, m, canvas);
          this.drawn.set(id, signature);
        })
        .catch((error: unknown) => console.warn("indoor plan:", error));
    }
  }

  private draw(id: string, m: IndoorMap, canvas: HTMLCanvasElement): void {
    const source = this.map.getSource(id) as CanvasSource | undefined;
    if (source && source.getCanvas() === canvas) source.setCoordinates(imageCorners(m));
    else {
      if (this.map.getLayer(id)) this.map.removeLayer(id);
      if (source) this.map.removeSource(id);
      this.map.addSource(id, { type: "canvas", canvas, coordinates: imageCorners(m), animate: false });
      this.map.addLayer(
        {
          id,
          type: "raster",
          source: id,
          paint: { "raster-opacity": m.geometry!.opacity, "raster-fade-duration": 0 },
        },
        this.map.getLayer(BELOW) ? BELOW : undefined,
      );
    }
    this.map.setPaintProperty(id, "raster-opacity", m.geometry!.opacity);
  }
}
