import { Anchor, Badge, Group, Paper, SimpleGrid, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { companyBadge } from "@vigia/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { cellTablesQuery, resellerOverviewQuery } from "./api.ts";

function Tile({
  title,
  to,
  testId,
  children,
}: {
  title: string;
  to: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Anchor component={Link} to={to} size="sm" fw={600}>
        {title}
      </Anchor>
      <Group gap={6} mt={6}>
        {children}
      </Group>
    </Paper>
  );
}

function Count({ value, color, label }: { value: number; color: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap" w="100%">
      <Badge variant="light" color={value > 0 ? color : "gray"} size="lg" radius="sm" miw={44}>
        {value}
      </Badge>
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/**
 * The reseller block at the top of /companies: what needs a look in the caller's reseller
 * subtree, each tile linking to the screen where it is handled.
 */
export function ResellerOverview({ resellerId }: { resellerId: number }) {
  const { t } = useTranslation();
  const overview = useQuery(resellerOverviewQuery(resellerId));
  const cells = useQuery(cellTablesQuery(resellerId));
  const o = overview.data;
  if (!o) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mb="md" data-testid="reseller-overview">
      <Tile
        title={t("resellerOverview.companies", { count: o.companies.total })}
        to="/companies"
        testId="overview-companies"
      >
        {Object.entries(o.companies.byState).map(([state, n]) => (
          <Count
            key={state}
            value={n}
            color={companyBadge(Number(state)) ?? "teal"}
            label={t(`company.state.${state}`)}
          />
        ))}
      </Tile>
      <Tile title={t("resellerOverview.licenses")} to="/companies" testId="overview-licenses">
        <Text size="sm">
          {t("resellerOverview.vehicles", {
            billable: o.licenses.vehicleBillable,
            total: o.licenses.vehicleTotal,
          })}
        </Text>
        <Text size="sm">
          {t("resellerOverview.assets", { billable: o.licenses.assetBillable, total: o.licenses.assetTotal })}
        </Text>
        <Text size="sm" data-testid="overview-licenses-used">
          {t("licences.used", { vehicles: o.licensesUsed.vehicles, assets: o.licensesUsed.assets })}
        </Text>
        <Count value={o.licensesUsed.companiesFull} color="red" label={t("licences.companiesFull")} />
        <Count value={o.licensesUsed.companiesNear} color="yellow" label={t("licences.companiesNear")} />
      </Tile>
      <Tile title={t("resellerOverview.devices")} to="/devices" testId="overview-devices">
        <Count value={o.devices.online} color="teal" label={t("resellerOverview.online")} />
        <Count value={o.devices.offline} color="orange" label={t("resellerOverview.offline")} />
        <Count value={o.devices.neverSeen} color="gray" label={t("resellerOverview.neverSeen")} />
      </Tile>
      <Tile title={t("resellerOverview.attention")} to="/devices?unknown=1" testId="overview-attention">
        <Count value={o.unknownDevices} color="yellow" label={t("resellerOverview.unknown")} />
        <Count value={o.quarantined} color="red" label={t("resellerOverview.quarantined")} />
      </Tile>
      <Tile title={t("resellerOverview.serviceRequests")} to="/ticketsAdmin" testId="overview-tickets">
        <Count value={o.openServiceRequests} color="blue" label={t("resellerOverview.open")} />
      </Tile>
      {cells.data ? (
        <Tile title={t("resellerOverview.cells")} to="/devices?unknown=1" testId="overview-cells">
          <Text size="sm">
            {t("resellerOverview.cellCounts", {
              towers: cells.data.towers,
              accessPoints: cells.data.accessPoints,
            })}
          </Text>
          <Count
            value={cells.data.unresolvedLastDay}
            color="orange"
            label={t("resellerOverview.unresolved")}
          />
        </Tile>
      ) : null}
    </SimpleGrid>
  );
}
