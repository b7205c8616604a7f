import { queryOptions } from "@tanstack/react-query";
import {
  type Camera,
  camerasApi,
  driverDayApi,
  ITEM_TYPE_BY_KEY,
  mapToolsApi,
  shareRoutesApi,
  virtualLocksApi,
} from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";
import { type LiveKey, parseKey } from "../../platform/live/store.ts";
import { playbackContract } from "./playback/calls.ts";
import { dayRange } from "./route.ts";

/** A camera's last snapshot; a camera edited (new `updatedTs`) is a new picture. */
export const cameraSnapshotQuery = (companyId: number, camera: Camera) =>
  queryOptions({
    queryKey: ["camera-snapshot", companyId, camera.id, camera.updatedTs],
    queryFn: () => api.blob(camerasApi.snapshot, { params: { companyId, id: camera.id } }, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The cameras of a vehicle. */
export const camerasQuery = (companyId: number, vehicleId: number) =>
  queryOptions({
    queryKey: ["cameras", companyId, vehicleId],
    queryFn: () => api.call(camerasApi.list, { params: { companyId }, query: { vehicleId } }),
  });

/**
 * A driver's day so far; `vehicleKey` is the vehicle the driver is on now: a new vehicle is a new day answer, its
 * running trip counting from then on.
 */
export const driverDayQuery = (companyId: number, driverId: number, vehicleKey: string | null) =>
  queryOptions({
    queryKey: ["driverDay", companyId, driverId, vehicleKey],
    queryFn: () => api.call(driverDayApi.today, { params: { companyId, id: driverId } }, { quiet: true }),
  });

/** The company's data-protection information (the DPA tool). */
export const dpaQuery = (companyId: number) =>
  queryOptions({
    queryKey: ["dpa", companyId],
    queryFn: () => api.call(mapToolsApi.dpa, { params: { companyId } }, { quiet: true }),
  });

/** One sensor's stored values over a day in the user's zone. */
export const sensorHistoryQuery = (
  companyId: number,
  kind: "vehicle" | "asset" | "person",
  itemId: number,
  sensorKey: string,
  day: string,
  timezone: string,
) =>
  queryOptions({
    queryKey: ["sensorHistory", companyId, kind, itemId, sensorKey, day, timezone],
    queryFn: () =>
      api.call(
        mapToolsApi.sensorHistory,
        {
          params: { companyId },
          query: {
            itemType: ITEM_TYPE_BY_KEY[kind],
            itemId,
            key: sensorKey,
            ...dayRange(day, timezone, Date.now()),
          },
        },
        { quiet: true },
      ),
  });

/** The company's shared-route links. */
export const sharedRoutesQuery = (companyId: number) =>
  queryOptions({
    queryKey: ["sharedroutes", companyId],
    queryFn: () => api.call(shareRoutesApi.list, { params: { companyId } }, { quiet: true }),
  });

/** The company's armed virtual locks. */
export const virtualLocksQuery = (companyId: number) =>
  queryOptions({
    queryKey: ["virtuallocks", companyId],
    queryFn: () => api.call(virtualLocksApi.list, { params: { companyId } }, { quiet: true }),
  });

/** One item's route, stops and trips over a calendar day in the user's zone (day use and idle tools). */
export const dayPlaybackQuery = (companyId: number, key: LiveKey | null, day: string, timezone: string) =>
  queryOptions({
    queryKey: ["dayPlayback", companyId, key, day, timezone],
    enabled: key !== null && day !== "",
    queryFn: () => {
      const { kind, id } = parseKey(key as LiveKey);
      const range = dayRange(day, timezone, Date.now());
      return api.call(
        playbackContract(kind),
        { params: { companyId, itemId: id }, query: range },
        { quiet: true },
      );
    },
  });
