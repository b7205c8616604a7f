import { queryOptions } from "@tanstack/react-query";
import { liveApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/**
 * The readable address of a position in a language, asked once per place and kept for the session: a notice's
 * place never moves. Disabled without a position.
 */
export const placeAddressQuery = (
  companyId: number,
  lang: string,
  pos: { lat: number; lng: number } | null,
) =>
  queryOptions({
    queryKey: ["address", companyId, lang, pos?.lat.toFixed(5), pos?.lng.toFixed(5)],
    queryFn: async () =>
      (
        await api.call(
          liveApi.address,
          { params: { companyId }, query: { lat: pos?.lat ?? 0, lng: pos?.lng ?? 0, lang } },
          { quiet: true },
        )
      ).address,
    enabled: pos !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
