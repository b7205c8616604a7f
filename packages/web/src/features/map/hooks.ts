import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { liveItems } from "../../platform/live/store.ts";
import { type MapSettings, readMapSettings, writeMapSettings } from "./settings.ts";

/** Map filters and flags of the company, persisted in local storage on every change. */
export function useMapSettings(companyId: number | null): [MapSettings, (next: MapSettings) => void] {
  const [state, setState] = useState(() => readMapSettings(localStorage, companyId ?? 0));
  useEffect(() => setState(readMapSettings(localStorage, companyId ?? 0)), [companyId]);
  const update = useCallback(
    (next: MapSettings) => {
      setState(next);
      if (companyId !== null) writeMapSettings(localStorage, companyId, next);
    },
    [companyId],
  );
  return [state, update];
}

/** Re-renders once per applied batch (for panels that show live values). */
export function useLiveVersion(): number {
  return useSyncExternalStore(liveItems.subscribe, liveItems.getVersion, liveItems.getVersion);
}

/** The current time, refreshed every `everyMs`: ages such as "8 min ago" keep counting without live data. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
