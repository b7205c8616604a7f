import {
  Badge,
  Button,
  Checkbox,
  Drawer,
  Group,
  LoadingOverlay,
  Menu,
  Pagination,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconDownload, IconEdit, IconEye, IconMapPin, IconSearch } from "@tabler/icons-react";
import { ALARM_PRIORITY_COLOR, type AlarmLog, alarmsApi, allows } from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { RangePicker } from "../../kit/pickers/range-picker.tsx";
import {
  buildExport,
  csvSeparator,
  downloadFile,
  type ExportFormat,
  exportCreatedAt,
  PageSizeSelect,
} from "../../kit/table/index.ts";
import { useAtom } from "../../platform/live/atom.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { useSession } from "../../platform/session/session.ts";
import classes from "./alarms.module.css";
import { center, loadLogs, markSeen, openModal, openPanel } from "./center.ts";
import { formatSpan } from "./episode-span.ts";
import { DEFAULT_SORT, nextSort, type Sort, type SortKey, stateCounts, visibleLogs } from "./logic.ts";
import { StateForm } from "./state-form.tsx";

const STATE_COLOR = { 0: "red", 1: "yellow", 2: "green" } as const;

export function StateBadge({ value }: { value: 0 | 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATE_COLOR[value]}
      variant="light"
      size="sm"
      styles={{ root: { overflow: "visible" }, label: { overflow: "visible" } }}
    >
      {t(`alarms.state.${value}`)}
    </Badge>
  );
}

