import { useSyncExternalStore } from "react";
import type { ApiError, Restriction } from "../api/client.ts";

/**
 * Global overlays that non-React code (the API client) must be able to open: the restriction modal and
 * the API error dialog. A tiny external store keeps them out of every component's props.
 */
export interface UiState {
  restriction: Restriction | null;
  apiError: ApiError | null;
}

let state: UiState = { restriction: null, apiError: null };
const listeners = new Set<() => void>();

function set(patch: Partial<UiState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const uiStore = {
  get: (): UiState => state,
  openRestriction: (kind: Restriction): void => set({ restriction: kind }),
  closeRestriction: (): void => set({ restriction: null }),
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
