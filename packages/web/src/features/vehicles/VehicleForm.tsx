import { ColorInput, Divider, Select, SimpleGrid, Switch } from "@mantine/core";
import { ENGINE_TYPE, VEHICLE_TYPES, vehicleWriteSchema } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../kit/forms/errors.ts";
import { FormModal } from "../../kit/forms/FormModal.tsx";
import { NumberField, TextField } from "../../kit/forms/fields.tsx";
import { send } from "../../kit/forms/send.ts";
import { useZodForm } from "../../kit/forms/useZodForm.ts";
import { api } from "../../platform/api/instance.ts";
import { CustomDataFields, useCompany, useCompanyRows, useRefreshCompany } from "../company/index.ts";
import { GroupSelect } from "../groups/index.ts";

export interface VehicleRow {
  id: number;
  plate: string;
  name: string;
  brand: string;
  model: string;
  type: string;
  chassisNumber: string;
  fuelTank: number | null;
  engineType: number;
  initialMileage: number;
  initialHours: number;
  odometerSource: number;
  fuelSource: number;
  fuelFactor: number;
  consumption: Record<string, number | null>;
  color: string;
  group: number | null;
  intrack: boolean;
  driver: { id: number; ts: number } | null;
  customData: Record<string, unknown>;
}

interface DeviceRow {
  id: number;
  deviceId: string;
  itemType: number;
  itemId: number | null;
}

const EMPTY = {
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
  group: null,
  driverId: null,
  customData: {},
  intrack: false,
};

function initial(row: VehicleRow | null): Record<string, unknown> {
  if (!row) return { ...EMPTY };
  const { id: _id, driver, ...rest } = row;
  return { ...EMPTY, ...rest, driverId: driver?.id ?? null };
}

const ORIGINS = [0, 1, 2, 3];

/** Create or edit a vehicle with every field of spec 01 §3, plus its device. */
export function VehicleForm({ row, onClose }: { row: VehicleRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { companyId, info } = useCompany();
  const refresh = useRefreshCompany();
  const form = useZodForm(vehicleWriteSchema, initial(row));
  const drivers = useCompanyRows<{ id: number; name: string }>("drivers");
  const devices = useCompanyRows<DeviceRow>("trackers");
  const current = row ? devices.find((d) => d.itemType === 1 && d.itemId === row.id) : undefined;
  const [deviceId, setDeviceId] = useState<number | null>(current?.id ?? null);
  const freeDevices = devices.filter((d) => d.itemId === null || d.id === current?.id);
  const unit = info?.conf.general.units.fuelConsumption === 1 ? "km/L" : "L/100km";
  const consumption = (form.values.consumption ?? {}) as Record<string, number | null>;
  const base = `companies/id/${companyId}`;

  const save = async (): Promise<boolean> => {
    const result = await send(() =>
      row
        ? api.put<VehicleRow>(`${base}/vehicles/id/${row.id}`, form.values, { quiet: true })
        : api.post<VehicleRow>(`${base}/vehicles`, form.values, { quiet: true }),
    );
    if (!result.ok) {
      form.setServerErrors(result.fields);
      return false;
    }
    const id = result.value.id;
    if (deviceId !== (current?.id ?? null)) {
      if (current)
        await send(() =>
          api.put(
            `${base}/trackers/id/${current.id}/item`,
            { itemType: null, itemId: null },
            { quiet: true },
          ),
        );
      if (deviceId !== null)
        await send(() =>
          api.put(`${base}/trackers/id/${deviceId}/item`, { itemType: 1, itemId: id }, { quiet: true }),
        );
    }
    await refresh(["vehicles", "trackers", "groups", "drivers"]);
    return true;
  };

  const setConsumption = (key: string, v: number | string) =>
    form.set("consumption", { ...consumption, [key]: typeof v === "number" ? v : null });

  return (
    <FormModal
      opened
      title={row ? t("vehicles.edit") : t("vehicles.new")}
      onClose={onClose}
      onSave={save}
      valid={form.valid}
      size="xl"
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
          value={String(form.values.type)}
          onChange={(v) => v && form.set("type", v)}
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
          value={String(form.values.color ?? "")}
          onChange={(v) => form.set("color", v)}
          error={errorText(t, form.errorOf("color"))}
        />
        <Select
          label={t("vehicles.driver")}
          clearable
          searchable
          data={drivers.map((d) => ({ value: String(d.id), label: d.name }))}
          value={form.values.driverId === null ? null : String(form.values.driverId)}
          onChange={(v) => form.set("driverId", v === null ? null : Number(v))}
        />
        <Select
          label={t("vehicles.device")}
          clearable
          searchable
          data={freeDevices.map((d) => ({ value: String(d.id), label: d.deviceId }))}
          value={deviceId === null ? null : String(deviceId)}
          onChange={(v) => setDeviceId(v === null ? null : Number(v))}
          data-testid="field-device"
        />
        <Switch
          mt="xl"
          label={t("vehicles.intrack")}
          checked={Boolean(form.values.intrack)}
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
        <NumberField form={form} name="fuelFactor" label={t("vehicles.fuelFactor")} step={0.01} />
        {(["average", "highway", "urban", "idle"] as const).map((key) => (
          <NumberField
            key={key}
            form={{
              ...form,
              values: { [key]: consumption[key] },
              set: (_k, v) => setConsumption(key, v as number),
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
        value={(form.values.customData ?? {}) as Record<string, unknown>}
        onChange={(v) => form.set("customData", v)}
      />
    </FormModal>
  );
}
