import { useQueries } from "@tanstack/react-query";
import { isResellerOrHigher } from "@vigia/domain";
import { useSession } from "../session/session.ts";
import { resellerQueries } from "./api.ts";

/**
 * The reseller load (all GET), run once per session for reseller-level users so the
 * super-user screens open on cached data; each answer is checked by its contract.
 */
export function useResellerLoad(): { loading: boolean } {
  const { user } = useSession();
  const resellerId = user?.resellerId ?? null;
  const enabled = user !== null && isResellerOrHigher(user.role) && resellerId !== null;
  return useQueries({
    queries: Object.values(resellerQueries).map((query) => ({
      ...query(resellerId ?? 0),
      enabled,
      staleTime: Number.POSITIVE_INFINITY,
    })),
    combine: (results) => ({ loading: enabled && results.some((r) => r.isPending) }),
  });
}
