import { Anchor, Avatar, Box, Group, Text, Textarea } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type SupportAdmin, supportInputSchema, supportsApi } from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { CrudForm } from "../../kit/crud/crud-form.tsx";
import { CrudList } from "../../kit/crud/crud-list.tsx";
import { errorText } from "../../kit/forms/errors.ts";
import { TextField } from "../../kit/forms/fields.tsx";
import { IdsSelect } from "../../kit/forms/ids-select.tsx";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { resellerQueries } from "../../platform/company/index.ts";
import { useUser } from "../../platform/session/session.ts";
import { supportsAdminQuery } from "./api.ts";
import { SupportPhotoField } from "./support-photo-field.tsx";

const EMPTY = {
  name: "",
  helpline: "",
  email: "",
  mobile: "",
  whatsapp: "",
  description: "",
  companyIds: [],
};

/** /supports: the reseller's support contacts and the companies whose help menu shows each. */
export function SupportsPage() {
  const { t } = useTranslation();
  const user = useUser();
  const resellerId = user.resellerId ?? 0;
  const queryClient = useQueryClient();
  const supports = useQuery(supportsAdminQuery(resellerId));
  const companies = useQuery({ ...resellerQueries.companies(resellerId), enabled: resellerId > 0 });
  const own = useMemo(
    () => Object.values(companies.data ?? {}).filter((c) => c.resellerId === resellerId),
    [companies.data, resellerId],
  );
  const companyName = (id: number) => own.find((c) => c.id === id)?.name ?? `#${id}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: supportsAdminQuery(resellerId).queryKey });

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
  return (
    <Box p="md">
      <CrudList
        intro={t("supportsAdmin.intro")}
        name="supports"
        title={t("routes.supports")}
        rows={supports.data ?? []}
        columns={columns}
        loading={supports.isPending}
        writeAccess={supportsApi.update.access}
        label={(s) => s.name}
        remove={(s) =>
          api.call(supportsApi.remove, { params: { resellerId, supportId: s.id } }, { quiet: true })
        }
        afterDelete={refresh}
        form={(row, close, readOnly) => (
          <SupportForm
            resellerId={resellerId}
            row={row}
            readOnly={readOnly}
            companies={own}
            onClose={close}
            onSaved={refresh}
          />
        )}
      />
    </Box>
  );
}

/** A new or edited support contact: its photo (once saved), its contacts and the companies that show it. */
function SupportForm({
  resellerId,
  row,
  readOnly,
  companies,
  onClose,
  onSaved,
}: {
  resellerId: number;
  row: SupportAdmin | null;
  readOnly: boolean;
  companies: { id: number; name: string }[];
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const { t } = useTranslation();
  // The photo is stored as soon as it is chosen: the contact it came back on is the one shown.
  const [saved, setSaved] = useState<SupportAdmin | null>(row);
  const form = useZodForm(supportInputSchema, row ?? EMPTY);
  const send = (body: z.output<typeof supportInputSchema>) =>
    row
      ? api.call(supportsApi.update, { params: { resellerId, supportId: row.id }, body }, { quiet: true })
      : api.call(supportsApi.create, { params: { resellerId }, body }, { quiet: true });
  return (
    <CrudForm
      form={form}
      title={saved ? saved.name : t("supportsAdmin.new")}
      readOnly={readOnly}
      send={send}
      onClose={onClose}
      onSaved={onSaved}
    >
      {saved && !readOnly ? (
        <SupportPhotoField
          resellerId={resellerId}
          contact={saved}
          onChange={(next) => {
            setSaved(next);
            void onSaved();
          }}
        />
      ) : (
        <Text size="xs" c="dimmed">
          {t("supportPhoto.afterSave")}
        </Text>
      )}
      <TextField form={form} name="name" label={t("supportsAdmin.name")} required />
      <Group grow align="flex-start">
        <TextField form={form} name="helpline" label={t("supportsAdmin.helpline")} />
        <TextField form={form} name="email" label={t("supportsAdmin.email")} />
      </Group>
      <Group grow align="flex-start">
        <TextField form={form} name="mobile" label={t("supportsAdmin.mobile")} />
        <TextField form={form} name="whatsapp" label={t("supportsAdmin.whatsapp")} />
      </Group>
      <Textarea
        label={t("supportsAdmin.description")}
        value={String(form.values.description ?? "")}
        onChange={(e) => form.set("description", e.currentTarget.value)}
        autosize
        minRows={2}
      />
      <IdsSelect
        label={t("supportsAdmin.companies")}
        rows={companies}
        value={form.values.companyIds ?? []}
        onChange={(v) => form.set("companyIds", v)}
        error={errorText(t, form.errorOf("companyIds"))}
        data-testid="field-companyIds"
      />
    </CrudForm>
  );
}
