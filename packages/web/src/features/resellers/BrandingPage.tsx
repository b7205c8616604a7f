import {
  Button,
  ColorInput,
  Divider,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconPencil, IconPlus } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type Brand, brandsApi, brandWriteSchema } from "@vigia/domain";
import type { TFunction } from "i18next";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../kit/forms/FormModal.tsx";
import { send } from "../../kit/forms/send.ts";
import { useZodForm } from "../../kit/forms/useZodForm.ts";
import { type DataColumn, DataTable, type RowAction } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useUser } from "../../platform/session/session.ts";
import { BrandImageField } from "./BrandImageField.tsx";
import { BrandPreview } from "./BrandPreview.tsx";

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
  assigned: b.assigned,
});

/**
 * /branding: the brands (white labels) of the reseller's tree. Each brand names the hosts it answers on, the
 * product's name and colour, its logo and favicon, the origin of its mail links and its texts; a live preview
 * shows the header its users will see.
 */
export function BrandingPage() {
  const { t } = useTranslation();
  const user = useUser();
  const resellerId = user.resellerId ?? 0;
  const queryClient = useQueryClient();
  const key = ["brands", resellerId];
  const brands = useQuery({
    queryKey: key,
    queryFn: () => api.call(brandsApi.list, { params: { resellerId } }),
    enabled: resellerId > 0,
  });
  const [editing, setEditing] = useState<Brand | "new" | null>(null);
  const form = useZodForm(brandWriteSchema, EMPTY);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const zones = useMemo(() => Intl.supportedValuesOf("timeZone"), []);

  const columns: DataColumn<Brand>[] = [
    { key: "name", header: t("branding.name"), value: (b) => b.name },
    { key: "hosts", header: t("branding.hosts"), value: (b) => b.hosts.join(", ") },
    { key: "productName", header: t("branding.productName"), value: (b) => b.productName || b.name },
    {
      key: "assigned",
      header: t("branding.assigned"),
      value: (b) => (b.assigned || b.resellerId === null ? t("branding.yes") : t("branding.no")),
    },
    { key: "origin", header: t("branding.originColumn"), value: (b) => b.origin },
  ];
  const actions: RowAction<Brand>[] = [
    {
      key: "edit",
      label: t("branding.edit"),
      icon: <IconPencil size={16} />,
      onClick: (b) => {
        form.setValues(formValues(b));
        setEditing(b);
      },
    },
  ];

  const save = async () => {
    if (!form.output || editing === null) return false;
    const body = form.output;
    const result = await send(() =>
      editing === "new"
        ? api.call(brandsApi.create, { params: { resellerId }, body }, { quiet: true })
        : api.call(brandsApi.update, { params: { resellerId, brandId: editing.id }, body }, { quiet: true }),
    );
    if (!result.ok) {
      form.setServerErrors(result.fields);
      return false;
    }
    await refresh();
    return true;
  };

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
  const saved = editing !== null && editing !== "new" ? editing : null;

  return (
    <Stack gap="sm" p="md">
      <Text size="sm" c="dimmed">
        {t("branding.intro")}
      </Text>
      <DataTable
        name="brands"
        title={t("routes.branding")}
        rows={brands.data ?? []}
        rowKey={(b) => b.id}
        columns={columns}
        actions={actions}
        loading={brands.isPending}
        toolbar={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              form.setValues(EMPTY);
              setEditing("new");
            }}
            data-testid="brand-new"
          >
            {t("branding.new")}
          </Button>
        }
      />
      <FormModal
        opened={editing !== null}
        title={saved ? saved.name : t("branding.new")}
        onClose={() => setEditing(null)}
        onSave={save}
        valid={form.valid}
        size="xl"
      >
        <BrandPreview
          name={String(form.values.name ?? "")}
          productName={String(form.values.productName ?? "")}
          logoUrl={saved?.logoUrl ?? ""}
          faviconUrl={saved?.faviconUrl ?? ""}
          color={
            /^#[0-9a-fA-F]{6}$/.test(form.values.primaryColor ?? "")
              ? (form.values.primaryColor ?? null)
              : null
          }
        />
        {saved ? (
          <SimpleGrid cols={2}>
            {(["logo", "favicon"] as const).map((image) => (
              <BrandImageField
                key={image}
                resellerId={resellerId}
                brand={saved}
                image={image}
                onChange={(next) => {
                  setEditing(next);
                  void refresh();
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
            value={form.values.primaryColor ?? ""}
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
        <Textarea
          label={t("branding.terms")}
          value={String(form.values.terms ?? "")}
          onChange={(e) => form.set("terms", e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
        />
        <Textarea
          label={t("branding.privacy")}
          value={String(form.values.privacy ?? "")}
          onChange={(e) => form.set("privacy", e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
        />
      </FormModal>
    </Stack>
  );
}
