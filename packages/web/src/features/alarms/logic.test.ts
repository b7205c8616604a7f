import { type AlarmLog, emptyAlarmRule } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { center, receive, showToast, toastStillOpen } from "./center.ts";
import {
  applyAlarmMessage,
  DEFAULT_SORT,
  lastWeek,
  neighbour,
  nextSort,
  shownError,
  stateCounts,
  stateFormDisabled,
  throttle,
  unseenCount,
  visibleLogs,
} from "./logic.ts";

function log(id: number, value: 0 | 1 | 2, ts: number, name = `alarm ${id}`): AlarmLog {
  const entry = { value, ts, by: "", text: "" };
  return {
    id,
    ts,
    receptionTs: ts,
    itemType: 1,
    itemId: id,
    itemName: `van ${id}`,
    companyId: 1,
    info: {
      name,
      priority: 2,
      family: 5,
      description: "",
      notification: { ...emptyAlarmRule().notification, recipients: [] },
      alarmId: 1,
      craCode: "",
      craId: null,
    },
    data: { event: "geozoneIn", text: "Depot", pos: null },
    state: { current: entry, historic: [entry] },
    seen: value !== 0,
    late: false,
    delivery: [],
  };
}

const map = (...logs: AlarmLog[]) => new Map(logs.map((l) => [l.id, l]));
const event = (l: AlarmLog) => l.data.event;

describe("live messages move the list and the counts", () => {
  it("adds a new notice as open and unseen, once", () => {
    const first = applyAlarmMessage(map(), { type: "alarmlog", data: { ...log(1, 0, 10) } });
    expect(first.added.map((l) => l.id)).toEqual([1]);
    expect(stateCounts(first.logs.values())).toEqual({ 0: 1, 1: 0, 2: 0 });
    expect(unseenCount(first.logs.values())).toBe(1);
    const again = applyAlarmMessage(first.logs, { type: "alarmlog", data: { ...log(1, 0, 10) } });
    expect(again.added).toEqual([]);
  });
  it("a notice whose episode grew or ended takes the new data, keeps its state and seen mark, raises no toast", () => {
    const start = map({ ...log(1, 1, 10), seen: true });
    const grown = log(1, 0, 10);
    grown.data = { ...grown.data, text: "120 km/h > 90 km/h", episode: { start: 5, end: 40, maxSpeed: 120 } };
    const next = applyAlarmMessage(start, { type: "alarmlog", data: grown });
    expect(next.added).toEqual([]);
    const kept = next.logs.get(1)!;
    expect(kept.data.episode).toEqual({ start: 5, end: 40, maxSpeed: 120 });
    expect(kept.data.text).toBe("120 km/h > 90 km/h");
    expect([kept.seen, kept.state.current.value]).toEqual([true, 1]);
  });
  it("a state change moves it between counts; a deletion removes it", () => {
    const start = map(log(1, 0, 10), log(2, 0, 20));
    const moved = applyAlarmMessage(start, {
      type: "alarmlogState",
      data: { id: 2, state: { current: { value: 2, ts: 30, by: "a", text: "" }, historic: [] } },
    });
    expect(stateCounts(moved.logs.values())).toEqual({ 0: 1, 1: 0, 2: 1 });
    const gone = applyAlarmMessage(moved.logs, { type: "alarmlogDelete", data: { id: 1 } });
    expect([...gone.logs.keys()]).toEqual([2]);
  });
});

describe("filter, search and sort", () => {
  const logs = [log(1, 0, 30, "Depot entry"), log(2, 1, 10, "Idle"), log(3, 2, 20, "Offline")];
  const all = new Set([0, 1, 2]);
  it.each([
    ["default: date descending", all, "", DEFAULT_SORT, [1, 3, 2]],
    ["states open and resolved", new Set([0, 2]), "", DEFAULT_SORT, [1, 3]],
    ["search from 2 characters", all, "id", DEFAULT_SORT, [2]],
    ["one character does not filter", all, "i", DEFAULT_SORT, [1, 3, 2]],
    ["by name ascending", all, "", { key: "name", dir: "asc" } as const, [1, 2, 3]],
  ])("%s", (_n, states, search, sort, ids) => {
    expect(visibleLogs(logs, { states, search, sort, eventText: event }).map((l) => l.id)).toEqual(ids);
  });
  it("toggles the direction on the same column", () => {
    expect(nextSort(DEFAULT_SORT, "ts")).toEqual({ key: "ts", dir: "asc" });
    expect(nextSort(DEFAULT_SORT, "name")).toEqual({ key: "name", dir: "asc" });
  });
});

describe("modal and form helpers", () => {
  it("steps to neighbours and stops at the ends", () => {
    const list = [log(1, 0, 3), log(2, 0, 2), log(3, 0, 1)];
    expect(neighbour(list, 2, 1)?.id).toBe(3);
    expect(neighbour(list, 1, -1)).toBeNull();
  });
  it("throttles arrow keys to one per 300 ms", () => {
    let now = 0;
    const allow = throttle(300, () => now);
    expect(allow()).toBe(true);
    now = 299;
    expect(allow()).toBe(false);
    now = 300;
    expect(allow()).toBe(true);
  });
  it.each([
    [1, 1, "", true],
    [1, 1, "  ", true],
    [1, 2, "", false],
    [1, 1, "note", false],
  ])("state %i → %i with note %j disabled %s", (current, chosen, note, disabled) => {
    expect(stateFormDisabled(current, chosen, note)).toBe(disabled);
  });
  it("defaults to the last week", () => {
    expect(lastWeek(1_000_000_900_123)).toEqual({
      from: 1_000_000_900_000 - 604_800_000,
      to: 1_000_000_900_000,
    });
  });
});

describe("the alarm toast", () => {
  it.each([
    ["open notice keeps it", [log(7, 0, 1)], 7],
    ["attended notice closes it", [log(7, 1, 1)], null],
    ["resolved notice closes it", [log(7, 2, 1)], null],
    ["deleted notice closes it", [log(8, 0, 1)], null],
    ["nothing loaded yet keeps it", [], 7],
  ] as const)("%s", (_name, logs, expected) => {
    expect(toastStillOpen(log(7, 0, 1), map(...logs))?.id ?? null).toBe(expected);
  });

  it("closes when the live state message resolves the notice", () => {
    const open = log(9, 0, 1);
    receive({ type: "alarmlog", data: open });
    showToast(open);
    expect(center.get().toast?.id).toBe(9);
    const resolved = { value: 2 as const, ts: 2, by: "ana", text: "" };
    receive({ type: "alarmlogState", data: { id: 9, state: { current: resolved, historic: [resolved] } } });
    expect(center.get().toast).toBeNull();
  });
});

describe("rule form errors wait for the user", () => {
  const errors = { "items.itemIds": "required", "info.value": "tooHigh" };
  it.each([
    ["untouched, not submitted: nothing", "items.itemIds", [], false, undefined],
    ["its part was changed", "items.itemIds", ["items"], false, "required"],
    ["another part was changed", "items.itemIds", ["info"], false, undefined],
    ["a save was tried", "items.itemIds", [], true, "required"],
    ["no error at all", "info.name", ["info"], true, undefined],
  ] as const)("%s", (_name, key, touched, submitted, expected) => {
    expect(shownError(key, errors, new Set(touched), submitted)).toBe(expected);
  });
});
