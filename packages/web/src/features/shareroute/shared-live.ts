import type { SharedLiveMessage, SharedRoute } from "@vigia/domain";

type SharedPosition = Extract<SharedLiveMessage, { type: "pos" }>["data"];

/**
 * The shared view after one live position: the item's marker moves and its route grows by the point. Older
 * or repeated fixes (a reconnect replays nothing, but a refetch may already hold the point) change nothing.
 * Pure.
 */
export function applySharedPosition(view: SharedRoute, update: SharedPosition): SharedRoute {
  let changed = false;
  const items = view.items.map((item) => {
    if (item.itemType !== update.itemType || item.itemId !== update.itemId) return item;
    if (item.pos && item.pos.ts >= update.pos.ts) return item;
    changed = true;
    const point: [number, number] = [update.pos.lng, update.pos.lat];
    return { ...item, pos: update.pos, route: [...item.route, point] };
  });
  return changed ? { ...view, items } : view;
}
