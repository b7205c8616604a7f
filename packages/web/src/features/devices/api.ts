import { queryOptions } from "@tanstack/react-query";
import { devicesApi, type QuarantineReason } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** The reseller's devices (the devices screen and its writes). */
export const devicesQuery = (resellerId: number) =>
  queryOptions({
    queryKey: ["devices", resellerId],
    queryFn: () => api.call(devicesApi.resellerList, { params: { resellerId } }),
  });

/** The identifiers the gateways heard but nobody registered (global: one key for every reseller). */
export const unknownDevicesQuery = () =>
  queryOptions({
    queryKey: ["unknownDevices"],
    queryFn: () => api.call(devicesApi.unknown, {}),
  });

/** One page of the positions the ingest kept apart, filtered by reason and identifier. */
export const quarantineQuery = (
  page: number,
  pageSize: number,
  reason: QuarantineReason | null,
  imei: string,
) =>
  queryOptions({
    queryKey: ["quarantine", page, reason, imei],
    queryFn: () =>
      api.call(devicesApi.quarantine, {
        query: {
          limit: pageSize,
          offset: (page - 1) * pageSize,
          ...(reason ? { reason } : {}),
          ...(imei ? { imei } : {}),
        },
      }),
  });
