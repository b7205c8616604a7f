import { z } from "zod";
import { EVENT_FAMILY } from "./alarm-event-families.ts";

/**
 * Alarm episodes: the families whose condition holds for a while (over the speed limit, inside a zone) raise one
 * notice per episode instead of one per position. An episode starts once the condition has held for the
 * confirmation time (or, where a family says so, for a number of fixes) and ends once it has been false for the
 * release time, so a GPS or RSSI jump neither opens nor ends one. A rule may override the timings and ask to be
 * reminded while the episode lasts.
 */

/** A rule's own timings; null keeps the family's default (`EPISODE_DEFAULTS`). */
export const alarmEpisodeSettingsSchema = z.object({
  confirmSec: z.number().int().min(0).max(86_400).nullable().default(null),
  releaseSec: z.number().int().min(0).max(86_400).nullable().default(null),
  /** Minutes between reminder notices while the episode lasts; null: never. */
  repeatMin: z.number().int().min(1).max(1440).nullable().default(null),
});
export type AlarmEpisodeSettings = z.infer<typeof alarmEpisodeSettingsSchema>;

export interface EpisodeDefaults {
  confirmSec: number;
  /** Fixes that confirm the condition however short the time between them; null: time only. */
  confirmFixes: number | null;
  releaseSec: number;
}

const PRESENCE: EpisodeDefaults = { confirmSec: 30, confirmFixes: 2, releaseSec: 60 };

/** Families that raise notices per episode, with their default timings. */
export const EPISODE_DEFAULTS: ReadonlyMap<number, EpisodeDefaults> = new Map([
  // A speed reading over the limit for an instant (a GPS jump, an overtaking) is not an excess.
  [EVENT_FAMILY.speeding, { confirmSec: 10, confirmFixes: null, releaseSec: 30 }],
  [5, PRESENCE],
  [6, PRESENCE],
  [EVENT_FAMILY.beaconZoneEntry, PRESENCE],
  [EVENT_FAMILY.beaconZoneExit, PRESENCE],
]);

/** The timings one rule runs with, in milliseconds. */
export interface EpisodeTiming {
  confirmMs: number;
  confirmFixes: number | null;
  releaseMs: number;
  repeatMs: number | null;
}

/** The rule's timings: its own where it sets them, the family's otherwise; null for a family without episodes. */
export function episodeTiming(
  family: number,
  settings: AlarmEpisodeSettings | undefined,
): EpisodeTiming | null {
  const d = EPISODE_DEFAULTS.get(family);
  if (!d) return null;
  return {
    confirmMs: (settings?.confirmSec ?? d.confirmSec) * 1000,
    confirmFixes: d.confirmFixes,
    releaseMs: (settings?.releaseSec ?? d.releaseSec) * 1000,
    repeatMs: settings?.repeatMin ? settings.repeatMin * 60_000 : null,
  };
}
