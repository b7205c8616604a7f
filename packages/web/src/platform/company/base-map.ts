import { useQuery } from "@tanstack/react-query";
import type { MapProvider } from "@vigia/domain";
import { useMemo } from "react";
import { useSession } from "../session/session.ts";
import { mapProvidersQuery } from "./api.ts";
import { useCompany } from "./company.ts";

/** The base map a map shows: what `kit/map/base-maps.ts` draws under the overlays. */
export interface BaseMapChoice {
  /** The site's raster tiles pattern (login answer), used by the "osm" provider. */
  tilesUrl: string | null;
  /** The company's provider (or the deployment's default); null while the offered ones are not known yet. */
  provider: MapProvider | null;
}

/** The base maps the deployment offers (read once per session: they change only with the server's config). */
export function useMapProviders(): MapProvider[] | undefined {
  return useQuery(mapProvidersQuery()).data;
}

/**
 * The provider a company's `conf.general.mapProvider` names; when it names none that is offered (never chosen,
 * an archive removed, a tile server no longer named), the one its brand names (`brandDefault`), else the
 * deployment's default. Pure.
 */
export function pickProvider(
  providers: MapProvider[],
  chosen: unknown,
  brandDefault = "",
): MapProvider | null {
  const offered = (id: unknown) => (typeof id === "string" ? providers.find((p) => p.id === id) : undefined);
  return (
    offered(chosen) ?? offered(brandDefault) ?? providers.find((p) => p.isDefault) ?? providers[0] ?? null
  );
}

/** The current company's base map (its own choice, else its brand's), for `applyBaseMap`. */
export function useBaseMap(): BaseMapChoice {
  const { storage, site } = useSession();
  const { info } = useCompany();
  const providers = useMapProviders();
  const chosen = info?.conf.general.mapProvider;
  const brandDefault = site.mapProvider;
  return useMemo(
    () => ({
      tilesUrl: storage.readTilesUrl(),
      provider: providers ? pickProvider(providers, chosen, brandDefault) : null,
    }),
    [storage, providers, chosen, brandDefault],
  );
}
