import { queryOptions } from "@tanstack/react-query";
import { eventMediaApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** The bytes of one photo or clip (never changed once stored, so asked once). */
export const eventMediaFileQuery = (companyId: number, mediaId: number) =>
  queryOptions({
    queryKey: ["event-media", companyId, mediaId],
    queryFn: () => api.blob(eventMediaApi.file, { params: { companyId, id: mediaId } }, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The photos and clips an item's devices attached to events between `from` and `to` (epoch ms). */
export const eventMediaListQuery = (
  companyId: number,
  itemType: 1 | 2 | 3,
  itemId: number,
  from: number,
  to: number,
) =>
  queryOptions({
    queryKey: ["event-media-list", companyId, itemType, itemId, from, to],
    queryFn: () =>
      api.call(
        eventMediaApi.list,
        { params: { companyId }, query: { itemType, itemId, from, to } },
        { quiet: true },
      ),
  });
