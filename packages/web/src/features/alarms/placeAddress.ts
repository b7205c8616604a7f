import { useQuery } from "@tanstack/react-query";
import { liveApi } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { api } from "../../platform/api/instance.ts";

/**
 * The readable address of a notice's position (street and number from the server's own address tables when it
 * has them), asked once per place and language and kept for the session: a notice's place never moves. Null
 * while it is being asked, without a position, or when the server cannot say.
 */
export function usePlaceAddress(companyId: number, pos: { lat: number; lng: number } | null): string | null {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const query = useQuery({
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
  return query.data ?? null;
}
