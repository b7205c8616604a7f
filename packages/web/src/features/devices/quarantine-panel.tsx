import {
  ActionIcon,
  Badge,
  Code,
  Group,
  Pagination,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  QUARANTINE_REASONS,
  type QuarantinedFrame,
  type QuarantineReason,
  quarantineReasonSchema,
} from "@vigia/domain";
import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { quarantineQuery } from "./api.ts";

const PAGE = 50;

/**
 * Positions the ingest kept apart instead of storing them, beside the unknown devices: when, which
 * device, why, and the frame as the device sent it (opened per row). Paged on the server: the list can be long.
 */
export function QuarantinePanel({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const { timezone } = useTimezone();
  const [page, setPage] = useState(1);
  const [reason, setReason] = useState<QuarantineReason | null>(null);
  const [imei, setImei] = useState("");
  const [debouncedImei] = useDebouncedValue(imei.trim(), 300);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const list = useQuery({
    ...quarantineQuery(page, PAGE, reason, debouncedImei),
    enabled: active,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE));
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Stack gap="sm" data-testid="quarantine-panel">
      <Text size="sm" c="dimmed">
        {t("quarantine.intro")}
      </Text>
      <Group gap="sm" align="flex-end">
        <TextInput
          label={t("devices.imei")}
          value={imei}
          onChange={(e) => {
            setImei(e.currentTarget.value);
            setPage(1);
          }}
          w={220}
        />
        <Select
          label={t("quarantine.reason")}
          placeholder={t("quarantine.allReasons")}
          data={QUARANTINE_REASONS.map((r) => ({ value: r, label: t(`quarantine.reasons.${r}`) }))}
          value={reason}
          onChange={(v) => {
            const parsed = quarantineReasonSchema.safeParse(v);
            setReason(parsed.success ? parsed.data : null);
            setPage(1);
          }}
          clearable
          w={280}
        />
        <Text size="sm" c="dimmed" ml="auto">
          {t("quarantine.total", { count: list.data?.total ?? 0 })}
        </Text>
      </Group>
      <ScrollArea h={380}>
        <Table striped highlightOnHover stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36} />
              <Table.Th>{t("quarantine.received")}</Table.Th>
              <Table.Th>{t("devices.imei")}</Table.Th>
              <Table.Th>{t("quarantine.company")}</Table.Th>
              <Table.Th>{t("quarantine.protocol")}</Table.Th>
              <Table.Th>{t("quarantine.reason")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    {list.isPending && active ? "…" : t("quarantine.empty")}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {rows.map((row) => (
              <Fragment key={row.id}>
                <Table.Tr data-testid="quarantine-row">
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={open.has(row.id) ? t("quarantine.hide") : t("quarantine.show")}
                      onClick={() => toggle(row.id)}
                    >
                      {open.has(row.id) ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td>{formatDateTime(row.receivedTs, timezone)}</Table.Td>
                  <Table.Td>{row.imei}</Table.Td>
                  <Table.Td>{row.companyName ?? "–"}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light">
                      {row.protocol}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" color={row.reason === "database" ? "red" : "orange"} variant="light">
                      {t(`quarantine.reasons.${row.reason}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
                {open.has(row.id) ? (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <FrameDetails row={row} />
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" /> : null}
    </Stack>
  );
}

/** The error, the frame as received and the decoded position of one quarantined row. */
function FrameDetails({ row }: { row: QuarantinedFrame }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="quarantine-details">
      {row.error ? (
        <Text size="sm">
          <b>{t("quarantine.error")}:</b> {row.error}
        </Text>
      ) : null}
      <Text size="sm" fw={600}>
        {t("quarantine.frame")}
        {row.rawFormat ? ` (${row.rawFormat})` : ""}
      </Text>
      {row.raw ? (
        <Code
          block
          style={{ whiteSpace: "pre-wrap", wordBreak: "break-all", maxHeight: 160, overflow: "auto" }}
        >
          {row.raw}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          {t("quarantine.noFrame")}
        </Text>
      )}
      {row.position ? (
        <>
          <Text size="sm" fw={600}>
            {t("quarantine.position")}
          </Text>
          <Code block style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
            {JSON.stringify(row.position)}
          </Code>
        </>
      ) : null}
    </Stack>
  );
}
