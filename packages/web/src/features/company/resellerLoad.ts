import { useQueries } from "@tanstack/react-query";
import { companySummarySchema, isResellerOrHigher, resellerLoadPaths } from "@vigia/domain";
import { z } from "zod";
import { api } from "../../platform/api/instance.ts";
import { useSession } from "../../platform/session/session.ts";

/** Query key of one reseller-load call; the reseller screens of later issues read the same keys. */
export const resellerQueryKey = (resellerId: number, name: string) => ["reseller", resellerId, name] as const;

/** GET resellers/id/{rid}/companies: an object keyed by company id. */
export const resellerCompaniesSchema = z.record(z.string(), companySummarySchema);

/**
 * The reseller load of spec 01 §7 (all GET), run once per session for reseller-level users so the
 * super-user screens open on cached data.
 */
export function useResellerLoad(): { loading: boolean } {
  const { user } = useSession();
  const resellerId = user?.resellerId ?? null;
  const enabled = user !== null && isResellerOrHigher(user.role) && resellerId !== null;
  const paths = Object.entries(resellerLoadPaths(resellerId ?? 0));
  return useQueries({
    queries: paths.map(([name, path]) => ({
      queryKey: resellerQueryKey(resellerId ?? 0, name),
      // The companies entry shares its cache key with the companies screen, so it is validated the same way.
      queryFn: () =>
        name === "companies" ? api.get(path, { schema: resellerCompaniesSchema }) : api.get<unknown>(path),
      enabled,
      staleTime: Number.POSITIVE_INFINITY,
    })),
    combine: (results) => ({ loading: enabled && results.some((r) => r.isPending) }),
  });
}
