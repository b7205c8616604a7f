import { Checkbox, Group, NumberInput, Select, Text } from "@mantine/core";
import {
  BEACON_ZONE_FAMILIES,
  EDGE,
  EDGE_FAMILIES,
  EVENT_FAMILY,
  EVENT_FAMILY_CODES,
  VALUELESS_FAMILIES,
} from "@vigia/domain";
import { useTranslation } from "react-i18next";
import type { RuleFormPart } from "./rule-form-part.ts";
import type { Option } from "./rule-options.ts";

/** The edges an edge family names, as i18n keys under `alarmEvents`: rising first, falling second. */
const EDGE_LABELS: Record<number, [string, string]> = {
  [EVENT_FAMILY.ignition]: ["ignitionOn", "ignitionOff"],
  [EVENT_FAMILY.door]: ["doorOpen", "doorClose"],
  [EVENT_FAMILY.immobiliser]: ["engineLocked", "engineUnlocked"],
};

/** The number a family's value is, as the label's i18n key and the input's bounds. */
const NUMBER_FIELDS: Record<number, { label: string; min: number; max?: number; help?: string }> = {
  [EVENT_FAMILY.speeding]: { label: "speedLimit", min: 0, max: 400, help: "speedLimitHelp" },
  [EVENT_FAMILY.lowBattery]: { label: "batteryLevel", min: 1, max: 100 },
  [EVENT_FAMILY.tow]: { label: "towSpeed", min: 1, max: 100 },
  [EVENT_FAMILY.maintenance]: { label: "maintenanceKm", min: 1 },
};

/**
 * The value of an event alarm family: a number, the edges that fire, a beacon zone or
 * nothing to set.
 */
export function EventFamilyFields({ form, set, err, beaconZones }: RuleFormPart & { beaconZones: Option[] }) {
  const { t } = useTranslation();
  const family = form.info.family;
  if (family === null || !EVENT_FAMILY_CODES.has(family)) return null;
  if (BEACON_ZONE_FAMILIES.has(family))
    return (
      <Select
        label={t("alarmEvents.beaconZone")}
        description={t("alarmEvents.beaconZoneHelp")}
        withAsterisk
        searchable
        allowDeselect={false}
        data={[{ value: "0", label: t("alarmEvents.anyBeaconZone") }, ...beaconZones]}
        value={String(form.info.value ?? 0)}
        onChange={(v) => set("info", { value: v === null ? 0 : Number(v) })}
        error={err("info.value")}
        data-testid="rule-beacon-zone"
      />
    );
  if (VALUELESS_FAMILIES.has(family))
    return (
      <Text size="sm" c="dimmed" data-testid="rule-event-note">
        {t("alarmEvents.fromDevice")}
      </Text>
    );
  const edges = EDGE_LABELS[family];
  if (EDGE_FAMILIES.has(family) && edges) {
    const mask = form.info.value ?? 0;
    const toggle = (bit: number, on: boolean) => set("info", { value: on ? mask | bit : mask & ~bit });
    return (
      <Group data-testid="rule-event-edges">
        {([EDGE.rising, EDGE.falling] as const).map((bit, i) => (
          <Checkbox
            key={bit}
            label={t(`alarmEvents.${edges[i]}`)}
            checked={(mask & bit) !== 0}
            onChange={(e) => toggle(bit, e.currentTarget.checked)}
            error={i === 1 ? err("info.value") : undefined}
          />
        ))}
      </Group>
    );
  }
  const field = NUMBER_FIELDS[family];
  if (!field) return null;
  return (
    <NumberInput
      label={t(`alarmEvents.${field.label}`)}
      description={field.help ? t(`alarmEvents.${field.help}`) : undefined}
      withAsterisk
      min={field.min}
      max={field.max}
      allowDecimal={false}
      value={form.info.value ?? ""}
      onChange={(v) => set("info", { value: typeof v === "number" ? v : null })}
      error={err("info.value")}
      data-testid="rule-event-value"
    />
  );
}
