import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { RouteContract } from "../model/contract.ts";
import { alarmsApi } from "./alarms.ts";
import { liveApi } from "./live.ts";
import { placesApi } from "./places.ts";

const all: [string, RouteContract][] = [
  ...Object.entries(alarmsApi).map(([k, c]): [string, RouteContract] => [`alarms.${k}`, c]),
  ...Object.entries(placesApi).map(([k, c]): [string, RouteContract] => [`places.${k}`, c]),
  ...Object.entries(liveApi).map(([k, c]): [string, RouteContract] => [`live.${k}`, c]),
];

const pathNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
const paramNames = (contract: RouteContract) =>
  contract.params instanceof z.ZodObject ? Object.keys(contract.params.shape).sort() : [];

const geozone = {
  id: 4,
  name: "Depot",
  color: "#1971c2",
  group: null,
  description: "",
  type: "circle",
  lat: 40,
  lng: -3,
  radius: 100,
  points: [],
  speedLimit: null,
  geometry: { type: "Polygon", coordinates: [[[-3, 40]]] },
  createdTs: 1,
  updatedTs: 1,
};

describe("alarms, places and live contracts", () => {
  it.each(all)("%s declares exactly the parameters of its path", (_, contract) => {
    expect(paramNames(contract)).toEqual(pathNames(contract.path));
  });

  it.each(all)("%s answers with a schema", (_, contract) => {
    expect(contract.response).not.toBeNull();
  });

  it("declare each method and path once", () => {
    const keys = all.map(([, c]) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("type an import's inserted rows by the kind of place", () => {
    const answer = { errors: [], inserted: [geozone], notInserted: [], valid: 1 };
    expect(placesApi.importGeozones.response.safeParse(answer).success).toBe(true);
    expect(placesApi.importPois.response.safeParse(answer).success).toBe(false);
  });

  it("read a notice range from the query string and refuse a malformed rule id", () => {
    expect(alarmsApi.notices.query.parse({ from_ts: "10", to_ts: "20" })).toEqual({ from_ts: 10, to_ts: 20 });
    expect(alarmsApi.rule.params.safeParse({ companyId: "1", alarmId: "x" }).success).toBe(false);
  });
});
