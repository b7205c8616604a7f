import { ActionIcon, Checkbox, Group, NumberInput, Select, Table, Text, TextInput } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import {
  type Itinerary,
  type ItineraryItemType,
  type ItineraryValues,
  itineraryWriteSchema,
  parseLatLng,
  type WaypointInput,
} from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../kit/forms/errors.ts";
import { FormModal } from "../../kit/forms/form-modal.tsx";
import type { SendResult } from "../../kit/forms/send.ts";
import { useCompanyRows } from "../../platform/company/index.ts";
import { FromTripPicker } from "./from-trip-picker.tsx";

/** Monday first; Sunday is 0 (spec: days of the week). */
const DAYS = [1, 2, 3, 4, 5, 6, 0] as const;

interface Props {
  row: Itinerary | null;
  onClose(): void;
  onSave(values: ItineraryValues): Promise<SendResult<Itinerary>>;
}

type Draft = WaypointInput & { text?: string };

const blank = (): Draft => ({
  kind: "point",
  time: "08:00",
  before: 10,
  after: 10,
  minStay: 0,
  maxStay: 0,
  radius: 100,
});

/** A stored (or proposed) waypoint in the table, its point typed as "lat, lng". */
const draftOf = (w: Itinerary["waypoints"][number]): Draft => ({
  ...w,
  text: w.lat !== null && w.lng !== null ? `${w.lat}, ${w.lng}` : "",
});

