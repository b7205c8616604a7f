import type { IndoorMap, LiveItemState } from "@vigia/domain";
import { useCallback, useMemo, useState } from "react";
import {
  type Building,
  buildingKey,
  buildingsOf,
  hiddenByLevel,
  imageCorners,
  type LevelChoice,
  shownMaps,
} from "./indoor-layer.ts";

export interface IndoorLevels {
  buildings: Building[];
  choice: LevelChoice;
  choose: (building: string, level: number) => void;
  /** The plans to draw now. */
  shown: IndoorMap[];
  /** [west, south, east, north] of a building's plans. */
  bounds: (building: string) => [number, number, number, number] | null;
  /** Items to hide for the levels shown. */
  hidden: (state: LiveItemState) => boolean;
}

/** The live map's indoor state: the company's plans, the level chosen per building, and what that hides. */
export function useIndoorLevels(imaps: Record<string, IndoorMap> | undefined): IndoorLevels {
  const maps = useMemo(() => Object.values(imaps ?? {}), [imaps]);
  const [choice, setChoice] = useState<LevelChoice>(() => new Map());
  const choose = useCallback((building: string, level: number) => {
    setChoice((before) => new Map(before).set(building, level));
  }, []);
  return useMemo(() => {
    const buildings = buildingsOf(maps);
    const byKey = new Map(buildings.map((b) => [b.key, b]));
    const byId = new Map(maps.map((m) => [m.id, m]));
    return {
      buildings,
      choice,
      choose,
      shown: shownMaps(maps, choice),
      bounds: (building: string) => {
        const corners = maps
          .filter((m) => m.geometry && buildingKey(m) === building)
          .flatMap((m) => imageCorners(m));
        if (corners.length === 0) return null;
        const lngs = corners.map((c) => c[0]);
        const lats = corners.map((c) => c[1]);
        return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
      },
      hidden: (state: LiveItemState) => hiddenByLevel(state, byId, byKey, choice),
    };
  }, [maps, choice, choose]);
}
