import { type AlarmLog, alarmsApi, type ServerMessage } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";
import { atom } from "../../platform/live/atom.ts";
import { applyAlarmMessage, type LogMap, lastWeek } from "./logic.ts";

/**
 * The alarm notices of the loaded company, shared by the bell, the panel, the toast and the modals.
 * Live messages keep it current while the channel runs; otherwise the panel polls.
 */
export interface CenterState {
  companyId: number | null;
  range: { from: number; to: number };
  logs: LogMap;
  loading: boolean;
  panelOpen: boolean;
  toast: AlarmLog | null;
  /** The notice shown in the position modal. */
  modalId: number | null;
}

export const center = atom<CenterState>({
  companyId: null,
  range: lastWeek(Date.now()),
  logs: new Map(),
  loading: false,
  panelOpen: false,
  toast: null,
  modalId: null,
});

/** How long a toast stays when nobody closes it. */
export const TOAST_MS = 45_000;

/**
 * The toast a state may keep: none once its notice was attended, resolved or deleted (it stayed for minutes
 * after the notice was resolved). Pure.
 */
export function toastStillOpen(toast: AlarmLog | null, logs: LogMap): AlarmLog | null {
  if (!toast) return null;
  const current = logs.get(toast.id);
  if (!current) return logs.size === 0 ? toast : null;
  return current.state.current.value === 0 ? toast : null;
}

const patch = (p: Partial<CenterState>) => {
  const next = { ...center.get(), ...p };
  center.set({ ...next, toast: toastStillOpen(next.toast, next.logs) });
};
export const openPanel = (open: boolean) => patch({ panelOpen: open });
export const openModal = (modalId: number | null) => patch({ modalId });
export const closeToast = () => patch({ toast: null });

export async function loadLogs(companyId: number, range = center.get().range): Promise<AlarmLog[]> {
  patch({ companyId, range, loading: true });
  const before = center.get().logs;
  try {
    const body = await api.call(alarmsApi.notices, {
      params: { companyId },
      query: { from_ts: range.from, to_ts: range.to },
    });
    const list = Object.values(body);
    if (center.get().companyId === companyId) {
      const next = new Map(list.map((l) => [l.id, l]));
      // A notice the live channel brought while the list was on its way is newer than the list: keep it.
      for (const [id, log] of center.get().logs) if (!before.has(id) && !next.has(id)) next.set(id, log);
      patch({ logs: next });
    }
    return list;
  } finally {
    patch({ loading: false });
  }
}

/** Applies a live message; returns the notices that just arrived. */
export function receive(message: ServerMessage): AlarmLog[] {
  const { logs, added } = applyAlarmMessage(center.get().logs, message);
  if (logs !== center.get().logs) patch({ logs });
  return added;
}

export function showToast(log: AlarmLog): void {
  patch({ toast: log });
}

function replace(updated: AlarmLog[]): void {
  const next = new Map(center.get().logs);
  for (const log of updated) next.set(log.id, { ...log, seen: next.get(log.id)?.seen ?? log.seen });
  patch({ logs: next });
}

export async function updateState(companyId: number, id: number, value: 1 | 2, text: string): Promise<void> {
  const log = await api.call(alarmsApi.setNoticeState, {
    params: { companyId, logId: id },
    body: { value, text },
  });
  replace([log]);
}

export async function updateBulk(companyId: number, ids: number[], value: 1 | 2, text: string) {
  const r = await api.call(alarmsApi.updateBulk, {
    params: { companyId },
    body: { alarmLogIds: ids, value, text },
  });
  replace(r.updated);
  return r.noupdated;
}

export async function markSeen(companyId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await api.call(alarmsApi.seenBulk, { params: { companyId }, body: { alarmLogIds: ids } });
  const next = new Map(center.get().logs);
  for (const id of ids) {
    const log = next.get(id);
    if (log) next.set(id, { ...log, seen: true });
  }
  patch({ logs: next });
}

/** Opens the position modal on one notice, loading the given period first when the notice is not in the list. */
export async function openAlarmPosition(
  companyId: number,
  logId: number,
  range: { from: number; to: number },
): Promise<void> {
  if (!center.get().logs.has(logId)) await loadLogs(companyId, range);
  openModal(logId);
}
