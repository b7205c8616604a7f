/**
 * Debug mode, off by default. It is on when the page starts with `?debug=1` in its address or with
 * `localStorage["vigia.debug"] === "1"` (see README "Debug mode"); the flag is read once, at start. Only then
 * does the app publish read handles on `window.vigiaDebug` (the live store, the map's timing figures) for
 * browser tests, the map benchmark and a developer's console. With the flag off nothing is published.
 */
export const DEBUG_STORAGE_KEY = "vigia.debug";

/** Whether the debug flag is set in this address query or this storage. */
export function readDebugFlag(search: string, storage: Pick<Storage, "getItem"> | null): boolean {
  if (new URLSearchParams(search).get("debug") === "1") return true;
  try {
    return storage?.getItem(DEBUG_STORAGE_KEY) === "1";
  } catch {
    // Storage can be blocked (privacy settings): debug stays off.
    return false;
  }
}

export const DEBUG_ENABLED: boolean =
  typeof window !== "undefined" && readDebugFlag(window.location.search, window.localStorage);

declare global {
  interface Window {
    /** Debug handles by name; present only in debug mode. */
    vigiaDebug?: Record<string, unknown>;
  }
}

/** Publishes a handle as `window.vigiaDebug[name]` in debug mode; does nothing otherwise. */
export function exposeForDebug(name: string, value: unknown): void {
  if (!DEBUG_ENABLED) return;
  window.vigiaDebug ??= {};
  window.vigiaDebug[name] = value;
}
