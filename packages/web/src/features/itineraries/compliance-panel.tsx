import { Badge, Card, Group, Select, Stack, Table, Text, Title } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useQuery } from "@tanstack/react-query";
import type { Itinerary, WaypointStatus } from "@vigia/domain";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCompanyRows } from "../../platform/company/index.ts";
import { complianceQuery } from "./api.ts";

const COLOR: Record<WaypointStatus, string> = {
  pending: "gray",
  onTime: "green",
  early: "yellow",
  late: "orange",
  stayShort: "grape",
  stayLong: "grape",
  skipped: "red",
  outOfOrder: "red",
};

const clock = (minute: number | null) =>
  minute === null
    ? ""
    : `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** How a chosen vehicle followed an itinerary on a chosen day, computed on the server from that day's route. */
export function CompliancePanel({
  companyId,
  itineraries,
}: {
  companyId: number;
  itineraries: readonly Itinerary[];
}) {
  const { t } = useTranslation();
  const vehicles = useCompanyRows("vehicles");
  const persons = useCompanyRows("persons");
  const [itineraryId, setItineraryId] = useState<number | null>(null);
  // "vehicle 12" or "person 7": whose day is judged.
  const [who, setWho] = useState<string | null>(null);
  const [kind, idText] = who?.split(" ") ?? [];
  const itemId = Number(idText ?? 0);
  const [day, setDay] = useState(dayjs().format("YYYY-MM-DD"));
  const itinerary = itineraries.find((i) => i.id === itineraryId) ?? null;
  const result = useQuery({
    ...complianceQuery(companyId, itineraryId, who, kind, itemId, day),
    enabled: itineraryId !== null && who !== null && /^\d{4}-\d{2}-\d{2}$/.test(day),
  });
  const data = result.data;
  return (
    <Card withBorder data-testid="itinerary-compliance">
      <Stack gap="sm">
        <Title order={5}>{t("itineraries.compliance")}</Title>
        <Group wrap="wrap">
          <Select
            label={t("routes.itineraries")}
            data={itineraries.map((i) => ({ value: String(i.id), label: i.name }))}
            value={itineraryId ? String(itineraryId) : null}
            onChange={(v) => setItineraryId(v ? Number(v) : null)}
            searchable
          />
          <Select
            label={t("itineraryItems.item")}
            data={[
              {
                group: t("itineraries.vehicles"),
                items: vehicles.map((v) => ({ value: `vehicle ${v.id}`, label: v.name || v.plate })),
              },
              {
                group: t("itineraryItems.persons"),
                items: persons.map((p) => ({ value: `person ${p.id}`, label: p.name })),
              },
            ]}
            value={who}
            onChange={setWho}
            data-testid="compliance-item"
            searchable
          />
          {/* ISO dates like the rest of the app, not the browser's locale format of a native date field. */}
          <DatePickerInput
            label={t("itineraries.day")}
            value={day || null}
            valueFormat="YYYY-MM-DD"
            onChange={(value) => value && setDay(value)}
            data-testid="itinerary-day"
          />
        </Group>
        {data && itinerary ? (
          <>
            <Group gap="xs">
              <Badge color={data.assigned ? "blue" : "gray"} variant="light">
                {data.assigned ? t("itineraries.assigned") : t("itineraries.notAssigned")}
              </Badge>
              <Badge
                color={data.finished ? "green" : "gray"}
                variant="light"
                data-testid="itinerary-finished"
              >
                {data.finished ? t("itineraries.finished") : t("itineraries.inProgress")}
              </Badge>
            </Group>
            <Table.ScrollContainer minWidth={600}>
              <Table withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th>{t("itineraries.time")}</Table.Th>
                    <Table.Th>{t("itineraries.status")}</Table.Th>
                    <Table.Th>{t("itineraries.entered")}</Table.Th>
                    <Table.Th>{t("itineraries.left")}</Table.Th>
                    <Table.Th>{t("itineraries.stay")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.waypoints.map((w) => (
                    <Table.Tr key={w.index}>
                      <Table.Td>{w.index + 1}</Table.Td>
                      <Table.Td>{itinerary.waypoints[w.index]?.time ?? ""}</Table.Td>
                      <Table.Td>
                        <Badge color={COLOR[w.status]}>{t(`itineraries.statuses.${w.status}`)}</Badge>
                      </Table.Td>
                      <Table.Td>{clock(w.enteredAt)}</Table.Td>
                      <Table.Td>{clock(w.leftAt)}</Table.Td>
                      <Table.Td>{w.stay === null ? "" : `${w.stay} min`}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t("itineraries.pickToSee")}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
