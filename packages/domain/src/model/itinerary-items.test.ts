import { describe, expect, it } from "vitest";
import { arrivalState, itineraryWriteSchema } from "./itineraries.ts";

describe("itinerary assignments", () => {
  const base = { name: "Round", waypoints: [{ kind: "point", lat: 40, lng: -3, radius: 50, time: "08:00" }] };

  it("a person is assigned like a vehicle", () => {
    const parsed = itineraryWriteSchema.parse({
      ...base,
      assignments: [{ itemType: "person", itemId: 7, days: [3, 1, 3] }],
    });
    expect(parsed.assignments).toEqual([{ itemType: "person", itemId: 7, days: [1, 3] }]);
  });

  it("an assignment written as a vehicle id is that vehicle's", () => {
    const parsed = itineraryWriteSchema.parse({ ...base, assignments: [{ vehicleId: 4, days: [5] }] });
    expect(parsed.assignments).toEqual([{ itemType: "vehicle", itemId: 4, days: [5] }]);
  });

  it("refuses an item of another kind", () => {
    const parsed = itineraryWriteSchema.safeParse({
      ...base,
      assignments: [{ itemType: "asset", itemId: 4, days: [5] }],
    });
    expect(parsed.success).toBe(false);
  });
});

describe("arrival state of a waypoint", () => {
  it.each([
    [{ status: "pending", enteredAt: null, leftAt: null }, "pending"],
    [{ status: "skipped", enteredAt: null, leftAt: null }, "missed"],
    [{ status: "onTime", enteredAt: 480, leftAt: null }, "arrived"],
    [{ status: "late", enteredAt: 500, leftAt: 510 }, "left"],
    [{ status: "outOfOrder", enteredAt: 300, leftAt: null }, "arrived"],
  ] as const)("%o is %s", (w, expected) => {
    expect(arrivalState(w)).toBe(expected);
  });
});
