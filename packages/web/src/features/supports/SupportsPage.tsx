import { Anchor, Avatar, Button, Group, MultiSelect, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { resellerLoad, type SupportAdmin, supportInputSchema, supportsApi } from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../kit/forms/errors.ts";
import { FormModal } from "../../kit/forms/FormModal.tsx";
import { send } from "../../kit/forms/send.ts";
import { useZodForm } from "../../kit/forms/useZodForm.ts";
import { type DataColumn, DataTable, type RowAction } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useUser } from "../../platform/session/session.ts";
import { SupportPhotoField } from "./SupportPhotoField.tsx";

const EMPTY = {
  name: "",
  helpline: "",
  email: "",
  mobile: "",
  whatsapp: "",
  description: "",
  companyIds: [],
};
type TextKey = "name" | "helpline" | "email" | "mobile" | "whatsapp";

/** /supports: the reseller's support contacts and the companies whose help menu shows each. */
export function SupportsPage() {
  const { t } = useTranslation();
  const user = useUser();
  const resellerId = user.resellerId ?? 0;
  const queryClient = useQueryClient();
  const key = ["supports-admin", resellerId];
  const supports = useQuery({
    queryKey: key,
    queryFn: () => api.call(supportsApi.list, { params: { resellerId } }),
    enabled: resellerId > 0,
  });
  const companies = useQuery({
    queryKey: ["supports-companies", resellerId],
    queryFn: () => api.call(resellerLoad.companies, { params: { resellerId } }),
    enabled: resellerId > 0,
  });
  const own = useMemo(
    () => Object.values(companies.data ?? {}).filter((c) => c.resellerId === resellerId),
    [companies.data, resellerId],
  );
  const companyName = (id: number) => own.find((c) => c.id === id)?.name ?? `#${id}`;
  const [editing, setEditing] = useState<SupportAdmin | "new" | null>(null);
  const form = useZodForm(supportInputSchema, EMPTY);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const link = (href: string, text: string) =>
    text ? (
      <Anchor href={href} target="_blank" rel="noreferrer" size="sm">
        {text}
      </Anchor>
    ) : null;
  const columns: DataColumn<SupportAdmin>[] = [
    {
      key: "photo",
      header: t("supportPhoto.label"),
      value: (s) => (s.photoUrl ? "✓" : ""),
      render: (s) => <Avatar src={s.photoUrl || null} size={32} radius={32} name={s.name} color="initials" />,
    },
    { key: "name", header: t("supportsAdmin.name"), value: (s) => s.name },
    {
      key: "helpline",
      header: t("supportsAdmin.helpline"),
      value: (s) => s.helpline,
      render: (s) => link(`tel:${s.helpline}`, s.helpline),
    },
    {
      key: "email",
      header: t("supportsAdmin.email"),
      value: (s) => s.email,
      render: (s) => link(`mailto:${s.email}`, s.email),
    },
    { key: "mobile", header: t("supportsAdmin.mobile"), value: (s) => s.mobile },
    {
      key: "whatsapp",
      header: t("supportsAdmin.whatsapp"),
      value: (s) => s.whatsapp,
      render: (s) => link(`https://wa.me/${s.whatsapp.replace(/[^0-9]/g, "")}`, s.whatsapp),
    },
    { key: "description", header: t("supportsAdmin.description"), value: (s) => s.description },
    {
      key: "companies",
      header: t("supportsAdmin.companies"),
      value: (s) => s.companyIds.map(companyName).join(", "),
    },
  ];
  const actions: RowAction<SupportAdmin>[] = [
    {
      key: "edit",
      label: t("supportsAdmin.edit"),
      icon: <IconPencil size={16} />,
      onClick: (s) => {
        form.setValues(s);
        setEditing(s);
      },
    },
    {
      key: "delete",
      label: t("supportsAdmin.delete"),
      icon: <IconTrash size={16} />,
      color: "red",
      confirm: (s) => t("supportsAdmin.deleteConfirm", { name: s.name }),
      onClick: async (s) => {
        await api.call(supportsApi.remove, { params: { resellerId, supportId: s.id } });
        await refresh();
      },
    },
  ];

  const save = async () => {
    if (!form.output || editing === null) return false;
    const body = form.output;
    const result = await send(() =>
      editing === "new"
        ? api.call(supportsApi.create, { params: { resellerId }, body }, { quiet: true })
        : api.call(
            supportsApi.update,
            { params: { resellerId, supportId: editing.id }, body },
            { quiet: true },
          ),
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
      label={t(`supportsAdmin.${name}`)}
      withAsterisk={required}
      value={String(form.values[name] ?? "")}
      onChange={(e) => form.set(name, e.currentTarget.value)}
      error={errorText(t, form.errorOf(name))}
      data-testid={`field-${name}`}
    />
  );

  return (
    <Stack gap="sm" p="md">
      <Text size="sm" c="dimmed">
        {t("supportsAdmin.intro")}
      </Text>
      <DataTable
        name="supports"
        title={t("routes.supports")}
        rows={supports.data ?? []}
        rowKey={(s) => s.id}
        columns={columns}
        actions={actions}
        loading={supports.isPending}
        toolbar={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              form.setValues(EMPTY);
              setEditing("new");
            }}
            data-testid="support-new"
          >
            {t("supportsAdmin.new")}
          </Button>
        }
      />
      <FormModal
        opened={editing !== null}
        title={editing === "new" || editing === null ? t("supportsAdmin.new") : editing.name}
        onClose={() => setEditing(null)}
        onSave={save}
        valid={form.valid}
      >
        {editing !== null && editing !== "new" ? (
          <SupportPhotoField
            resellerId={resellerId}
            contact={editing}
            onChange={(next) => {
              setEditing(next);
              void refresh();
            }}
          />
        ) : (
          <Text size="xs" c="dimmed">
            {t("supportPhoto.afterSave")}
          </Text>
        )}
        {text("name", true)}
        <Group grow align="flex-start">
          {text("helpline")}
          {text("email")}
        </Group>
        <Group grow align="flex-start">
          {text("mobile")}
          {text("whatsapp")}
        </Group>
        <Textarea
          label={t("supportsAdmin.description")}
          value={String(form.values.description ?? "")}
          onChange={(e) => form.set("description", e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <MultiSelect
          label={t("supportsAdmin.companies")}
          data={own.map((c) => ({ value: String(c.id), label: c.name }))}
          value={(form.values.companyIds ?? []).map(String)}
          onChange={(v) => form.set("companyIds", v.map(Number))}
          error={errorText(t, form.errorOf("companyIds"))}
          searchable
          data-testid="field-companyIds"
        />
      </FormModal>
    </Stack>
  );
}
