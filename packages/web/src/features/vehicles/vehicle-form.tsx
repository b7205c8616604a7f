import { ColorInput, Divider, Select, SimpleGrid, Switch } from "@mantine/core";
import {
  ENGINE_TYPE,
  VEHICLE_TYPES,
  type VehicleRow,
  type VehicleWrite,
  vehiclesApi,
  vehicleWriteSchema,
} from "@vigia/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../kit/forms/errors.ts";
import { NumberField, TextField } from "../../kit/forms/fields.tsx";
import { FormModal } from "../../kit/forms/form-modal.tsx";
import { sendInline } from "../../kit/forms/send.ts";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import {
  useCompany,
  useCompanyIdForCalls,
  useCompanyRows,
  useRefreshCompany,
} from "../../platform/company/index.ts";
import { CustomDataFields } from "../companies/index.ts";
import { GroupSelect } from "../groups/index.ts";
import { useItemDevice } from "../items/index.ts";

const CONSUMPTION_KEYS = ["average", "highway", "urban", "idle"] as const;

/** The form's start: a new vehicle's defaults, or the row's values. */
function initial(row: VehicleRow | null): Partial<VehicleWrite> {
  if (!row)
    return {
      plate: "",
      name: "",
      brand: "",
      model: "",
      type: "car",
      chassisNumber: "",
      fuelTank: null,
      engineType: 0,
      initialMileage: 0,
      initialHours: 0,
      odometerSource: 1,
      fuelSource: 0,
      fuelFactor: 1,
      consumption: { average: null, highway: null, urban: null, idle: null },
      color: "",
      driverId: null,
      customData: {},
      intrack: false,
    };
  const { consumption } = row;
  return {
    plate: row.plate,
    name: row.name,
    brand: row.brand,
    model: row.model,
    type: VEHICLE_TYPES.find((v) => v === row.type) ?? "car",
    chassisNumber: row.chassisNumber,
    fuelTank: row.fuelTank,
    engineType: row.engineType,
    initialMileage: row.initialMileage,
    initialHours: row.initialHours,
    odometerSource: row.odometerSource,
    fuelSource: row.fuelSource,
    fuelFactor: row.fuelFactor,
    consumption: {
      average: consumption.average ?? null,
      highway: consumption.highway ?? null,
      urban: consumption.urban ?? null,
      idle: consumption.idle ?? null,
    },
    color: row.color,
    group: row.group ?? undefined,
    driverId: row.driver?.id ?? null,
    customData: row.customData,
    intrack: row.intrack,
  };
}

const ORIGINS = [0, 1, 2, 3];

