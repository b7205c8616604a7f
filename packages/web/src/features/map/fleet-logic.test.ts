import { emptyLiveItemState, type LiveItemState } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import type { LiveKey } from "../../platform/live/store.ts";
import { addressNeedsRefresh, type ShownAddress } from "./address-follow.ts";
import { shownSub } from "./catalog.ts";
import { statusCounts } from "./fleet-status-filter.ts";
import { followTarget } from "./follow.ts";

const NOW = 10_000_000;
const at = (ts: number, motion: LiveItemState["motion"], lat = 40.4, offline = false): LiveItemState => ({
  ...emptyLiveItemState(1, 1),
  motion,
  offline,
  pos: { ts, receivedTs: ts, lat, lng: -3.7, alt: 0, spd: 30, course: 0, satt: 8, valid: true, src: 1 },
});

describe("fleet status in the item list", () => {
  const states = new Map<LiveKey, LiveItemState>([
    ["v:1", at(NOW - 1000, "moving")],
    ["v:2", at(NOW - 1000, "idle")],
    ["v:3", at(NOW - 1000, "stopped")],
    // The server marked it silent (its company's timeout): offline whatever its last motion.
    ["v:4", at(NOW - 2 * 86_400_000, "moving", 40.4, true)],
  ]);
  const rows = (["v:1", "v:2", "v:3", "v:4", "v:5"] as LiveKey[]).map((key) => ({ key }));

  it("counts every status and keeps all rows without a filter", () => {
    const result = statusCounts(rows, (k) => states.get(k), null);
    expect(result.counts).toEqual({ moving: 1, idle: 1, stopped: 1, offline: 1, noData: 1 });
    expect(result.rows).toHaveLength(5);
  });

  it.each([
    ["moving", ["v:1"]],
    ["offline", ["v:4"]],
    ["noData", ["v:5"]],
  ] as const)("the %s filter keeps %j", (status, keys) => {
    const result = statusCounts(rows, (k) => states.get(k), status);
    expect(result.rows.map((r) => r.key)).toEqual(keys);
    expect(result.counts.moving).toBe(1);
  });
});

describe("follow mode", () => {
  const positionOf = (key: LiveKey) => (key === "v:1" ? { lat: 40.5, lng: -3.6 } : null);
  it.each([
    ["follows the selected item when it moved", true, "v:1", ["v:1"], false, [-3.6, 40.5]],
    ["does nothing when not following", false, "v:1", ["v:1"], false, null],
    ["ignores other items' moves", true, "v:1", ["v:2"], false, null],
    ["re-centres after a new snapshot", true, "v:1", [], true, [-3.6, 40.5]],
    ["no position, no move", true, "v:2", ["v:2"], false, null],
    ["nothing selected", true, null, ["v:1"], false, null],
  ] as const)("%s", (_name, follow, selected, keys, reset, expected) => {
    const change = { reset, keys: new Set<LiveKey>(keys) };
    expect(followTarget(follow, selected, change, positionOf)).toEqual(expected);
  });
});

describe("the address follows the item", () => {
  const shown: ShownAddress = {
    text: "Calle Mayor 1",
    error: false,
    for: "v:1",
    at: { lat: 40.4, lng: -3.7 },
  };
  it.each([
    ["moved 1 km: look up again", shown, "v:1", { lat: 40.409, lng: -3.7 }, true],
    ["moved 20 m: still the same address", shown, "v:1", { lat: 40.40018, lng: -3.7 }, false],
    ["another item: its own lookup", shown, "v:2", { lat: 41, lng: -3.7 }, false],
    ["never looked up", null, "v:1", { lat: 41, lng: -3.7 }, false],
    ["the lookup failed: no retry loop", { ...shown, error: true }, "v:1", { lat: 41, lng: -3.7 }, false],
  ] as const)("%s", (_name, address, key, pos, expected) => {
    expect(addressNeedsRefresh(address, key, pos)).toBe(expected);
  });
});

describe("untranslated values", () => {
  const entry = (kind: "vehicle" | "asset", sub: string) => ({
    key: "a:1" as LiveKey,
    kind,
    id: 1,
    name: "x",
    sub,
    type: sub,
    groupId: null,
    intrack: null,
    search: "",
  });
  const translate = (key: string, fallback: string) =>
    key === "items.assetTypes.container" ? "Contenedor" : fallback;
  it.each([
    ["an asset's type is translated", entry("asset", "container"), "Contenedor"],
    ["an unknown type stays as it is", entry("asset", "silo"), "silo"],
    ["a plate is not a type", entry("vehicle", "1234-ABC"), "1234-ABC"],
  ] as const)("%s", (_name, e, expected) => expect(shownSub(e, translate)).toBe(expected));
});
