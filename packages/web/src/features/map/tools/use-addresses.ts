import { liveApi } from "@vigia/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../platform/api/instance.ts";
import { addressKey, missingPoints } from "./address-key.ts";

/** Addresses already answered in this session: the geocoder is asked once per place and language. */
const cache = new Map<string, string>();
const cachedKeys = new Set<string>();

/**
 * The addresses of the given points (lazy: asked in one bounded batch when the list changes, cached),
 * read with `addressOf`; undefined while unknown, so callers show the coordinates meanwhile.
 */
export function useAddresses(companyId: number, points: readonly { lat: number; lng: number }[]) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [, setVersion] = useState(0);
  useEffect(() => {
    const missing = missingPoints(points, cachedKeys, lang);
    if (missing.length === 0) return;
    let alive = true;
    void api
      .call(
        liveApi.addresses,
        {
          params: { companyId },
          query: { lang },
          body: missing.map((p) => ({ lat: p.lat, lng: p.lng })),
        },
        { quiet: true },
      )
      .then((answers) => {
        missing.forEach((p, i) => {
          const key = addressKey(p.lat, p.lng, lang);
          const address = answers[i]?.address;
          if (address) cache.set(key, address);
          cachedKeys.add(key);
        });
        if (alive) setVersion((v) => v + 1);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [companyId, points, lang]);
  return (lat: number, lng: number): string | undefined => cache.get(addressKey(lat, lng, lang));
}
