import { effectiveSpeedLimit, lowestZoneLimit } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAX_SPEED,
  EPISODE_GAP_MS,
  itemLimit,
  type SpeedPoint,
  speedingEpisodes,
} from "./speeding.ts";

/** Points 10 s apart at these speeds; lat 1 stands for "inside the 50 km/h geozone 7", lat 0 for outside. */
const track = (speeds: number[], inside: boolean[] = speeds.map(() => false)): SpeedPoint[] =>
  speeds.map((spd, i) => ({ ts: i * 10_000, spd, lat: inside[i] ? 1 : 0, lng: 0 }));
const zoneLimits = new Map([[7, 50]]);
/** The report's rule: the range, or the zone's limit where the point is inside a zone and it is stricter. */
const limitAt = (range: number) => (p: SpeedPoint) =>
  effectiveSpeedLimit(range, lowestZoneLimit(p.lat === 1 ? [7] : [], zoneLimits));

describe("speeding episodes against the range and the geozone limit", () => {
  it.each([
    { name: "nothing over the range", speeds: [90, 100, 110], inside: undefined, episodes: [] },
    {
      name: "one episode over the range",
      speeds: [100, 130, 140, 125, 100],
      inside: undefined,
      episodes: [{ start: 10_000, end: 30_000, max: 140, limit: 120 }],
    },
    {
      name: "a drop under the limit splits episodes",
      speeds: [130, 110, 135],
      inside: undefined,
      episodes: [
        { start: 0, end: 0, max: 130, limit: 120 },
        { start: 20_000, end: 20_000, max: 135, limit: 120 },
      ],
    },
    {
      name: "70 km/h inside the 50 zone counts, outside it does not",
      speeds: [70, 70, 70],
      inside: [false, true, true],
      episodes: [{ start: 10_000, end: 20_000, max: 70, limit: 50 }],
    },
    {
      name: "an episode entering the zone keeps the strictest limit it broke",
      speeds: [130, 125, 60],
      inside: [false, true, true],
      episodes: [{ start: 0, end: 20_000, max: 130, limit: 50 }],
    },
  ])("$name", ({ speeds, inside, episodes }) => {
    const found = speedingEpisodes(track(speeds, inside), limitAt(120));
    expect(found.map(({ start, end, max, limit }) => ({ start, end, max, limit }))).toEqual(episodes);
  });

  it("a gap longer than the episode gap starts a new episode", () => {
    const points: SpeedPoint[] = [
      { ts: 0, spd: 130, lat: 0, lng: 0 },
      { ts: EPISODE_GAP_MS + 1, spd: 130, lat: 0, lng: 0 },
    ];
    expect(speedingEpisodes(points, limitAt(120))).toHaveLength(2);
  });

  it("with no limit anywhere nothing is speeding", () => {
    expect(speedingEpisodes(track([300]), () => null)).toEqual([]);
  });

  it.each([
    { chosen: 100, own: 90, limit: 100 },
    { chosen: 100, own: undefined, limit: 100 },
    { chosen: 0, own: 90, limit: 90 },
    { chosen: 0, own: undefined, limit: DEFAULT_MAX_SPEED },
  ])("chosen $chosen with the item's own $own judges against $limit", ({ chosen, own, limit }) => {
    expect(itemLimit(chosen, own)).toBe(limit);
  });
});
