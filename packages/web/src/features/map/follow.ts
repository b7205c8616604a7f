import type { LiveKey, StoreChange } from "../../platform/live/store.ts";

/**
 * Where follow mode moves the camera after a store change: the selected item's position when following
 * and the item changed (or everything was reset), else nowhere. Pure.
 */
export function followTarget(
  follow: boolean,
  selected: LiveKey | null,
  change: StoreChange,
  positionOf: (key: LiveKey) => { lat: number; lng: number } | null | undefined,
): [number, number] | null {
  if (!follow || !selected || !(change.reset || change.keys.has(selected))) return null;
  const pos = positionOf(selected);
  return pos ? [pos.lng, pos.lat] : null;
}
