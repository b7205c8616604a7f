import { Select, SimpleGrid, TextInput } from "@mantine/core";
import { COST_CURRENCIES, COST_TYPES, type Cost, type CostValues, costWriteSchema } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { CrudForm } from "../../kit/crud/crud-form.tsx";
import { errorText } from "../../kit/forms/errors.ts";
import { NumberField, TextField } from "../../kit/forms/fields.tsx";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import { useCompanyRows } from "../../platform/company/index.ts";

interface Props {
  row: Cost | null;
  /** Shows the cost without Save (a user who may not write costs opened it). */
  readOnly?: boolean;
  today: string;
  /** Creates or updates the cost. */
  send(values: CostValues): Promise<unknown>;
  onClose(): void;
  onSaved(): unknown;
}

/** New or edited cost: every field, checked with the shared schema. */
export function CostForm({ row, readOnly = false, today, send, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const vehicles = useCompanyRows("vehicles");
  const drivers = useCompanyRows("drivers");
  const assets = useCompanyRows("assets");
  const form = useZodForm(costWriteSchema, {
    name: row?.name ?? "",
    typeId: row?.typeId ?? 1,
    quantity: row?.quantity ?? 1,
    unitPrice: row?.unitPrice ?? 0,
    tax: row?.tax ?? 0,
    currency: COST_CURRENCIES.find((c) => c === row?.currency) ?? "EUR",
    date: row?.date ?? today,
    vehicleId: row?.vehicleId ?? null,
    driverId: row?.driverId ?? null,
    assetId: row?.assetId ?? null,
    description: row?.description ?? "",
  });
  // What the cost is for: a vehicle, a driver and an asset, each optional.
  const links = [
    {
      key: "vehicleId",
      label: t("costs.vehicle"),
      data: vehicles.map((v) => ({ value: String(v.id), label: v.name || v.plate })),
      testId: "field-vehicleId",
    },
    {
      key: "driverId",
      label: t("costs.driver"),
      data: drivers.map((d) => ({ value: String(d.id), label: d.name })),
      testId: undefined,
    },
    {
      key: "assetId",
      label: t("costs.asset"),
      data: assets.map((a) => ({ value: String(a.id), label: a.name })),
      testId: undefined,
    },
  ] as const;
  return (
    <CrudForm
      form={form}
      title={readOnly ? t("costs.view") : row ? t("costs.edit") : t("costs.new")}
      readOnly={readOnly}
      send={send}
      onClose={onClose}
      onSaved={onSaved}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField form={form} name="name" label={t("mgmt.name")} required />
        <Select
          label={t("costs.type")}
          data={COST_TYPES.map((type, i) => ({ value: String(i + 1), label: t(`costs.types.${type}`) }))}
          value={String(form.values.typeId ?? 1)}
          onChange={(v) => form.set("typeId", Number(v ?? 1))}
          allowDeselect={false}
          data-testid="field-typeId"
        />
        <NumberField form={form} name="quantity" label={t("costs.quantity")} zeroWhenEmpty />
        <NumberField form={form} name="unitPrice" label={t("costs.unitPrice")} zeroWhenEmpty />
        <NumberField form={form} name="tax" label={t("costs.tax")} zeroWhenEmpty />
        <Select
          label={t("costs.currency")}
          data={[...COST_CURRENCIES]}
          value={form.values.currency ?? "EUR"}
          onChange={(v) => form.set("currency", COST_CURRENCIES.find((c) => c === v) ?? "EUR")}
          allowDeselect={false}
          data-testid="field-currency"
        />
        <TextInput
          type="date"
          label={t("costs.date")}
          withAsterisk
          value={form.values.date ?? ""}
          onChange={(e) => form.set("date", e.currentTarget.value)}
          error={errorText(t, form.errorOf("date"))}
          data-testid="field-date"
        />
        {links.map(({ key, label, data, testId }) => (
          <Select
            key={key}
            label={label}
            data={data}
            value={form.values[key] ? String(form.values[key]) : null}
            onChange={(v) => form.set(key, v ? Number(v) : null)}
            error={errorText(t, form.errorOf(key))}
            searchable
            clearable
            data-testid={testId}
          />
        ))}
      </SimpleGrid>
      <TextField form={form} name="description" label={t("costs.description")} />
    </CrudForm>
  );
}
