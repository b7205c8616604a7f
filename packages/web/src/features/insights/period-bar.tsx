import { Group, MultiSelect, Select } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RangePicker } from "../../kit/pickers/range-picker.tsx";
import { useCompanyRows } from "../../platform/company/index.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { PERIOD_PRESETS, type PeriodPreset, presetRange } from "./period.ts";

export interface PeriodChoice {
  from: number;
  to: number;
  groupIds: number[];
}

/** Period preset (or custom dates) and groups: what every insight screen asks for. */
export function PeriodBar({
  value,
  onChange,
  initialPreset = "week",
  children,
}: {
  value: PeriodChoice;
  onChange(next: PeriodChoice): void;
  initialPreset?: PeriodPreset;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { timezone } = useTimezone();
  const groups = useCompanyRows("groups");
  const [preset, setPreset] = useState<PeriodPreset>(initialPreset);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t("insights.period")}
        w={170}
        data={PERIOD_PRESETS.map((p) => ({ value: p, label: t(`insights.presets.${p}`) }))}
        value={preset}
        allowDeselect={false}
        data-testid="period-preset"
        onChange={(v) => {
          const next = (PERIOD_PRESETS as readonly string[]).includes(v ?? "") ? (v as PeriodPreset) : "week";
          setPreset(next);
          if (next !== "custom") onChange({ ...value, ...presetRange(next, Date.now(), timezone) });
        }}
      />
      {preset === "custom" ? (
        <RangePicker initial={value} onShow={(range) => onChange({ ...value, ...range })} />
      ) : null}
      <MultiSelect
        label={t("insights.groups")}
        placeholder={value.groupIds.length ? undefined : t("insights.allGroups")}
        miw={200}
        maw={360}
        clearable
        searchable
        data={groups.map((g) => ({ value: String(g.id), label: g.name }))}
        value={value.groupIds.map(String)}
        onChange={(ids) => onChange({ ...value, groupIds: ids.map(Number) })}
      />
      {children}
    </Group>
  );
}
