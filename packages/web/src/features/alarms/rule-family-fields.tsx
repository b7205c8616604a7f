import { Checkbox, Group, MultiSelect, NumberInput, Select } from "@mantine/core";
import { ALARM_FAMILY, type AlarmRuleInput, TIME_FAMILIES } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { EpisodeFields } from "./episode-fields.tsx";
import { EventFamilyFields } from "./event-family-fields.tsx";
import { DurationInput } from "./form-parts.tsx";
import type { RuleFormPart } from "./rule-form-part.ts";
import { ids, type RuleOptions, strs } from "./rule-options.ts";

type ZoneTarget = NonNullable<AlarmRuleInput["info"]["geozones"]>;

/** The fields a family adds to the rule: zones and direction, states, a duration or a consumption. */
export function RuleFamilyFields({
  form,
  set,
  err,
  errors,
  options,
}: RuleFormPart & { options: RuleOptions }) {
  const { t } = useTranslation();
  const family = form.info.family;
  const zoneFamily = family === ALARM_FAMILY.geozone || family === ALARM_FAMILY.poi;
  const onGeozones = family === ALARM_FAMILY.geozone;
  const target: ZoneTarget = (onGeozones ? form.info.geozones : form.info.pois) ?? {
    toIn: false,
    toOut: false,
  };
  const zoneIds = (onGeozones ? form.info.geozones?.geozoneIds : form.info.pois?.poiIds) ?? [];
  const setTarget = (change: Partial<ZoneTarget> & { ids?: number[] }) => {
    const { ids: chosen, ...direction } = change;
    const next = { toIn: target.toIn, toOut: target.toOut, ...direction };
    set(
      "info",
      onGeozones
        ? { geozones: { ...next, geozoneIds: chosen ?? form.info.geozones?.geozoneIds ?? [] } }
        : { pois: { ...next, poiIds: chosen ?? form.info.pois?.poiIds ?? [] } },
    );
  };

  return (
    <>
      {zoneFamily ? (
        <Group grow align="flex-end">
          <MultiSelect
            label={t(onGeozones ? "alarms.form.geozones" : "alarms.form.pois")}
            withAsterisk
            searchable
            data={onGeozones ? options.geozones : options.pois}
            value={strs(zoneIds)}
            data-testid="rule-zones"
            onChange={(v) => setTarget({ ids: ids(v) })}
          />
          <Group>
            {(["toIn", "toOut"] as const).map((k) => (
              <Checkbox
                key={k}
                label={t(`alarms.form.${k}`)}
                checked={target[k]}
                data-testid={`rule-${k}`}
                onChange={(e) => setTarget({ [k]: e.currentTarget.checked })}
              />
            ))}
          </Group>
        </Group>
      ) : null}
      {family === ALARM_FAMILY.state ? (
        <Group grow>
          <MultiSelect
            label={t("alarms.form.states")}
            withAsterisk
            data={options.states}
            value={strs(form.info.states?.stateIds ?? [])}
            onChange={(v) =>
              set("info", { states: { logic: form.info.states?.logic ?? 3, stateIds: ids(v) } })
            }
          />
          <Select
            label={t("alarms.form.logic")}
            data={[
              { value: "3", label: t("alarms.form.equal") },
              { value: "4", label: t("alarms.form.unequal") },
            ]}
            value={String(form.info.states?.logic ?? 3)}
            onChange={(v) =>
              set("info", { states: { stateIds: form.info.states?.stateIds ?? [], logic: Number(v ?? 3) } })
            }
          />
        </Group>
      ) : null}
      {family !== null && TIME_FAMILIES.has(family) ? (
        <DurationInput
          value={form.info.value}
          withSeconds={family === ALARM_FAMILY.idle}
          onChange={(ms) => set("info", { value: ms })}
          error={errors["info.value"]}
        />
      ) : null}
      {family === ALARM_FAMILY.monthlyConsumption ? (
        <NumberInput
          label={t("alarms.form.consumption")}
          withAsterisk
          min={1}
          step={0.1}
          decimalScale={1}
          value={form.info.value ?? ""}
          onChange={(v) => set("info", { value: typeof v === "number" ? v : null })}
          error={err("info.value")}
        />
      ) : null}
      <EventFamilyFields form={form} set={set} err={err} errors={errors} beaconZones={options.beaconZones} />
      <EpisodeFields form={form} set={set} err={err} />
    </>
  );
}