/** The right-hand notices panel */
export function AlarmPanel({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation();
  const { user, site } = useSession();
  const { timezone } = useTimezone();
  const state = useAtom(center);
  const [states, setStates] = useState<ReadonlySet<number>>(new Set([0, 1, 2]));
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [size, setSize] = useState(50);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulkOpen, setBulkOpen] = useState(false);
  const readOnly = !allows(alarmsApi.setNoticeState.access, user);

  const eventText = useMemo(
    () => (log: AlarmLog) => t(`alarms.events.${log.data.event}`, { defaultValue: log.data.event }),
    [t],
  );
  const all = useMemo(() => [...state.logs.values()], [state.logs]);
  const counts = stateCounts(all);
  const shown = useMemo(
    () => visibleLogs(all, { states, search: debounced, sort, eventText }),
    [all, states, debounced, sort, eventText],
  );
  const pages = Math.max(1, Math.ceil(shown.length / size));
  const current = Math.min(page, pages);
  const rows = shown.slice((current - 1) * size, current * size);
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const header = (key: SortKey, label: string) => (
    <Table.Th
      style={{ cursor: "pointer", whiteSpace: "nowrap" }}
      onClick={() => setSort(nextSort(sort, key))}
    >
      {label} {sort.key === key ? (sort.dir === "asc" ? "▲" : "▼") : ""}
    </Table.Th>
  );

  const exportAs = async (format: ExportFormat) => {
    try {
      const file = await buildExport(format, {
        name: "alarms",
        title: t("alarms.title"),
        sitename: site.sitename,
        logoUrl: site.logoUrl || "/logo.svg",
        dateRange: `${formatDateTime(state.range.from, timezone)} - ${formatDateTime(state.range.to, timezone)}`,
        createdAt: exportCreatedAt(Date.now(), timezone),
        csvSeparator: csvSeparator(i18n.language),
        header: [
          t("alarms.col.date"),
          t("alarms.col.name"),
          t("alarms.col.event"),
          t("alarms.col.item"),
          t("alarms.col.state"),
          t("alarms.col.priority"),
        ],
        body: shown.map((l) => [
          formatDateTime(l.ts, timezone, true),
          l.info.name,
          `${eventText(l)}${l.data.text ? ` (${l.data.text})` : ""}`,
          l.itemName,
          t(`alarms.state.${l.state.current.value}`),
          t(`alarms.priority.${l.info.priority}`),
        ]),
        labels: { dateRange: t("alarms.range"), created: t("alarms.created") },
      });
      // The spec names the alarm export just "alarms".
      downloadFile({ ...file, fileName: `alarms.${format}` });
    } catch {
      window.alert(t("alarms.generalError"));
    }
  };

  return (
    <Drawer
      opened={state.panelOpen}
      onClose={() => openPanel(false)}
      position="right"
      size="xl"
      title={t("alarms.title")}
      data-testid="alarm-panel"
    >
      <Stack gap="sm" pos="relative">
        <LoadingOverlay visible={state.loading} />
        <RangePicker
          initial={state.range}
          onShow={(range) => void loadLogs(companyId, range).catch(() => undefined)}
        />
        <Group gap="md">
          {([0, 1, 2] as const).map((v) => (
            <Checkbox
              key={v}
              label={`${t(`alarms.state.${v}`)} (${counts[v]})`}
              checked={states.has(v)}
              data-testid={`alarm-state-${v}`}
              onChange={() =>
                setStates((s) => {
                  const next = new Set(s);
                  if (next.has(v)) next.delete(v);
                  else next.add(v);
                  return next;
                })
              }
            />
          ))}
        </Group>
        <Group justify="space-between" gap="xs">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t("alarms.search")}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          {!readOnly ? (
            <Button
              leftSection={<IconEdit size={16} />}
              disabled={selected.size === 0}
              onClick={() => setBulkOpen(true)}
              data-testid="alarm-bulk-edit"
            >
              {t("alarms.bulkEdit")}
            </Button>
          ) : null}
          <Button
            variant="default"
            leftSection={<IconEye size={16} />}
            disabled={selected.size === 0}
            onClick={() => void markSeen(companyId, [...selected]).catch(() => undefined)}
          >
            {t("alarms.markSeen")}
          </Button>
          <Menu>
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} />}>
                {t("alarms.export")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {(["xlsx", "csv", "pdf"] as const).map((f) => (
                <Menu.Item key={f} onClick={() => setTimeout(() => void exportAs(f), 200)}>
                  {t(`table.format.${f}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
        <ScrollArea h="calc(100vh - 330px)">
          <Table striped highlightOnHover stickyHeader data-testid="alarm-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>
                  <Checkbox
                    aria-label={t("alarms.selectAll")}
                    checked={allOnPage}
                    onChange={() =>
                      setSelected((s) => {
                        const next = new Set(s);
                        for (const r of rows)
                          if (allOnPage) next.delete(r.id);
                          else next.add(r.id);
                        return next;
                      })
                    }
                  />
                </Table.Th>
                {header("ts", t("alarms.col.date"))}
                {header("name", t("alarms.col.name"))}
                {header("event", t("alarms.col.event"))}
                {header("item", t("alarms.col.item"))}
                {header("state", t("alarms.col.state"))}
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => (
                <Table.Tr
                  key={l.id}
                  className={classes.row}
                  fw={l.seen ? undefined : 700}
                  data-testid="alarm-row"
                >
                  <Table.Td>
                    <Checkbox
                      aria-label={String(l.id)}
                      checked={selected.has(l.id)}
                      onChange={() => toggle(l.id)}
                    />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }} onClick={() => openModal(l.id)}>
                    {formatDateTime(l.ts, timezone, true)}
                    {l.late ? (
                      <Badge
                        ml={6}
                        size="xs"
                        variant="light"
                        color="gray"
                        title={t("alarms.bufferedTitle")}
                        data-testid="alarm-buffered"
                      >
                        {l.receptionTs > l.ts
                          ? t("alarms.buffered", { delay: formatSpan(l.receptionTs - l.ts) })
                          : t("alarms.bufferedTag")}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td onClick={() => openModal(l.id)}>
                    <Group gap={6} wrap="nowrap">
                      <Badge circle size="xs" color={ALARM_PRIORITY_COLOR[l.info.priority] ?? "gray"} />
                      {l.info.name}
                    </Group>
                  </Table.Td>
                  <Table.Td onClick={() => openModal(l.id)}>
                    {eventText(l)}
                    {l.data.text ? <Text span c="dimmed" size="xs">{` ${l.data.text}`}</Text> : null}
                  </Table.Td>
                  <Table.Td onClick={() => openModal(l.id)}>{l.itemName}</Table.Td>
                  <Table.Td>
                    <StateBadge value={l.state.current.value} />
                  </Table.Td>
                  <Table.Td>
                    <IconMapPin
                      size={16}
                      style={{ cursor: "pointer" }}
                      onClick={() => openModal(l.id)}
                      aria-label={t("alarms.position")}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {rows.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {t("alarms.empty")}
            </Text>
          ) : null}
        </ScrollArea>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t("alarms.total", { count: shown.length })}
          </Text>
          <Group gap="xs">
            <PageSizeSelect value={size} onChange={setSize} />
            <Pagination total={pages} value={current} onChange={setPage} size="sm" />
          </Group>
        </Group>
      </Stack>
      <StateForm
        opened={bulkOpen}
        companyId={companyId}
        ids={[...selected]}
        currentValue={null}
        onClose={(done) => {
          setBulkOpen(false);
          if (done) setSelected(new Set());
        }}
      />
    </Drawer>
  );
}
