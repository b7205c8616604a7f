import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { placeAddressQuery } from "./api.ts";

/**
 * The readable address of a notice's position (street and number from the server's own address tables when it
 * has them), asked once per place and language and kept for the session: a notice's place never moves. Null
 * while it is being asked, without a position, or when the server cannot say.
 */
export function usePlaceAddress(companyId: number, pos: { lat: number; lng: number } | null): string | null {
  const { i18n } = useTranslation();
  const query = useQuery(placeAddressQuery(companyId, i18n.language, pos));
  return query.data ?? null;
}