/** The itinerary editor: name, the waypoints table (add, remove, reorder) and the vehicles and persons per weekday. */
export function ItineraryForm({ row, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const pois = useCompanyRows("pois");
  const zones = useCompanyRows("geozones");
  const vehicles = useCompanyRows("vehicles");
  const persons = useCompanyRows("persons");
  // Who may run the itinerary: the company's vehicles, then its persons (their phones send the positions).
  const items: { itemType: ItineraryItemType; id: number; name: string }[] = [
    ...vehicles.map((v) => ({ itemType: "vehicle" as const, id: v.id, name: v.name || v.plate })),
    ...persons.map((p) => ({ itemType: "person" as const, id: p.id, name: p.name })),
  ];
  const [name, setName] = useState(row?.name ?? "");
  const [points, setPoints] = useState<Draft[]>(row?.waypoints.map(draftOf) ?? [blank()]);
  const [assigned, setAssigned] = useState(row?.assignments ?? []);
  const [server, setServer] = useState<Record<string, string>>({});
  // A field's own mistake shows once the user has edited it, not on a form just opened (as useZodForm does).
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const touch = (...paths: string[]) => setTouched((set) => new Set([...set, ...paths]));
  const parsed = itineraryWriteSchema.safeParse({
    name,
    waypoints: points.map(({ text: _text, ...w }) => w),
    assignments: assigned,
  });
  const local: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) local[issue.path.join(".")] ??= issue.message;
  const errors = { ...local, ...server };
  const err = (path: string) => {
    const code = touched.has(path) || path in server ? errors[path] : undefined;
    return code
      ? t(`itineraries.errors.${code.replaceAll(".", "_")}`, { defaultValue: errorText(t, code) })
      : undefined;
  };
  const edit = (i: number, patch: Partial<Draft>) => {
    setServer({});
    touch(...Object.keys(patch).map((key) => `waypoints.${i}.${key}`));
    setPoints((list) => list.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  };
  const move = (i: number, by: number) =>
    setPoints((list) => {
      const next = [...list];
      const [item] = next.splice(i, 1);
      if (item) next.splice(i + by, 0, item);
      return next;
    });
  const places = (kind: Draft["kind"]) =>
    (kind === "poi" ? pois : zones).map((p) => ({ value: String(p.id), label: p.name }));
  const same = (
    a: { itemType: ItineraryItemType; itemId: number },
    itemType: ItineraryItemType,
    id: number,
  ) => a.itemType === itemType && a.itemId === id;
  const toggleDay = (itemType: ItineraryItemType, itemId: number, day: number, on: boolean) =>
    setAssigned((list) => {
      const current = list.find((a) => same(a, itemType, itemId))?.days ?? [];
      const days = on ? [...current, day] : current.filter((d) => d !== day);
      const rest = list.filter((a) => !same(a, itemType, itemId));
      return days.length > 0 ? [...rest, { itemType, itemId, days }] : rest;
    });
  const num = (i: number, key: "before" | "after" | "minStay" | "maxStay", w: Draft) => (
    <NumberInput
      size="xs"
      w={70}
      min={0}
      max={1440}
      value={w[key] ?? 0}
      error={err(`waypoints.${i}.${key}`)}
      onChange={(v) => edit(i, { [key]: typeof v === "number" ? v : 0 })}
      aria-label={t(`itineraries.${key}`)}
    />
  );
  return (
    <FormModal
      opened
      size="100%"
      title={row ? t("itineraries.edit") : t("itineraries.new")}
      onClose={onClose}
      valid={parsed.success}
      onSave={async () => {
        if (!parsed.success) return false;
        const result = await onSave(parsed.data);
        if (!result.ok) setServer(result.fields);
        return result.ok;
      }}
    >
      <TextInput
        label={t("mgmt.name")}
        required
        value={name}
        error={err("name")}
        onChange={(e) => {
          touch("name");
          setName(e.currentTarget.value);
        }}
        data-testid="field-name"
      />
      <FromTripPicker
        onPropose={(proposed) => {
          setServer({});
          setPoints(proposed.map(draftOf));
        }}
      />
      <Text fw={600} size="sm">
        {t("itineraries.waypoints")}
      </Text>
      <Table.ScrollContainer minWidth={900}>
        <Table withTableBorder verticalSpacing={4} data-testid="itinerary-waypoints">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t("itineraries.kind")}</Table.Th>
              <Table.Th>{t("itineraries.place")}</Table.Th>
              <Table.Th>{t("itineraries.time")}</Table.Th>
              <Table.Th>{t("itineraries.before")}</Table.Th>
              <Table.Th>{t("itineraries.after")}</Table.Th>
              <Table.Th>{t("itineraries.minStay")}</Table.Th>
              <Table.Th>{t("itineraries.maxStay")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {points.map((w, i) => (
              <Table.Tr key={i}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    w={120}
                    allowDeselect={false}
                    value={w.kind}
                    data={(["poi", "geozone", "point"] as const).map((k) => ({
                      value: k,
                      label: t(`itineraries.kinds.${k}`),
                    }))}
                    onChange={(v) =>
                      edit(i, { kind: v === "poi" || v === "geozone" ? v : "point", placeId: null })
                    }
                  />
                </Table.Td>
                <Table.Td>
                  {w.kind === "point" ? (
                    <Group gap={4} wrap="nowrap">
                      <TextInput
                        size="xs"
                        w={170}
                        placeholder="40.4168, -3.7038"
                        value={w.text ?? ""}
                        error={err(`waypoints.${i}.lat`) ?? err(`waypoints.${i}.lng`)}
                        onChange={(e) => {
                          const text = e.currentTarget.value;
                          const p = parseLatLng(text);
                          edit(i, { text, lat: p?.lat ?? null, lng: p?.lng ?? null });
                        }}
                        aria-label={t("itineraries.latLng")}
                      />
                      <NumberInput
                        size="xs"
                        w={90}
                        min={1}
                        suffix=" m"
                        value={w.radius ?? ""}
                        error={err(`waypoints.${i}.radius`)}
                        onChange={(v) => edit(i, { radius: typeof v === "number" ? v : null })}
                        aria-label={t("itineraries.radius")}
                      />
                    </Group>
                  ) : (
                    <Select
                      size="xs"
                      w={264}
                      searchable
                      data={places(w.kind)}
                      value={w.placeId ? String(w.placeId) : null}
                      error={err(`waypoints.${i}.placeId`)}
                      onChange={(v) => edit(i, { placeId: v ? Number(v) : null })}
                      aria-label={t("itineraries.place")}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    w={120}
                    type="time"
                    value={w.time}
                    error={err(`waypoints.${i}.time`)}
                    onChange={(e) => edit(i, { time: e.currentTarget.value })}
                    aria-label={t("itineraries.time")}
                  />
                </Table.Td>
                <Table.Td>{num(i, "before", w)}</Table.Td>
                <Table.Td>{num(i, "after", w)}</Table.Td>
                <Table.Td>{num(i, "minStay", w)}</Table.Td>
                <Table.Td>{num(i, "maxStay", w)}</Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                      aria-label={t("itineraries.up")}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      disabled={i === points.length - 1}
                      onClick={() => move(i, 1)}
                      aria-label={t("itineraries.down")}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={points.length === 1}
                      onClick={() => setPoints((list) => list.filter((_, j) => j !== i))}
                      aria-label={t("mgmt.delete")}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <ActionIcon
          variant="light"
          onClick={() => setPoints((list) => [...list, blank()])}
          data-testid="add-waypoint"
        >
          <IconPlus size={16} />
        </ActionIcon>
        <Text size="sm">{t("itineraries.addWaypoint")}</Text>
      </Group>
      <Text fw={600} size="sm">
        {t("itineraries.assignments")}
      </Text>
      <Table.ScrollContainer minWidth={500}>
        <Table withTableBorder verticalSpacing={2}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("itineraryItems.item")}</Table.Th>
              {DAYS.map((d) => (
                <Table.Th key={d}>{t(`itineraries.days.${d}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => {
              const days = assigned.find((a) => same(a, item.itemType, item.id))?.days ?? [];
              return (
                <Table.Tr
                  key={`${item.itemType} ${item.id}`}
                  data-testid={`assign-${item.itemType}-${item.id}`}
                >
                  <Table.Td>
                    {item.name}{" "}
                    <Text span size="xs" c="dimmed">
                      {t(`itineraryItems.types.${item.itemType}`)}
                    </Text>
                  </Table.Td>
                  {DAYS.map((d) => (
                    <Table.Td key={d}>
                      <Checkbox
                        size="xs"
                        checked={days.includes(d)}
                        onChange={(e) => toggleDay(item.itemType, item.id, d, e.currentTarget.checked)}
                        aria-label={`${item.name} ${t(`itineraries.days.${d}`)}`}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </FormModal>
  );
}
