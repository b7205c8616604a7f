import { Checkbox, Group, MultiSelect, SegmentedControl, Select, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { WeekTimeEditor } from "./form-parts.tsx";
import type { RuleFormPart } from "./rule-form-part.ts";
import { ids, type RuleOptions, strs } from "./rule-options.ts";

/** The rule's filters: where, whether in a track, in which custom state and when it may fire. */
export function RuleFilters({ form, set, err, options }: RuleFormPart & { options: RuleOptions }) {
  const { t } = useTranslation();
  const inOut = [
    { value: "in", label: t("alarms.form.inside") },
    { value: "out", label: t("alarms.form.outside") },
  ];
  return (
    <>
      <Group align="flex-end">
        <Checkbox
          label={t("alarms.form.geozoneFilter")}
          checked={form.geozones.active}
          onChange={(e) => set("geozones", { active: e.currentTarget.checked })}
        />
        <SegmentedControl
          size="xs"
          disabled={!form.geozones.active}
          data={inOut}
          value={form.geozones.in ? "in" : "out"}
          onChange={(v) => set("geozones", { in: v === "in" })}
        />
        <MultiSelect
          style={{ flex: 1 }}
          disabled={!form.geozones.active}
          data={options.geozones}
          value={strs(form.geozones.geozoneIds)}
          onChange={(v) => set("geozones", { geozoneIds: ids(v) })}
          error={err("geozones.geozoneIds")}
        />
      </Group>
      <Group align="flex-end">
        <Checkbox
          label={t("alarms.form.poiFilter")}
          checked={form.pois.active}
          onChange={(e) => set("pois", { active: e.currentTarget.checked })}
        />
        <SegmentedControl
          size="xs"
          disabled={!form.pois.active}
          data={inOut}
          value={form.pois.in ? "in" : "out"}
          onChange={(v) => set("pois", { in: v === "in" })}
        />
        <MultiSelect
          style={{ flex: 1 }}
          disabled={!form.pois.active}
          data={options.pois}
          value={strs(form.pois.poiIds)}
          onChange={(v) => set("pois", { poiIds: ids(v) })}
          error={err("pois.poiIds")}
        />
      </Group>
      <Group>
        <Checkbox
          label={t("alarms.form.inTrack")}
          checked={form.inTrack.active}
          onChange={(e) => set("inTrack", { active: e.currentTarget.checked })}
        />
        <SegmentedControl
          size="xs"
          disabled={!form.inTrack.active}
          data={[
            { value: "in", label: t("alarms.form.inTrackYes") },
            { value: "out", label: t("alarms.form.inTrackNo") },
          ]}
          value={form.inTrack.in ? "in" : "out"}
          onChange={(v) => set("inTrack", { in: v === "in" })}
        />
      </Group>
      <Group align="flex-end">
        <Checkbox
          label={t("alarms.form.stateFilter")}
          checked={form.customStates.active}
          onChange={(e) => set("customStates", { active: e.currentTarget.checked })}
        />
        <Select
          w={140}
          disabled={!form.customStates.active}
          data={[
            { value: "3", label: t("alarms.form.equal") },
            { value: "4", label: t("alarms.form.unequal") },
          ]}
          value={String(form.customStates.logic)}
          onChange={(v) => set("customStates", { logic: Number(v ?? 3) })}
        />
        <MultiSelect
          style={{ flex: 1 }}
          disabled={!form.customStates.active}
          data={options.states}
          value={strs(form.customStates.stateIds)}
          onChange={(v) => set("customStates", { stateIds: ids(v) })}
          error={err("customStates.stateIds")}
        />
      </Group>
      <Group align="flex-start">
        <Checkbox
          label={`${t("alarms.form.timeFilter")}${form.timeRange.active ? " *" : ""}`}
          checked={form.timeRange.active}
          onChange={(e) => set("timeRange", { active: e.currentTarget.checked })}
        />
        <SegmentedControl
          size="xs"
          disabled={!form.timeRange.active}
          data={inOut}
          value={form.timeRange.in ? "in" : "out"}
          onChange={(v) => set("timeRange", { in: v === "in" })}
        />
      </Group>
      {form.timeRange.active ? (
        <>
          <WeekTimeEditor
            weekTime={form.timeRange.weekTime}
            onChange={(weekTime) => set("timeRange", { weekTime })}
          />
          {err("timeRange.weekTime") ? (
            <Text c="red" size="xs">
              {err("timeRange.weekTime")}
            </Text>
          ) : null}
        </>
      ) : null}
    </>
  );
}
