import { Alert, Badge, Card, Grid, Group, Paper, ScrollArea, Stack, Table, Text, Title } from "@mantine/core";
import { IconMapPin, IconTicket } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { allows, type Incident, ITEM_TYPE, ticketsApi } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { formatDateTime } from "../../kit/format/date.ts";
import { type DataColumn, DataTable, type RowAction } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany } from "../../platform/company/index.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { useUser } from "../../platform/session/session.ts";
import { openAlarmPosition } from "../alarms/index.ts";
import { TicketForm } from "../tickets/index.ts";
import { incidentsQuery } from "./api.ts";
import { incidentTicketDraft } from "./incident-ticket.ts";
import { INCIDENT_COLORS, IncidentsMap } from "./incidents-map.tsx";
import { presetRange } from "./period.ts";
import { PeriodBar, type PeriodChoice } from "./period-bar.tsx";

/** /incidents: crashes, panics, harsh driving, speeding and high-priority alarms of a period, on a map and a table. */
export function IncidentsPage() {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  const { timezone } = useTimezone();
  const [selected, setSelected] = useState<string | null>(null);
  const [ticketFor, setTicketFor] = useState<Incident | null>(null);
  const navigate = useNavigate();
  const writesTickets = allows(ticketsApi.fromIncident.access, useUser());
  const [period, setPeriod] = useState<PeriodChoice>(() => ({
    ...presetRange("week", Date.now(), timezone),
    groupIds: [],
  }));
  const query = useQuery(incidentsQuery(companyId, period));
  const data = query.data;
  const kindLabel = (kind: Incident["kind"]) => t(`insights.kinds.${kind}`);
  const columns: DataColumn<Incident>[] = [
    { key: "ts", header: t("insights.col.date"), value: (r) => formatDateTime(r.ts, timezone, true) },
    {
      key: "kind",
      header: t("insights.col.kind"),
      value: (r) => kindLabel(r.kind),
      render: (r) => (
        <Badge color={INCIDENT_COLORS[r.kind]} variant="light">
          {kindLabel(r.kind)}
        </Badge>
      ),
    },
    { key: "item", header: t("insights.col.item"), value: (r) => r.itemName },
    { key: "driver", header: t("insights.col.driver"), value: (r) => r.driverName ?? "" },
    { key: "speed", header: t("insights.col.speed"), value: (r) => r.speed },
    { key: "text", header: t("insights.col.detail"), value: (r) => (r.kind === "alarm" ? r.text : "") },
    {
      key: "ticket",
      header: t("insights.col.ticket"),
      value: (r) => (r.ticketId === null ? "" : `#${r.ticketId}`),
    },
  ];
  const actions: RowAction<Incident>[] = [
    {
      key: "position",
      label: t("insights.showPosition"),
      icon: <IconMapPin size={16} />,
      onClick: (r) => {
        setSelected(r.key);
        if (r.alarmLogId !== null && companyId !== null)
          return openAlarmPosition(companyId, r.alarmLogId, period);
        return undefined;
      },
    },
    {
      key: "openTicket",
      label: t("insights.openTicket"),
      icon: <IconTicket size={16} />,
      visible: (r) => r.ticketId === null && writesTickets,
      onClick: (r) => setTicketFor(r),
    },
    {
      key: "showTicket",
      label: t("insights.showTicket"),
      icon: <IconTicket size={16} color="var(--mantine-color-teal-6)" />,
      visible: (r) => r.ticketId !== null,
      onClick: (r) => navigate(`/tickets?open=${r.ticketId}`),
    },
  ];
  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={3}>{t("routes.incidents")}</Title>
        <PeriodBar value={period} onChange={setPeriod} />
      </Group>
      {data?.truncated ? <Alert color="yellow">{t("insights.truncated")}</Alert> : null}
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder style={{ position: "relative", height: 380 }}>
            <IncidentsMap incidents={data?.incidents ?? []} selected={selected} onSelect={setSelected} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            <Group gap={6} data-testid="incident-kinds">
              {Object.entries(data?.byKind ?? {}).map(([kind, count]) => (
                <Badge key={kind} color={INCIDENT_COLORS[kind as Incident["kind"]] ?? "gray"} variant="light">
                  {t(`insights.kinds.${kind}`)}: {count}
                </Badge>
              ))}
            </Group>
            <Counts
              title={t("insights.perItem")}
              rows={(data?.byItem ?? []).map((r) => ({
                key: `${r.itemType}:${r.itemId}`,
                name: r.name,
                count: r.count,
              }))}
            />
            <Counts
              title={t("insights.perDriver")}
              rows={(data?.byDriver ?? []).map((r) => ({
                key: String(r.driverId),
                name: r.name,
                count: r.count,
              }))}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <DataTable
        name="incidents"
        title={t("routes.incidents")}
        rows={data?.incidents ?? []}
        rowKey={(r) => r.key}
        columns={columns}
        actions={actions}
        loading={query.isPending}
        initialSort={{ key: "ts", dir: "desc" }}
        height={400}
      />
      {ticketFor && companyId !== null ? (
        <TicketForm
          ticket={null}
          prefill={{
            ...incidentTicketDraft(ticketFor, t, timezone),
            type: "incident",
            priority: "high",
            linkKind:
              ticketFor.itemType === ITEM_TYPE.vehicle
                ? "vehicle"
                : ticketFor.itemType === ITEM_TYPE.asset
                  ? "asset"
                  : "person",
            linkId: ticketFor.itemId,
            alarmLogId: ticketFor.alarmLogId,
          }}
          create={(body) =>
            api.call(
              ticketsApi.fromIncident,
              {
                params: { companyId },
                body: {
                  key: ticketFor.key,
                  type: body.type,
                  title: body.title,
                  description: body.description,
                  priority: body.priority,
                  assigneeId: body.assigneeId,
                },
              },
              { quiet: true },
            )
          }
          onClose={() => setTicketFor(null)}
          onSaved={() => void query.refetch()}
        />
      ) : null}
    </Stack>
  );
}

function Counts({ title, rows }: { title: string; rows: { key: string; name: string; count: number }[] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xs">
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      {rows.length ? (
        <ScrollArea.Autosize mah={130}>
          <Table>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td ta="right">{r.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      ) : (
        <Text size="sm" c="dimmed">
          {t("insights.noData")}
        </Text>
      )}
    </Card>
  );
}
