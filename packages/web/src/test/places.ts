import type { Poi } from "@vigia/domain";

/** A point of interest as the server sends one: "Fuel" (id 5), a 50 m circle, unless the test says otherwise. */
export function testPoi(over: Partial<Poi> = {}): Poi {
  return {
    id: 5,
    name: "Fuel",
    lat: 40.4,
    lng: -3.7,
    radius: 50,
    color: "#00ff00",
    icon: "pin",
    group: null,
    address: "",
    createdTs: 0,
    updatedTs: 0,
    ...over,
  };
}
