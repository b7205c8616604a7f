import { useSyncExternalStore } from "react";
import type { ApiError, Restriction } from "../api/client.ts";

/**
 * Global overlays that non-React code (the API client) must be able to open: the restriction modal and
 * the API error dialog. A tiny external store keeps them out of every component's props.
 */
export interface UiState {
  restriction: Exclude<Restriction, "blocked"> | null;
  apiError: ApiError | null;
  /** The server refused a call because the user's company is suspended or deactivated. */
  companyBlocked: boolean;
}

let state: UiState = { restriction: null, apiError: null, companyBlocked: false };
const listeners = new Set<() => void>();

function set(patch: Partial<UiState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const uiStore = {
  get: (): UiState => state,
  openRestriction: (kind: Restriction): void =>
    set(kind === "blocked" ? { companyBlocked: true } : { restriction: kind }),
  closeRestriction: (): void => set({ restriction: null }),
  /** Signing out of a blocked company: the next session starts clean. */
  clearCompanyBlocked: (): void => set({ companyBlocked: false }),
  openApiError: (error: ApiError): void => set({ apiError: error }),
  closeApiError: (): void => set({ apiError: null }),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useUiState(): UiState {
  return useSyncExternalStore(uiStore.subscribe, uiStore.get, uiStore.get);
}
