import {
  ActionIcon,
  Badge,
  Group,
  MultiSelect,
  Paper,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { IconChevronLeft, IconListDetails, IconSearch } from "@tabler/icons-react";
import { FLEET_STATUSES, type FleetStatus, type ItemKey, shownSpeedKmh } from "@vigia/domain";
import { type CSSProperties, type UIEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatAge } from "../../kit/format/age.ts";
import { type LiveKey, liveItems, motionClass } from "../../platform/live/store.ts";
import { type Catalog, type CatalogItem, matchesList, shownSub } from "./catalog.ts";
import { type DriverListRow, driverListRows } from "./driver-markers.ts";
import { statusCounts } from "./fleet-status-filter.ts";
import { useLiveVersion, useNow } from "./hooks.ts";
import { MOTION_COLORS } from "./symbols.ts";
import { windowRange } from "./windowing.ts";

const ROW_HEIGHT = 46;

interface Props {
  catalog: Catalog;
  kinds: Readonly<Record<ItemKey, boolean>>;
  allowed: Set<number> | null;
  groupIds: number[];
  onGroupsChange(ids: number[]): void;
  selected: LiveKey | null;
  onSelect(key: LiveKey): void;
  /** The drivers filter of the map: drivers are listed after the items. */
  showDrivers: boolean;
  selectedDriver: number | null;
  onSelectDriver(driverId: number): void;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Left overlay: search, group selection and a windowed list of the company's items. */
export function ItemListPanel({
  catalog,
  kinds,
  allowed,
  groupIds,
  onGroupsChange,
  selected,
  onSelect,
  showDrivers,
  selectedDriver,
  onSelectDriver,
  open,
  onOpenChange,
}: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<FleetStatus | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(400);
  const scroller = useRef<HTMLDivElement | null>(null);
  useLiveVersion(); // rows show live motion and speed
  const now = useNow(); // and the age of each last position

  const needle = search.trim().toLowerCase();
  const rows = useMemo(
    () =>
      catalog.ordered.filter((entry) =>
        matchesList(entry, liveItems.items.get(entry.key)?.groupId ?? entry.groupId, kinds, allowed, needle),
      ),
    [catalog, kinds, allowed, needle],
  );

  // The scroller only exists while the panel is open, so measure again when it opens.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setViewport(el.clientHeight || 400);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [open]);

  const groupOptions = useMemo(
    () => catalog.groups.map((g) => ({ value: String(g.id), label: g.name })),
    [catalog.groups],
  );

  if (!open)
    return (
      <Paper shadow="md" p={6} style={{ position: "absolute", top: 12, left: 12, zIndex: 2 }}>
        <Tooltip label={t("map.list.show")}>
          <ActionIcon
            variant="subtle"
            onClick={() => onOpenChange(true)}
            aria-label={t("map.list.show")}
            data-testid="map-list-open"
          >
            <IconListDetails size={20} />
          </ActionIcon>
        </Tooltip>
      </Paper>
    );

  // Counts over what the search and groups leave; the status filter then narrows the rows.
  const { counts, rows: shownItems } = statusCounts(rows, (key) => liveItems.items.get(key), status);
  // Drivers count in the status of what carries them, like the items beside them.
  const allDrivers = showDrivers ? driverListRows(liveItems.items, catalog, allowed, needle, null) : [];
  for (const row of allDrivers) counts[row.status]++;
  const drivers = status === null ? allDrivers : allDrivers.filter((row) => row.status === status);
  const shown: ListRow[] = [
    ...shownItems.map((entry) => ({ key: entry.key, entry })),
    ...drivers.map((row) => ({ key: `d:${row.driver.id}`, driver: row })),
  ];
  const range = windowRange(scrollTop, viewport, ROW_HEIGHT, shown.length);
  const chooseStatus = (next: FleetStatus) => {
    setStatus(status === next ? null : next);
    setScrollTop(0);
    if (scroller.current) scroller.current.scrollTop = 0;
  };
  return (
    <Paper
      shadow="md"
      data-testid="map-item-list"
      style={{
        position: "absolute",
        top: 12,
        left: 12,
        bottom: 12,
        width: 300,
        zIndex: 2,
        display: "flex",
        flexDirection: "column",
        overflow: "hidden",
      }}
    >
      <Group justify="space-between" px="sm" pt="sm" pb={6} wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <Text fw={650}>{t("map.list.title")}</Text>
          <Badge variant="light" size="sm" data-testid="map-list-count">
            {shown.length}
          </Badge>
        </Group>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => onOpenChange(false)}
          aria-label={t("map.list.hide")}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
      </Group>
      <TextInput
        mx="sm"
        size="xs"
        leftSection={<IconSearch size={14} />}
        placeholder={t("map.list.search")}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setScrollTop(0);
          if (scroller.current) scroller.current.scrollTop = 0;
        }}
        data-testid="map-search"
      />
      <MultiSelect
        mx="sm"
        mt={6}
        size="xs"
        placeholder={groupIds.length === 0 ? t("map.list.allGroups") : undefined}
        data={groupOptions}
        value={groupIds.map(String)}
        onChange={(values) => onGroupsChange(values.map(Number))}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
        data-testid="map-groups"
      />
      <Group gap={4} mx="sm" mt={6} wrap="wrap" role="group" aria-label={t("fleet.status.title")}>
        {FLEET_STATUSES.map((s) => (
          <UnstyledButton
            key={s}
            onClick={() => chooseStatus(s)}
            aria-pressed={status === s}
            data-testid={`map-status-${s}`}
            title={t(`map.motion.${s}`)}
            style={{
              display: "inline-flex",
              alignItems: "center",
              gap: 4,
              padding: "1px 7px",
              borderRadius: 12,
              fontSize: 12,
              lineHeight: "20px",
              border: `1px solid ${status === s ? MOTION_COLORS[s] : "var(--mantine-color-gray-3)"}`,
              background: status === s ? "var(--mantine-color-gray-1)" : undefined,
              opacity: counts[s] === 0 && status !== s ? 0.55 : 1,
            }}
          >
            <span
              aria-hidden
              style={{ width: 8, height: 8, borderRadius: 4, background: MOTION_COLORS[s] }}
            />
            <span>{t(`fleet.status.short.${s}`)}</span>
            <b>{counts[s]}</b>
          </UnstyledButton>
        ))}
      </Group>
      <div
        ref={scroller}
        onScroll={(e: UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop)}
        style={{
          flex: 1,
          overflowY: "auto",
          marginTop: 8,
          borderTop: "1px solid var(--mantine-color-gray-2)",
        }}
      >
        {shown.length === 0 && (
          <Text c="dimmed" size="sm" ta="center" mt="md">
            {t("map.list.empty")}
          </Text>
        )}
        <div style={{ height: range.totalHeight, position: "relative" }}>
          <div style={{ position: "absolute", top: range.offsetTop, left: 0, right: 0 }}>
            {shown
              .slice(range.start, range.end)
              .map((row) =>
                "entry" in row ? (
                  <Row
                    key={row.key}
                    entry={row.entry}
                    now={now}
                    active={row.key === selected}
                    onSelect={onSelect}
                  />
                ) : (
                  <DriverRow
                    key={row.key}
                    row={row.driver}
                    catalog={catalog}
                    active={row.driver.driver.id === selectedDriver}
                    onSelect={onSelectDriver}
                  />
                ),
              )}
          </div>
        </div>
      </div>
    </Paper>
  );
}

