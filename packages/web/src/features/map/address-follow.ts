import { distanceM } from "@vigia/domain";
import { useCallback, useEffect, useRef, useState } from "react";

/** The item moved this far from where its address was looked up: the address no longer describes it. */
export const ADDRESS_REFRESH_M = 150;

export interface ShownAddress {
  text: string;
  error: boolean;
  /** The item and the position the text was looked up for. */
  for: string;
  at: { lat: number; lng: number };
}

/**
 * Whether the shown address must be looked up again for the item's current position: it is for this item,
 * was a success, and the item has moved on. Pure.
 */
export function addressNeedsRefresh(
  shown: ShownAddress | null,
  itemKey: string,
  pos: { lat: number; lng: number } | null,
): boolean {
  if (!shown || shown.error || shown.for !== itemKey || !pos) return false;
  return distanceM(shown.at, pos) > ADDRESS_REFRESH_M;
}

/**
 * The address of the selected item, looked up when the item is shown (and again on demand) and then kept in
 * step with the item as it moves. One lookup at a time.
 */
export function useFollowingAddress(
  itemKey: string,
  pos: { lat: number; lng: number } | null,
  fetchAddress: (at: { lat: number; lng: number }) => Promise<string>,
  errorText: (error: unknown) => string,
): { address: ShownAddress | null; loading: boolean; lookUp(): void } {
  const [address, setAddress] = useState<ShownAddress | null>(null);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);

  const lookUp = useCallback(() => {
    if (!pos || busy.current) return;
    const at = { lat: pos.lat, lng: pos.lng };
    busy.current = true;
    setLoading(true);
    fetchAddress(at)
      .then((text) => setAddress({ text, error: false, for: itemKey, at }))
      .catch((error: unknown) => setAddress({ text: errorText(error), error: true, for: itemKey, at }))
      .finally(() => {
        busy.current = false;
        setLoading(false);
      });
  }, [pos, itemKey, fetchAddress, errorText]);

  const stale = addressNeedsRefresh(address, itemKey, pos);
  useEffect(() => {
    if (stale) lookUp();
  }, [stale, lookUp]);
  // Looked up as soon as an item with a position is shown: the server answers from its own street tables.
  const shownFor = address?.for ?? null;
  const hasPos = pos !== null;
  useEffect(() => {
    if (hasPos && shownFor !== itemKey) lookUp();
    // Only when the item changes or first gets a position, not on every move (the refresh above does that).
  }, [itemKey, hasPos, shownFor]);

  return { address: address?.for === itemKey ? address : null, loading, lookUp };
}
