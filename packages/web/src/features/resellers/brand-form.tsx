import {
  ColorInput,
  Divider,
  Group,
  Select,
  SimpleGrid,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { type Brand, brandsApi, brandWriteSchema } from "@vigia/domain";
import type { TFunction } from "i18next";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { CrudForm } from "../../kit/crud/crud-form.tsx";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import { api } from "../../platform/api/instance.ts";
import { useMapProviders } from "../../platform/company/index.ts";
import { BrandImageField } from "./brand-image-field.tsx";
import { BrandPreview } from "./brand-preview.tsx";

const NO_APPS = { apkUrl: "", ipaUrl: "", playStoreUrl: "", appStoreUrl: "" };
const EMPTY = {
  name: "",
  hosts: [],
  primaryColor: null,
  origin: "",
  supportEmail: "",
  supportPhone: "",
  apps: NO_APPS,
  terms: "",
  privacy: "",
  productName: "",
  timezone: "Europe/Madrid",
  mapProvider: "",
};
type TextKey = "name" | "productName" | "origin" | "supportEmail" | "supportPhone";
type AppKey = keyof typeof NO_APPS;
const APP_KEYS: AppKey[] = ["apkUrl", "ipaUrl", "playStoreUrl", "appStoreUrl"];

/** A field's error code ("brand.host", "required") as text; unknown codes show as they are. */
const fieldError = (t: TFunction, code: string | undefined): string | undefined =>
  code ? t(`branding.errors.${code.replaceAll(".", "_")}`, { defaultValue: code }) : undefined;

const formValues = (b: Brand) => ({
  name: b.name,
  hosts: b.hosts,
  primaryColor: b.primaryColor,
  origin: b.origin,
  supportEmail: b.supportEmail,
  supportPhone: b.supportPhone,
  apps: b.apps,
  terms: b.terms,
  privacy: b.privacy,
  productName: b.productName,
  timezone: b.timezone,
  mapProvider: b.mapProvider,
  assigned: b.assigned,
});

/**
 * A new or edited brand: the hosts it answers on, the product's name and colour, its logo and favicon (once
 * saved), the origin of its mail links and its texts; a live preview shows the header its users will see.
 */
export function BrandForm({
  resellerId,
  row,
  readOnly,
  onClose,
  onSaved,
}: {
  resellerId: number;
  row: Brand | null;
  /** Shows the brand without Save (a read-only reseller opened it). */
  readOnly: boolean;
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const { t } = useTranslation();
  // The images are stored as soon as they are chosen: the brand they came back on is the one shown.
  const [saved, setSaved] = useState<Brand | null>(row);
  const form = useZodForm(brandWriteSchema, row ? formValues(row) : EMPTY);
  const zones = useMemo(() => Intl.supportedValuesOf("timeZone"), []);
  const providers = useMapProviders() ?? [];
  const send = (body: z.output<typeof brandWriteSchema>) =>
    row
      ? api.call(brandsApi.update, { params: { resellerId, brandId: row.id }, body }, { quiet: true })
      : api.call(brandsApi.create, { params: { resellerId }, body }, { quiet: true });

  const text = (name: TextKey, required = false) => (
    <TextInput
      label={t(`branding.${name}`)}
      withAsterisk={required}
      value={String(form.values[name] ?? "")}
      onChange={(e) => form.set(name, e.currentTarget.value)}
      error={fieldError(t, form.errorOf(name))}
      data-testid={`brand-field-${name}`}
    />
  );
  const apps = { ...NO_APPS, ...form.values.apps };
  const color = form.values.primaryColor ?? "";

  return (
    <CrudForm
      form={form}
      title={saved ? saved.name : t("branding.new")}
      readOnly={readOnly}
      size="xl"
      send={send}
      onClose={onClose}
      onSaved={onSaved}
    >
      <BrandPreview
        name={String(form.values.name ?? "")}
        productName={String(form.values.productName ?? "")}
        logoUrl={saved?.logoUrl ?? ""}
        faviconUrl={saved?.faviconUrl ?? ""}
        color={/^#[0-9a-fA-F]{6}$/.test(color) ? color : null}
      />
      {saved && !readOnly ? (
        <SimpleGrid cols={2}>
          {(["logo", "favicon"] as const).map((image) => (
            <BrandImageField
              key={image}
              resellerId={resellerId}
              brand={saved}
              image={image}
              onChange={(next) => {
                setSaved(next);
                void onSaved();
              }}
            />
          ))}
        </SimpleGrid>
      ) : (
        <Text size="xs" c="dimmed">
          {t("branding.imagesAfterSave")}
        </Text>
      )}
      <Group grow align="flex-start">
        {text("name", true)}
        {text("productName")}
      </Group>
      <TagsInput
        label={t("branding.hosts")}
        description={t("branding.hostsHint")}
        value={form.values.hosts ?? []}
        onChange={(v) => form.set("hosts", v)}
        error={fieldError(t, form.errorOf("hosts") ?? form.errorOf("hosts.0"))}
        data-testid="brand-field-hosts"
      />
      <Group grow align="flex-start">
        <ColorInput
          label={t("branding.primaryColor")}
          format="hex"
          value={color}
          onChange={(v) => form.set("primaryColor", v === "" ? null : v)}
          error={fieldError(t, form.errorOf("primaryColor"))}
          data-testid="brand-field-primaryColor"
        />
        <Select
          label={t("branding.timezone")}
          data={zones}
          searchable
          value={form.values.timezone ?? null}
          onChange={(v) => form.set("timezone", v ?? "")}
          error={fieldError(t, form.errorOf("timezone"))}
        />
      </Group>
      <Select
        label={t("branding.mapProvider")}
        description={t("branding.mapProviderHint")}
        placeholder={t("branding.mapProviderDefault")}
        data={providers.map((p) => ({
          value: p.id,
          label: t(`companies.mapProviders.${p.id}`, { defaultValue: p.name }),
        }))}
        clearable
        value={form.values.mapProvider || null}
        onChange={(v) => form.set("mapProvider", v ?? "")}
        error={fieldError(t, form.errorOf("mapProvider"))}
        data-testid="brand-field-mapProvider"
      />
      {saved === null || saved.resellerId !== null ? (
        <Switch
          label={t("branding.assignedSwitch")}
          description={t("branding.assignedHint")}
          checked={form.values.assigned ?? false}
          // The companies always carry some brand: another one is chosen on that brand, not by unticking.
          disabled={saved?.assigned === true}
          onChange={(e) => form.set("assigned", e.currentTarget.checked)}
          data-testid="brand-field-assigned"
        />
      ) : null}
      {text("origin")}
      <Group grow align="flex-start">
        {text("supportEmail")}
        {text("supportPhone")}
      </Group>
      <Divider label={t("branding.apps")} labelPosition="left" />
      <SimpleGrid cols={2}>
        {APP_KEYS.map((app) => (
          <TextInput
            key={app}
            label={t(`branding.${app}`)}
            value={apps[app]}
            onChange={(e) => form.set("apps", { ...apps, [app]: e.currentTarget.value })}
            error={fieldError(t, form.errorOf(`apps.${app}`))}
          />
        ))}
      </SimpleGrid>
      {(["terms", "privacy"] as const).map((name) => (
        <Textarea
          key={name}
          label={t(`branding.${name}`)}
          value={String(form.values[name] ?? "")}
          onChange={(e) => form.set(name, e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
        />
      ))}
    </CrudForm>
  );
}