/** One line of the list: an item, or a driver after them. */
type ListRow = { key: string; entry: CatalogItem } | { key: string; driver: DriverListRow };

/** A list row: one line high, marked on the left while its item is the one shown. */
const rowStyle = (active: boolean): CSSProperties => ({
  display: "flex",
  alignItems: "center",
  gap: 10,
  height: ROW_HEIGHT,
  width: "100%",
  padding: "0 12px",
  background: active ? "var(--mantine-color-blue-0)" : undefined,
  borderLeft: `3px solid ${active ? "var(--mantine-color-blue-6)" : "transparent"}`,
});

/** A driver: the vehicle (or own device) they are on, coloured by its status. */
function DriverRow({
  row,
  catalog,
  active,
  onSelect,
}: {
  row: DriverListRow;
  catalog: Catalog;
  active: boolean;
  onSelect(driverId: number): void;
}) {
  const { t } = useTranslation();
  const carrier = row.place ? catalog.items.get(row.place.at)?.name : undefined;
  return (
    <UnstyledButton
      onClick={() => onSelect(row.driver.id)}
      data-testid={`map-row-d:${row.driver.id}`}
      style={rowStyle(active)}
    >
      <span
        style={{
          width: 10,
          height: 10,
          borderRadius: 5,
          flex: "none",
          background: MOTION_COLORS[row.status],
        }}
        aria-hidden
      />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={550} truncate>
          {row.driver.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {[t("driverPanel.kind"), carrier ?? t("driverPanel.noVehicle")].join(" · ")}
        </Text>
      </div>
    </UnstyledButton>
  );
}

function Row({
  entry,
  now,
  active,
  onSelect,
}: {
  entry: CatalogItem;
  now: number;
  active: boolean;
  onSelect(key: LiveKey): void;
}) {
  const { t, i18n } = useTranslation();
  const state = liveItems.items.get(entry.key);
  const motion = motionClass(state);
  const speed = motion === "moving" ? `${shownSpeedKmh(state) ?? 0} km/h` : t(`map.motion.${motion}`);
  const age = state?.pos ? formatAge(state.pos.ts, now, i18n.language) : null;
  return (
    <UnstyledButton
      onClick={() => onSelect(entry.key)}
      data-testid={`map-row-${entry.key}`}
      style={rowStyle(active)}
    >
      <span
        style={{ width: 10, height: 10, borderRadius: 5, flex: "none", background: MOTION_COLORS[motion] }}
        data-testid={`map-row-dot-${motion}`}
        aria-hidden
      />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={550} truncate>
          {entry.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {[
            shownSub(entry, (key, fallback) => t(key, { defaultValue: fallback })) ||
              t(`map.kind.${entry.kind}`),
            speed,
          ].join(" · ")}
        </Text>
      </div>
      <div style={{ flex: "none", textAlign: "right" }}>
        {age && (
          <Text size="xs" c={motion === "offline" ? "dimmed" : undefined} data-testid="map-row-age">
            {age}
          </Text>
        )}
      </div>
    </UnstyledButton>
  );
}
