import type { Playback } from "@vigia/domain";
import { useSyncExternalStore } from "react";
import type { LiveKey } from "../../../platform/live/store.ts";

/** History playback of one item: the loaded range, the cursor, and whether and how fast it plays. */
export interface PlaybackState {
  key: LiveKey;
  data: Playback | null;
  cursor: number;
  playing: boolean;
  speed: number;
}

/**
 * Shared by the playback bar (which drives the cursor) and the item panel (which shows the item at the
 * cursor), so neither owns the other.
 */
class PlaybackStore {
  private state: PlaybackState | null = null;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly get = (): PlaybackState | null => this.state;

  open(key: LiveKey): void {
    this.state = { key, data: null, cursor: 0, playing: false, speed: 8 };
    this.emit();
  }

  update(patch: Partial<Omit<PlaybackState, "key">>): void {
    if (!this.state) return;
    this.state = { ...this.state, ...patch };
    this.emit();
  }

  close(): void {
    if (!this.state) return;
    this.state = null;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export const playbackStore = new PlaybackStore();

export function usePlayback(): PlaybackState | null {
  return useSyncExternalStore(playbackStore.subscribe, playbackStore.get, playbackStore.get);
}
