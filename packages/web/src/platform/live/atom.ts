import { useSyncExternalStore } from "react";

/** A tiny external store for one value; React reads it with useSyncExternalStore, plain code subscribes. */
export interface Atom<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function atom<T>(initial: T): Atom<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useAtom<T>(store: Atom<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
