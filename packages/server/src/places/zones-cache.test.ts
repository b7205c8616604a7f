import { describe, expect, it } from "vitest";
import { companyChanges } from "../kernel/company-changes.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { ZoneCache } from "./zones-cache.ts";

interface PlacesTable {
  loads: number;
  geozones: {
    id: number;
    name: string;
    group: null;
    type: "circle";
    lat: number;
    lng: number;
    radius: number;
  }[];
  db: Queryable;
}

/** The geozones table of one company, as the cache reads it; `loads` counts the reads. */
function placesTable(): PlacesTable {
  const table: PlacesTable = {
    loads: 0,
    geozones: [{ id: 1, name: "Depot", group: null, type: "circle", lat: 40, lng: -3, radius: 100 }],
    db: {
      query: async <R>(sql: string): Promise<R[]> => {
        if (!sql.includes("from geozones")) return [] as R[];
        table.loads++;
        return table.geozones.map((g) => ({ ...g, points: [], speed_limit: null })) as R[];
      },
    },
  };
  return table;
}

/** Two nodes' signals, delivered to every node (the sender too) after the sender returns, as NATS does. */
function signalBus() {
  const handlers = new Map<string, ((value: string) => void)[]>();
  const pending: Promise<void>[] = [];
  return {
    signal(name: string, value: string) {
      const delivered = Promise.resolve().then(() => {
        for (const handler of handlers.get(name) ?? []) handler(value);
      });
      pending.push(delivered);
    },
    onSignal(name: string, handler: (value: string) => void) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler]);
    },
    delivered: () => Promise.all(pending),
  };
}

const names = async (cache: ZoneCache) => [...(await cache.get(7)).meta.values()].map((m) => m.name);

describe("ZoneCache", () => {
  it("keeps a company's places until they change here, then reads them again", async () => {
    const table = placesTable();
    const cache = new ZoneCache(table.db);
    expect(await names(cache)).toEqual(["Depot"]);
    expect(await names(cache)).toEqual(["Depot"]);
    expect(table.loads).toBe(1);
    table.geozones[0]!.name = "Yard";
    cache.invalidate(7);
    expect(await names(cache)).toEqual(["Yard"]);
    expect(table.loads).toBe(2);
  });

  it("drops another node's copy through the cluster signal when a place changes on this one", async () => {
    const table = placesTable();
    const bus = signalBus();
    const here = new ZoneCache(table.db, companyChanges(bus, "zones"));
    const there = new ZoneCache(table.db, companyChanges(bus, "zones"));
    expect(await names(there)).toEqual(["Depot"]);
    table.geozones[0]!.name = "Yard";
    here.invalidate(7);
    // This node reads the change at once, before any signal arrives.
    expect(await names(here)).toEqual(["Yard"]);
    await bus.delivered();
    expect(await names(there)).toEqual(["Yard"]);
  });

  it("a signal about another company leaves this company's copy alone", async () => {
    const table = placesTable();
    const bus = signalBus();
    const here = new ZoneCache(table.db, companyChanges(bus, "zones"));
    const there = new ZoneCache(table.db, companyChanges(bus, "zones"));
    await names(there);
    here.invalidate(8);
    await bus.delivered();
    const loads = table.loads;
    await names(there);
    expect(table.loads).toBe(loads);
  });
});
