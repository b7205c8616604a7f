import { useQueries } from "@tanstack/react-query";
import { isResellerOrHigher, resellerLoad } from "@vigia/domain";
import { api } from "../api/instance.ts";
import { useSession } from "../session/session.ts";

/** Query key of one reseller-load call; the reseller screens of later issues read the same keys. */
export const resellerQueryKey = (resellerId: number, name: string) => ["reseller", resellerId, name] as const;

/** One call per reseller-load entry; the calls of one subtree get the reseller's id. */
const LOAD: Record<keyof typeof resellerLoad, (resellerId: number) => Promise<unknown>> = {
  resellers: () => api.call(resellerLoad.resellers, {}),
  companies: (resellerId) => api.call(resellerLoad.companies, { params: { resellerId } }),
  ticketInputs: (resellerId) => api.call(resellerLoad.ticketInputs, { params: { resellerId } }),
  userInputs: () => api.call(resellerLoad.userInputs, {}),
  trackerInputs: (resellerId) => api.call(resellerLoad.trackerInputs, { params: { resellerId } }),
  timezones: () => api.call(resellerLoad.timezones, {}),
  cras: (resellerId) => api.call(resellerLoad.cras, { params: { resellerId } }),
  states: () => api.call(resellerLoad.states, {}),
  supports: (resellerId) => api.call(resellerLoad.supports, { params: { resellerId } }),
};

/**
 * The reseller load (all GET), run once per session for reseller-level users so the
 * super-user screens open on cached data; each answer is checked by its contract.
 */
export function useResellerLoad(): { loading: boolean } {
  const { user } = useSession();
  const resellerId = user?.resellerId ?? null;
  const enabled = user !== null && isResellerOrHigher(user.role) && resellerId !== null;
  return useQueries({
    queries: Object.entries(LOAD).map(([name, load]) => ({
      queryKey: resellerQueryKey(resellerId ?? 0, name),
      queryFn: () => load(resellerId ?? 0),
      enabled,
      staleTime: Number.POSITIVE_INFINITY,
    })),
    combine: (results) => ({ loading: enabled && results.some((r) => r.isPending) }),
  });
}
