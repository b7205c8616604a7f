import { queryOptions } from "@tanstack/react-query";
import { twoFactorApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";
import { currentEndpoint } from "../../platform/push/web-push.ts";

/** This browser's push subscription endpoint, if subscribed. */
export const pushEndpointQuery = () =>
  queryOptions({ queryKey: ["web-push-endpoint"], queryFn: currentEndpoint });

/** Whether the user's own two-step sign-in is on. */
export const twoFactorStatusQuery = () =>
  queryOptions({ queryKey: ["current-user-otp"], queryFn: () => api.call(twoFactorApi.status, {}) });
