import type { QueryClient } from "@tanstack/react-query";
import type { MapMarker, ServerMessage } from "@vigia/domain";
import { markersQueryKey } from "./markers-layer.ts";

/**
 * The live `marker` / `markerDel` messages applied to a marker list: a new or changed marker replaces
 * the one with its id, a deleted one leaves. `mine` is the receiver's: whether they wrote it. Null when the
 * message is not about markers.
 */
export function markersAfter(
  list: readonly MapMarker[],
  userId: number | null,
  message: ServerMessage,
): MapMarker[] | null {
  if (message.type === "marker") {
    const { authorId, ...fields } = message.data;
    const next: MapMarker = { ...fields, mine: authorId !== null && authorId === userId };
    const at = list.findIndex((m) => m.id === next.id);
    return at === -1 ? [...list, next] : list.map((m, i) => (i === at ? next : m));
  }
  if (message.type === "markerDel") return list.filter((m) => m.id !== message.data.id);
  return null;
}

/** Keeps the markers every map view shares (`useMarkers`) in step with other sessions; meant for onMessage. */
export function applyMarkerMessage(
  client: QueryClient,
  companyId: number,
  userId: number | null,
  message: ServerMessage,
): void {
  if (message.type !== "marker" && message.type !== "markerDel") return;
  const key = markersQueryKey(companyId);
  const list = client.getQueryData<MapMarker[]>(key);
  // Not loaded yet: the first fetch brings the marker.
  if (!list) return;
  const next = markersAfter(list, userId, message);
  if (next) client.setQueryData(key, next);
}
