import type { AlarmLogPos, LiveItemState, SensorValue } from "@vigia/domain";
import type { Zone, ZoneIndex } from "../../places/index.ts";
import type { CompiledRule } from "./rules.ts";

/** What the alarm engine takes in (items, positions, zones) and gives out (fires, snapshots). */

export interface CompanyZones {
  geozones: ZoneIndex;
  pois: ZoneIndex;
  byId: Map<number, Zone>;
  /** Speed limit (km/h) of the geozones that have one, for the speeding family. */
  speedLimits?: ReadonlyMap<number, number>;
}

export interface ItemInput {
  companyId: number;
  itemType: 1 | 2 | 3;
  itemId: number;
  groupId: number | null;
  state: LiveItemState;
}

export interface PositionInput extends ItemInput {
  before: LiveItemState;
  position: {
    ts: number;
    lat: number;
    lng: number;
    alt: number;
    spd: number;
    satt: number;
    src: number;
    valid: boolean;
    attributes: Record<string, SensorValue>;
  };
}

export interface Fire {
  rule: CompiledRule;
  companyId: number;
  itemType: 1 | 2 | 3;
  itemId: number;
  groupId: number | null;
  ts: number;
  event: string;
  params: Record<string, number>;
  pos: AlarmLogPos | null;
  /** Episode identity to persist, so the same episode never fires twice (also across restarts). */
  episode: { key: string; value: number } | null;
}

export interface EngineOutput {
  fires: Fire[];
  /** Episodes that ended (state family): the persisted marker must go. */
  cleared: string[];
}

export interface Consumption {
  month: number;
  startOdometer: number;
  usedL: number;
  lastFuelPct: number | null;
}

export interface CompanySnapshot {
  geo: Record<string, number[]>;
  poi: Record<string, number[]>;
  motion: Record<string, { motion: string; since: number }>;
  consumption: Record<string, Consumption>;
  /** Beacon zones each item is inside (absent in snapshots older than families 33/34). */
  beacon?: Record<string, number[]>;
}
