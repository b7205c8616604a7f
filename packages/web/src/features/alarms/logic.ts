import type { AlarmLog, AlarmLogStateValue, ServerMessage } from "@vigia/domain";

/**
 * Pure logic of the notices panel: applying live messages to the loaded list, the per-state counts, the
 * text search, sorting and paging. The React side only holds the result.
 */
export type LogMap = ReadonlyMap<number, AlarmLog>;

export interface LiveApplyResult {
  logs: LogMap;
  /** Notices that arrived now (for the toast and the bell). */
  added: AlarmLog[];
}

/**
 * Applies alarmlog (add as open; for a notice already listed, its episode grew or ended: take its data, keep what
 * this user did with it), alarmlogState (move between counts) and alarmlogDelete (remove).
 */
export function applyAlarmMessage(logs: LogMap, message: ServerMessage): LiveApplyResult {
  if (message.type === "alarmlog") {
    const log = message.data;
    const known = logs.get(log.id);
    if (known) {
      const next = new Map(logs);
      next.set(log.id, { ...known, data: log.data });
      return { logs: next, added: [] };
    }
    const next = new Map(logs);
    next.set(log.id, { ...log, seen: false });
    return { logs: next, added: [log] };
  }
  if (message.type === "alarmlogState") {
    const current = logs.get(message.data.id);
    const { state } = message.data;
    if (!current) return { logs, added: [] };
    const next = new Map(logs);
    next.set(current.id, { ...current, state });
    return { logs: next, added: [] };
  }
  if (message.type === "alarmlogDelete") {
    if (!logs.has(message.data.id)) return { logs, added: [] };
    const next = new Map(logs);
    next.delete(message.data.id);
    return { logs: next, added: [] };
  }
  return { logs, added: [] };
}

export function stateCounts(logs: Iterable<AlarmLog>): Record<AlarmLogStateValue, number> {
  const counts: Record<AlarmLogStateValue, number> = { 0: 0, 1: 0, 2: 0 };
  for (const log of logs) counts[log.state.current.value] += 1;
  return counts;
}

export const unseenCount = (logs: Iterable<AlarmLog>): number => {
  let n = 0;
  for (const log of logs) if (!log.seen) n++;
  return n;
};

export type SortKey = "ts" | "name" | "item" | "event" | "state" | "priority";
export interface Sort {
  key: SortKey;
  dir: "asc" | "desc";
}
export const DEFAULT_SORT: Sort = { key: "ts", dir: "desc" };

function sortValue(log: AlarmLog, key: SortKey, eventText: (log: AlarmLog) => string): string | number {
  switch (key) {
    case "ts":
      return log.ts;
    case "name":
      return log.info.name.toLowerCase();
    case "item":
      return log.itemName.toLowerCase();
    case "event":
      return eventText(log).toLowerCase();
    case "state":
      return log.state.current.value;
    case "priority":
      return log.info.priority;
  }
}

/** State filter, then search (from 2 characters) over name, item, event and text, then sort. */
export function visibleLogs(
  logs: Iterable<AlarmLog>,
  opts: { states: ReadonlySet<number>; search: string; sort: Sort; eventText: (log: AlarmLog) => string },
): AlarmLog[] {
  const q = opts.search.trim().toLowerCase();
  const out = [...logs].filter((log) => {
    if (!opts.states.has(log.state.current.value)) return false;
    if (q.length < 2) return true;
    return [log.info.name, log.itemName, opts.eventText(log), log.data.text, log.info.description].some((s) =>
      s.toLowerCase().includes(q),
    );
  });
  const sign = opts.sort.dir === "asc" ? 1 : -1;
  return out.sort((a, b) => {
    const va = sortValue(a, opts.sort.key, opts.eventText);
    const vb = sortValue(b, opts.sort.key, opts.eventText);
    return (va < vb ? -1 : va > vb ? 1 : b.id - a.id) * sign;
  });
}

export const nextSort = (current: Sort, key: SortKey): Sort =>
  current.key === key
    ? { key, dir: current.dir === "asc" ? "desc" : "asc" }
    : { key, dir: key === "ts" ? "desc" : "asc" };

/** Previous/next through the shown list, for the position modal. */
export function neighbour(list: readonly AlarmLog[], id: number, step: -1 | 1): AlarmLog | null {
  const i = list.findIndex((l) => l.id === id);
  if (i < 0) return null;
  return list[i + step] ?? null;
}

/** Lets a call through at most once per `ms` (arrow keys in the modal). */
export function throttle(ms: number, now: () => number = () => Date.now()) {
  let last = Number.NEGATIVE_INFINITY;
  return (): boolean => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
}

/** The state form: save is disabled while the state is unchanged and the note empty. */
export const stateFormDisabled = (current: number, chosen: number, note: string): boolean =>
  chosen === current && note.trim() === "";

/** Last-week default range of the panel, truncated to the second. */
export function lastWeek(now: number): { from: number; to: number } {
  const to = Math.floor(now / 1000) * 1000;
  return { from: to - 7 * 86_400_000, to };
}

/**
 * The error code a rule-form field shows: only once its part of the form (the key's first segment, as
 * `set` names it) was changed or a save was tried; the form said "required" before the user touched it.
 */
export function shownError(
  key: string,
  errors: Readonly<Record<string, string>>,
  touched: ReadonlySet<string>,
  submitted: boolean,
): string | undefined {
  const code = errors[key];
  if (!code) return undefined;
  return submitted || touched.has(key.split(".")[0] ?? key) ? code : undefined;
}
