/**
 * A map tool that takes the map's clicks as its own input (measuring, placing a marker) claims them, so a click
 * that lands on an item marker does not also select that item: a command sent next would go to another item
 * than the one the user was working with. Counted, so tools opened over each other release in any order.
 */
const claims = new WeakMap<object, number>();

/** Claims the map's clicks (the MapLibre map, by identity); returns the release. */
export function claimMapClicks(map: object): () => void {
  claims.set(map, (claims.get(map) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (claims.get(map) ?? 1) - 1;
    if (left > 0) claims.set(map, left);
    else claims.delete(map);
  };
}

export const mapClicksClaimed = (map: object): boolean => (claims.get(map) ?? 0) > 0;
