import { useQuery } from "@tanstack/react-query";
import type { ReportTypeId } from "@vigia/domain";
import { useMemo } from "react";
import { useCompany, useCompanyRows } from "../../platform/company/index.ts";
import { beaconZonesQuery } from "../indoor/index.ts";

/**
 * The zone filter's choices for a visits report: the company load's geozones or POIs, or its beacon zones (not
 * part of the company load: fetched while a beacon-zone report is chosen).
 */
export function useZoneOptions(type: ReportTypeId | null): { value: string; label: string }[] {
  const { companyId } = useCompany();
  const geozones = useCompanyRows("geozones");
  const pois = useCompanyRows("pois");
  const beaconZones = useQuery({
    ...beaconZonesQuery(companyId),
    enabled: companyId !== null && type === "beaconZoneVisits",
  });
  return useMemo(() => {
    const rows =
      type === "poiVisits"
        ? pois
        : type === "beaconZoneVisits"
          ? Object.values(beaconZones.data ?? {})
          : geozones;
    return rows.map((r) => ({ value: String(r.id), label: r.name }));
  }, [type, pois, geozones, beaconZones.data]);
}
