import type { DerivedVisit } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import {
  ALL_VISIT_KINDS,
  deriveBeaconVisits,
  GEO_VISIT_KINDS,
  type OpenVisit,
  updateVisits,
} from "./visits.ts";

const item = { itemType: 3 as const, itemId: 7 };
type Place = { kind: 1 | 2 | 3; id: number };

/** Frames in order, each with the places it is in and the kinds it speaks for; the visits closed. */
function run(frames: { ts: number; places: Place[]; kinds: "geo" | "all" | "beacon" }[]): DerivedVisit[] {
  const state: { visits: Record<string, OpenVisit> } = { visits: {} };
  const out = { visits: [] as DerivedVisit[] };
  for (const f of frames) {
    if (f.kinds === "beacon")
      deriveBeaconVisits(
        item,
        state,
        { ts: f.ts, spd: 0, driverId: null, beaconZones: f.places.map((p) => p.id) },
        out,
      );
    else
      updateVisits(
        item,
        state,
        { ts: f.ts, spd: 0, driverId: null, places: f.places },
        0,
        f.kinds === "all" ? ALL_VISIT_KINDS : GEO_VISIT_KINDS,
        out,
      );
  }
  return out.visits;
}

const summary = (v: DerivedVisit[]) => v.map((x) => [x.placeKind, x.placeId, x.startTs, x.endTs]);

describe("place visits", () => {
  it.each([
    {
      name: "a beacon zone and a geozone with the same id are two visits",
      frames: [
        {
          ts: 1,
          places: [
            { kind: 1 as const, id: 5 },
            { kind: 3 as const, id: 5 },
          ],
          kinds: "all" as const,
        },
        { ts: 2, places: [{ kind: 1 as const, id: 5 }], kinds: "all" as const },
        { ts: 3, places: [], kinds: "all" as const },
      ],
      visits: [
        ["beaconZone", 5, 1, 2],
        ["geozone", 5, 1, 3],
      ],
    },
    {
      name: "a frame that speaks only for beacon zones leaves geozone visits open",
      frames: [
        { ts: 1, places: [{ kind: 1 as const, id: 5 }], kinds: "geo" as const },
        { ts: 2, places: [{ kind: 3 as const, id: 9 }], kinds: "beacon" as const },
        { ts: 3, places: [], kinds: "beacon" as const },
      ],
      visits: [["beaconZone", 9, 2, 3]],
    },
    {
      name: "a GPS fix of a company without beacon zones leaves beacon-zone visits open",
      frames: [
        { ts: 1, places: [{ kind: 3 as const, id: 9 }], kinds: "beacon" as const },
        { ts: 2, places: [], kinds: "geo" as const },
        { ts: 3, places: [{ kind: 2 as const, id: 4 }], kinds: "all" as const },
      ],
      visits: [["beaconZone", 9, 1, 3]],
    },
  ])("$name", ({ frames, visits }) => {
    expect(summary(run(frames))).toEqual(visits);
  });
});
