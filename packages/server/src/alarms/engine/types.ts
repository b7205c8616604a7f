import type { AlarmLogPos, LiveItemState, SensorValue } from "@vigia/domain";
import type { Zone, ZoneIndex } from "../../places/index.ts";
import type { EpisodeState } from "./episodes.ts";
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
  /** Episode families: when the condition began and (for a notice of its end) ended. */
  span?: { start: number; end: number | null };
}

export interface EngineOutput {
  fires: Fire[];
  /** Episodes that ended (state family): the persisted marker must go. */
  cleared: string[];
  /** Notices of episode families to bring up to date (peak speed, end), never to notify again. */
  updates?: NoticeUpdate[];
}

/** An episode's notice, named by its rule, item and time, with what changed. */
export interface NoticeUpdate {
  ruleId: number;
  itemType: 1 | 2 | 3;
  itemId: number;
  noticeTs: number;
  episode: { start: number; end: number | null; maxSpeed?: number };
  params: Record<string, number>;
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
  /** Episodes under way (absent in snapshots from before episodes): episode key → zone (0 for speed) → state. */
  runs?: Record<string, Record<string, EpisodeState>>;
}
