import { queryOptions } from "@tanstack/react-query";
import { apiKeysApi, devicesApi, forwardingApi, twoFactorApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** Whether every user of the company must sign in with an authenticator code. */
export const otpPolicyQuery = (companyId: number) =>
  queryOptions({
    queryKey: ["otp-policy", companyId],
    queryFn: () => api.call(twoFactorApi.companyPolicy, { params: { companyId } }),
  });

/** Whether every device of the company whose protocol can carry a key must present one. */
export const deviceKeyPolicyQuery = (companyId: number) =>
  queryOptions({
    queryKey: ["device-key-policy", companyId],
    queryFn: () => api.call(devicesApi.keyPolicy, { params: { companyId } }),
  });

/** The company's API keys. */
export const apiKeysQuery = (companyId: number) =>
  queryOptions({
    queryKey: ["apikeys", companyId],
    queryFn: () => api.call(apiKeysApi.list, { params: { companyId } }),
  });

/** The company's forwarding targets with their delivery state. */
export const forwardingQuery = (companyId: number) =>
  queryOptions({
    queryKey: ["forwarding", companyId],
    queryFn: () => api.call(forwardingApi.list, { params: { companyId } }),
  });