/** Create or edit a vehicle with every field, plus its device. */
export function VehicleForm({ row, onClose }: { row: VehicleRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { info } = useCompany();
  const companyId = useCompanyIdForCalls();
  const refresh = useRefreshCompany();
  const form = useZodForm(vehicleWriteSchema, initial(row));
  const drivers = useCompanyRows("drivers");
  const device = useItemDevice(1, row?.id ?? null);
  // Other users change drivers and groups while this page is open: the pickers start from fresh lists.
  useEffect(() => {
    void refresh(["drivers", "groups"]);
  }, [refresh]);
  const unit = info?.conf.general.units.fuelConsumption === 1 ? "km/L" : "L/100km";
  const consumption = form.values.consumption ?? {};
  // A new vehicle saved once is updated on the next try: a failed device change must not create it twice.
  const [savedId, setSavedId] = useState<number | null>(row?.id ?? null);
  const [error, setError] = useState<string | undefined>(undefined);

  const save = async (): Promise<boolean> => {
    const body = form.output;
    if (!body) return false;
    setError(undefined);
    const result = await sendInline(() =>
      savedId !== null
        ? api.call(
            vehiclesApi.update,
            { params: { companyId: companyId(), id: savedId }, body },
            { quiet: true },
          )
        : api.call(vehiclesApi.create, { params: { companyId: companyId() }, body }, { quiet: true }),
    );
    if (!result.ok) {
      form.setServerErrors(result.fields);
      if (Object.keys(result.fields).length === 0) setError(apiErrorText(result.error, t));
      return false;
    }
    setSavedId(result.value.id);
    // The vehicle is saved either way; a device change that fails keeps the dialog open and says why.
    const failure = await device.apply(result.value.id);
    await refresh(["vehicles", "trackers", "groups", "drivers"]);
    if (failure) setError(failure);
    return failure === null;
  };

  const setConsumption = (key: (typeof CONSUMPTION_KEYS)[number], v: number | null) =>
    form.set("consumption", { ...consumption, [key]: v });

  return (
    <FormModal
      opened
      title={row ? t("vehicles.edit") : t("vehicles.new")}
      onClose={onClose}
      onSave={save}
      valid={form.valid}
      size="xl"
      error={error}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField form={form} name="plate" label={t("vehicles.plate")} required />
        <TextField form={form} name="name" label={t("mgmt.name")} />
        <GroupSelect form={form} />
        <TextField form={form} name="brand" label={t("vehicles.brand")} />
        <TextField form={form} name="model" label={t("vehicles.model")} />
        <Select
          label={t("vehicles.type")}
          data={VEHICLE_TYPES.map((v) => ({ value: v, label: t(`vehicles.types.${v}`) }))}
          value={form.values.type ?? null}
          onChange={(v) =>
            form.set(
              "type",
              VEHICLE_TYPES.find((type) => type === v),
            )
          }
          allowDeselect={false}
        />
        <TextField form={form} name="chassisNumber" label={t("vehicles.chassisNumber")} />
        <Select
          label={t("vehicles.engineType")}
          data={Object.values(ENGINE_TYPE).map((v) => ({
            value: String(v),
            label: t(`vehicles.engines.${v}`),
          }))}
          value={String(form.values.engineType)}
          onChange={(v) => v && form.set("engineType", Number(v))}
          allowDeselect={false}
        />
        <ColorInput
          label={t("vehicles.color")}
          value={form.values.color ?? ""}
          onChange={(v) => form.set("color", v)}
          error={errorText(t, form.errorOf("color"))}
        />
        <Select
          label={t("vehicles.driver")}
          clearable
          searchable
          data={drivers.map((d) => ({ value: String(d.id), label: d.name }))}
          value={form.values.driverId == null ? null : String(form.values.driverId)}
          onChange={(v) => form.set("driverId", v === null ? null : Number(v))}
        />
        {device.field}
        <Switch
          mt="xl"
          label={t("vehicles.intrack")}
          checked={form.values.intrack ?? false}
          onChange={(e) => form.set("intrack", e.currentTarget.checked)}
        />
      </SimpleGrid>
      <Divider label={t("vehicles.odometerFuel")} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberField form={form} name="initialMileage" label={t("vehicles.initialMileage")} zeroWhenEmpty />
        <NumberField form={form} name="initialHours" label={t("vehicles.initialHours")} zeroWhenEmpty />
        <NumberField form={form} name="fuelTank" label={t("vehicles.fuelTank")} />
        {(["odometerSource", "fuelSource"] as const).map((key) => (
          <Select
            key={key}
            label={t(`vehicles.${key}`)}
            data={ORIGINS.map((o) => ({ value: String(o), label: t(`vehicles.origins.${o}`) }))}
            value={String(form.values[key])}
            onChange={(v) => v && form.set(key, Number(v))}
            allowDeselect={false}
          />
        ))}
        <NumberField
          form={form}
          name="fuelFactor"
          label={t("vehicles.fuelFactor")}
          step={0.01}
          zeroWhenEmpty
        />
        {CONSUMPTION_KEYS.map((key) => (
          <NumberField
            key={key}
            form={{
              values: consumption,
              set: (_k, v) => setConsumption(key, v),
              errorOf: (k) => form.errorOf(`consumption.${k}`),
            }}
            name={key}
            label={`${t(`vehicles.consumption.${key}`)} (${unit})`}
            step={0.1}
          />
        ))}
      </SimpleGrid>
      <CustomDataFields
        kind="vehicle"
        value={form.values.customData ?? {}}
        onChange={(v) => form.set("customData", v)}
      />
    </FormModal>
  );
}
