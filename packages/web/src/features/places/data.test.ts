import { QueryClient } from "@tanstack/react-query";
import type { Geozone, Poi, ServerMessage } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { companyLoadKey } from "../../platform/company/index.ts";
import { testPoi } from "../../test/places.ts";
import { issuesOf } from "./common.tsx";
import { applyPlacesMessage } from "./data.ts";

const poi = (id: number, name: string): Poi => testPoi({ id, name });

const poisKey = (companyId: number) => companyLoadKey(companyId, "pois");
const zonesKey = (companyId: number) => companyLoadKey(companyId, "geozones");
const zone = (id: number, name: string): Geozone => ({
  id,
  name,
  color: "#1971c2",
  group: null,
  type: "circle",
  lat: 40,
  lng: -3,
  radius: 100,
  points: [],
  geometry: { type: "Polygon", coordinates: [] },
  description: "",
  speedLimit: null,
  createdTs: 0,
  updatedTs: 0,
});

describe("applyPlacesMessage", () => {
  it("adds a new POI and replaces an edited one in the company cache", () => {
    const client = new QueryClient();
    client.setQueryData(poisKey(7), { "1": poi(1, "Old") });
    expect(applyPlacesMessage(client, 7, { type: "poi", data: poi(1, "Renamed") })).toBe(true);
    expect(applyPlacesMessage(client, 7, { type: "poi", data: poi(2, "New") })).toBe(true);
    expect(client.getQueryData(poisKey(7))).toEqual({ "1": poi(1, "Renamed"), "2": poi(2, "New") });
  });

  it("removes a deleted POI", () => {
    const client = new QueryClient();
    client.setQueryData(poisKey(7), { "1": poi(1, "A"), "2": poi(2, "B") });
    expect(applyPlacesMessage(client, 7, { type: "poiDel", data: { id: 1 } })).toBe(true);
    expect(client.getQueryData(poisKey(7))).toEqual({ "2": poi(2, "B") });
  });

  it("starts the cache when the company's POIs were not loaded yet", () => {
    const client = new QueryClient();
    applyPlacesMessage(client, 7, { type: "poi", data: poi(3, "C") });
    expect(client.getQueryData(poisKey(7))).toEqual({ "3": poi(3, "C") });
  });

  it("only touches the given company's cache", () => {
    const client = new QueryClient();
    client.setQueryData(poisKey(8), { "1": poi(1, "Other company") });
    applyPlacesMessage(client, 7, { type: "poiDel", data: { id: 1 } });
    expect(client.getQueryData(poisKey(8))).toEqual({ "1": poi(1, "Other company") });
  });

  it("puts a created or changed geozone and removes a deleted one (another session's edit)", () => {
    const client = new QueryClient();
    client.setQueryData(zonesKey(7), { "1": zone(1, "Old"), "2": zone(2, "Gone") });
    expect(applyPlacesMessage(client, 7, { type: "geozone", data: zone(1, "Renamed") })).toBe(true);
    expect(applyPlacesMessage(client, 7, { type: "geozone", data: zone(3, "New") })).toBe(true);
    expect(applyPlacesMessage(client, 7, { type: "geozoneDel", data: { id: 2 } })).toBe(true);
    expect(client.getQueryData(zonesKey(7))).toEqual({ "1": zone(1, "Renamed"), "3": zone(3, "New") });
    // POIs are another collection: a geozone message never lands there.
    expect(client.getQueryData(poisKey(7))).toBeUndefined();
  });

  it("answers false to messages that are not about places, and changes nothing", () => {
    const client = new QueryClient();
    client.setQueryData(poisKey(7), { "1": poi(1, "A") });
    const other: ServerMessage = { type: "vOdo", data: { id: 1, odometer: 1200 } };
    expect(applyPlacesMessage(client, 7, other)).toBe(false);
    expect(client.getQueryData(poisKey(7))).toEqual({ "1": poi(1, "A") });
  });
});

describe("issuesOf", () => {
  it("names each zod issue by its first path segment, or body when it has none", () => {
    const error = {
      issues: [
        { path: ["points", 3, "lat"], message: "outOfRange" },
        { path: ["name"], message: "required" },
        { path: [], message: "tooManyPoints" },
      ],
    };
    expect(issuesOf(error)).toEqual([
      { path: "points", message: "outOfRange" },
      { path: "name", message: "required" },
      { path: "body", message: "tooManyPoints" },
    ]);
  });

  it("is empty without an error", () => {
    expect(issuesOf(undefined)).toEqual([]);
  });
});
