import { queryOptions } from "@tanstack/react-query";
import { devicesApi, resellersApi, twoFactorApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";
import { resellerQueryKey } from "../../platform/company/index.ts";

/** The reseller's overview tiles: companies by state, items, licences near or at their limit. */
export const resellerOverviewQuery = (resellerId: number) =>
  queryOptions({
    queryKey: resellerQueryKey(resellerId, "overview"),
    queryFn: () => api.call(resellersApi.overview, { params: { resellerId } }),
  });

/** The cell-tower tables the overview counts. */
export const cellTablesQuery = (resellerId: number) =>
  queryOptions({
    queryKey: resellerQueryKey(resellerId, "cells"),
    queryFn: () => api.call(devicesApi.cellTables, {}),
  });

/** Whether the reseller requires two-factor sign-in of its companies' users. */
export const resellerOtpPolicyQuery = (resellerId: number) =>
  queryOptions({
    queryKey: resellerQueryKey(resellerId, "otp-policy"),
    queryFn: () => api.call(twoFactorApi.resellerPolicy, { params: { resellerId } }),
  });
