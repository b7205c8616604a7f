import { Divider, NumberInput, Select, SimpleGrid, Switch } from "@mantine/core";
import {
  COMPANY_STATE,
  type CompanyRecord,
  companyWriteSchema,
  DEFAULT_OFFLINE_AFTER_MIN,
  OFFLINE_AFTER_MIN_RANGE,
} from "@vigia/domain";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { CrudForm } from "../../kit/crud/crud-form.tsx";
import { errorText } from "../../kit/forms/errors.ts";
import { TextField } from "../../kit/forms/fields.tsx";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import { pickProvider, useMapProviders } from "../../platform/company/index.ts";
import { MailFlagsField } from "../users/index.ts";

const EMPTY = {
  name: "",
  email: "",
  address: "",
  phone: "",
  nif: "",
  contact: "",
  demo: false,
  countryId: "",
  productId: 0,
  licenses: { vehicleTotal: 0, vehicleBillable: 0, assetTotal: 0, assetBillable: 0 },
  state: 1,
  retentionDays: 30,
  passwordExpirationDays: null,
  mapType: "osm",
  cartography: "osm",
  craCode: "",
  restrictions: { timeRange: null, ip: null },
  conf: { general: {}, notifications: { mail: {} } },
};

/** Company form of the super-user view. */
export function CompanyForm({
  row,
  resellers,
  defaultReseller,
  send,
  onClose,
  onSaved,
}: {
  row: CompanyRecord | null;
  resellers: { id: number; name: string }[];
  defaultReseller: number;
  /** Creates or updates the company. */
  send(values: z.output<typeof companyWriteSchema>): Promise<unknown>;
  onClose(): void;
  onSaved(): unknown;
}) {
  const { t } = useTranslation();
  // The record's other fields (id, timestamps) are not part of the form: the schema leaves them out.
  const start: Record<string, unknown> = row
    ? { ...EMPTY, ...row }
    : { ...EMPTY, resellerId: defaultReseller };
  const form = useZodForm(companyWriteSchema, start);
  const licenses = form.values.licenses ?? {
    vehicleTotal: 0,
    vehicleBillable: 0,
    assetTotal: 0,
    assetBillable: 0,
  };
  const conf = form.values.conf as {
    general?: Record<string, unknown>;
    notifications?: { mail?: Record<string, boolean> };
    commands?: { operators?: boolean };
  };
  const general = conf.general ?? {};
  const mail = conf.notifications?.mail ?? {};
  const providers = useMapProviders();
  const setGeneral = (key: string, value: unknown) =>
    form.set("conf", { ...conf, general: { ...general, [key]: value } });
  return (
    <CrudForm
      form={form}
      title={row ? t("companies.edit") : t("companies.new")}
      size="xl"
      send={send}
      onClose={onClose}
      onSaved={onSaved}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField form={form} name="name" label={t("mgmt.name")} required />
        <TextField form={form} name="email" label={t("users.email")} />
        <TextField form={form} name="phone" label={t("users.phone")} />
        <TextField form={form} name="address" label={t("companies.address")} />
        <TextField form={form} name="nif" label={t("companies.nif")} />
        <TextField form={form} name="contact" label={t("companies.contact")} />
        <TextField form={form} name="countryId" label={t("users.country")} />
        <Select
          label={t("companies.reseller")}
          data={resellers.map((r) => ({ value: String(r.id), label: r.name }))}
          value={String(form.values.resellerId)}
          onChange={(v) => v && form.set("resellerId", Number(v))}
          allowDeselect={false}
        />
        <Select
          label={t("company.stateLabel")}
          // 0 and 1 both mean active: 0 is offered only to a company that still has it.
          data={(form.values.state === COMPANY_STATE.active0 ? [0, 1, 2, 3, 4] : [1, 2, 3, 4]).map((s) => ({
            value: String(s),
            label: t(`companyStateOption.${s}`),
          }))}
          data-testid="company-state"
          value={String(form.values.state)}
          onChange={(v) => v && form.set("state", Number(v))}
          allowDeselect={false}
        />
        <NumberInput
          label={t("companies.product")}
          value={Number(form.values.productId)}
          min={0}
          onChange={(v) => form.set("productId", Number(v) || 0)}
        />
        <NumberInput
          label={t("companies.retentionDays")}
          value={Number(form.values.retentionDays)}
          min={1}
          onChange={(v) => form.set("retentionDays", Number(v) || 1)}
        />
        <NumberInput
          label={t("companies.passwordExpirationDays")}
          value={
            form.values.passwordExpirationDays === null ? "" : Number(form.values.passwordExpirationDays)
          }
          min={1}
          onChange={(v) => form.set("passwordExpirationDays", typeof v === "number" ? v : null)}
        />
        <TextField form={form} name="mapType" label={t("companies.mapType")} />
        <TextField form={form} name="cartography" label={t("companies.cartography")} />
        <TextField form={form} name="craCode" label={t("companies.craCode")} />
        <Select
          label={t("companies.fuelUnits")}
          data={[
            { value: "0", label: "L/100km" },
            { value: "1", label: "km/L" },
          ]}
          value={String(general.fuel_units ?? 0)}
          onChange={(v) => v && setGeneral("fuel_units", Number(v))}
          allowDeselect={false}
        />
        <Select
          label={t("companies.mapProvider")}
          description={t("companies.mapProviderHelp")}
          data={(providers ?? []).map((p) => ({
            value: p.id,
            label: t(`companies.mapProviders.${p.id}`, { defaultValue: p.name }),
          }))}
          value={pickProvider(providers ?? [], general.mapProvider)?.id ?? null}
          onChange={(v) => v && setGeneral("mapProvider", v)}
          error={errorText(t, form.errors["conf.general.mapProvider"])}
          allowDeselect={false}
          data-testid="company-map-provider"
        />
        <NumberInput
          label={t("companies.offlineAfterMin")}
          description={t("companies.offlineAfterMinHelp")}
          value={
            typeof general.offlineAfterMin === "number" ? general.offlineAfterMin : DEFAULT_OFFLINE_AFTER_MIN
          }
          min={OFFLINE_AFTER_MIN_RANGE.min}
          max={OFFLINE_AFTER_MIN_RANGE.max}
          onChange={(v) =>
            setGeneral("offlineAfterMin", typeof v === "number" ? v : DEFAULT_OFFLINE_AFTER_MIN)
          }
          data-testid="company-offline-after"
        />
        <Switch
          mt="xl"
          label={t("companies.demo")}
          checked={Boolean(form.values.demo)}
          onChange={(e) => form.set("demo", e.currentTarget.checked)}
        />
        <Switch
          mt="xl"
          label={t("itineraryFlag.switch")}
          description={t("itineraryFlag.switchHelp")}
          checked={general.itenerary === true}
          onChange={(e) => setGeneral("itenerary", e.currentTarget.checked)}
          data-testid="company-itineraries"
        />
        <Switch
          mt="xl"
          label={t("commands.operatorsAllowed")}
          checked={conf.commands?.operators === true}
          onChange={(e) => form.set("conf", { ...conf, commands: { operators: e.currentTarget.checked } })}
          data-testid="company-commands-operators"
        />
      </SimpleGrid>
      <Divider label={t("companies.licenses")} labelPosition="left" />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {(["vehicleTotal", "vehicleBillable", "assetTotal", "assetBillable"] as const).map((key) => (
          <NumberInput
            key={key}
            label={t(`companies.${key}`)}
            description={key.endsWith("Total") ? t("licences.zeroHelp") : undefined}
            min={0}
            data-testid={`company-licence-${key}`}
            value={licenses[key] ?? 0}
            onChange={(v) => form.set("licenses", { ...licenses, ...{ [key]: Number(v) || 0 } })}
          />
        ))}
      </SimpleGrid>
      <MailFlagsField
        value={mail}
        onChange={(next) => form.set("conf", { ...conf, notifications: { mail: next } })}
      />
    </CrudForm>
  );
}
