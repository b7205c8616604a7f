import { Badge, Group, Loader, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useCompany } from "../../platform/company/index.ts";
import { placesAtQuery } from "./api.ts";

/**
 * "Inside geozone X" for an item detail panel: the geozones containing the position and the POIs within their
 * radius, from GET places/at. Positions are rounded to ~10 m so a slowly moving item does not refetch every fix.
 */
export function InsideZones({ lat, lng }: { lat: number; lng: number }) {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  const rlat = Math.round(lat * 1e4) / 1e4;
  const rlng = Math.round(lng * 1e4) / 1e4;
  const { data, isPending } = useQuery(placesAtQuery(companyId, rlat, rlng));
  if (isPending) return <Loader size="xs" />;
  if (!data || (data.geozones.length === 0 && data.pois.length === 0))
    return (
      <Text size="sm" c="dimmed" data-testid="inside-zones">
        {t("places.inside.none")}
      </Text>
    );
  return (
    <Group gap={4} data-testid="inside-zones">
      {data.geozones.map((g) => (
        <Badge key={`g${g.id}`} variant="light" color="blue" title={t("places.inside.geozone")}>
          {g.name}
        </Badge>
      ))}
      {data.pois.map((p) => (
        <Badge key={`p${p.id}`} variant="light" color="grape" title={t("places.inside.poi")}>
          {p.name} · {p.distanceM} m
        </Badge>
      ))}
    </Group>
  );
}
