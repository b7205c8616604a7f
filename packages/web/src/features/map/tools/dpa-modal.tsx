import { Alert, Badge, Group, List, Loader, Modal, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { DpaInfo } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../platform/api/client.ts";
import { apiErrorText } from "../../../platform/api/error-text.ts";
import { dpaQuery } from "../api.ts";
import type { MapToolProps } from "./types.ts";

const KINDS = ["vehicles", "assets", "persons", "drivers"] as const;

/**
 * DPA limits info: what the company's data-protection settings mean for the signed-in user: how long
 * positions are kept, what this user may see, which persons are tracked only in working hours, sign-in limits.
 */
export function DpaModal({ companyId, onClose }: MapToolProps) {
  const { t } = useTranslation();
  const dpa = useQuery(dpaQuery(companyId));
  return (
    <Modal opened onClose={onClose} title={t("maptools.dpa.title")} size="lg">
      {dpa.isPending && <Loader size="sm" />}
      {dpa.error && (
        <Alert color="red">
          {dpa.error instanceof ApiError ? apiErrorText(dpa.error, t) : String(dpa.error)}
        </Alert>
      )}
      {dpa.data && <DpaBody dpa={dpa.data} />}
    </Modal>
  );
}

function DpaBody({ dpa }: { dpa: DpaInfo }) {
  const { t } = useTranslation();
  const limit = (r: DpaInfo["restrictions"]["company"]) =>
    [
      r.timeRange ? t("maptools.dpa.hours", { from: r.timeRange.from, to: r.timeRange.to }) : null,
      r.ip ? t("maptools.dpa.ip", { ip: r.ip }) : null,
    ]
      .filter((x) => x !== null)
      .join(" · ") || t("maptools.dpa.noLimit");
  return (
    <Stack gap="md" data-testid="dpa-info">
      <Alert color="blue" title={t("maptools.dpa.retentionTitle")}>
        {t("maptools.dpa.retention", { count: dpa.retentionDays })}
      </Alert>
      <div>
        <Title order={6} mb={4}>
          {t("maptools.dpa.you")}
        </Title>
        <Group gap="xs">
          <Badge variant="light">{t(`roles.${dpa.role}`)}</Badge>
          {dpa.readOnly && (
            <Badge variant="light" color="gray">
              {t("maptools.dpa.readOnly")}
            </Badge>
          )}
        </Group>
        <Text size="sm" mt={6}>
          {dpa.groups === null
            ? t("maptools.dpa.allGroups")
            : t("maptools.dpa.someGroups", { groups: dpa.groups.map((g) => g.name).join(", ") || "–" })}
        </Text>
      </div>
      <Table fz="sm" withTableBorder data-testid="dpa-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("maptools.dpa.itemType")}</Table.Th>
            <Table.Th ta="right">{t("maptools.dpa.visible")}</Table.Th>
            <Table.Th ta="right">{t("maptools.dpa.total")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {KINDS.map((kind) => (
            <Table.Tr key={kind}>
              <Table.Td>{t(`maptools.dpa.kinds.${kind}`)}</Table.Td>
              <Table.Td ta="right">{dpa.items[kind].visible}</Table.Td>
              <Table.Td ta="right">{dpa.items[kind].total}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <div>
        <Title order={6} mb={4}>
          {t("maptools.dpa.personsTitle")}
        </Title>
        {dpa.personTimetables.length === 0 ? (
          <Text size="sm">{t("maptools.dpa.noTimetables")}</Text>
        ) : (
          <List size="sm" spacing={4}>
            {dpa.personTimetables.map((w) => (
              <List.Item key={w.id}>
                {t("maptools.dpa.timetable", {
                  name: w.name,
                  timezone: w.timezone,
                  persons: w.persons.join(", "),
                })}
              </List.Item>
            ))}
          </List>
        )}
        <Text size="sm" c="dimmed" mt={4}>
          {t("maptools.dpa.alwaysTracked", { count: dpa.personsAlwaysTracked })}
        </Text>
      </div>
      <div>
        <Title order={6} mb={4}>
          {t("maptools.dpa.signIn")}
        </Title>
        <Text size="sm">{t("maptools.dpa.companyLimit", { limit: limit(dpa.restrictions.company) })}</Text>
        <Text size="sm">{t("maptools.dpa.userLimit", { limit: limit(dpa.restrictions.user) })}</Text>
        <Text size="sm">
          {dpa.passwordExpirationDays === null
            ? t("maptools.dpa.passwordNever")
            : t("maptools.dpa.passwordDays", { count: dpa.passwordExpirationDays })}
        </Text>
      </div>
    </Stack>
  );
}
