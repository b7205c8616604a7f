import { describe, expect, it } from "vitest";
import { resourcesChangedBy } from "./live-refresh.ts";

describe("company collections a live message makes stale", () => {
  it.each([
    [{ type: "vDriver", data: { id: 1, driverId: 4, ts: 1 } }, ["vehicles", "drivers"]],
    [{ type: "dVehicle", data: { id: 4, vehicleId: 1, ts: 1 } }, ["vehicles", "drivers"]],
    [{ type: "vOdo", data: { id: 1, odometer: 5 } }, []],
  ] as const)("%j", (message, expected) => {
    expect(resourcesChangedBy(message)).toEqual(expected);
  });
});
