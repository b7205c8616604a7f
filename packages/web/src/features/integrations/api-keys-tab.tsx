import { Alert, Badge, Button, Code, CopyButton, Group, Modal, Select, Stack } from "@mantine/core";
import { IconKey, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { API_KEY_ROLES, type ApiKey, type ApiKeyRole, apiKeyCreateSchema, apiKeysApi } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CrudForm } from "../../kit/crud/crud-form.tsx";
import { formatDateTime } from "../../kit/format/date.ts";
import { TextField } from "../../kit/forms/fields.tsx";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import { type DataColumn, DataTable, type RowAction } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { apiKeysQuery } from "./api.ts";

/** The company's API keys: who may call the API from outside, as which role, from where; revocable at once. */
export function ApiKeysTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const { timezone: tz } = useTimezone();
  const queryClient = useQueryClient();
  const key = apiKeysQuery(companyId).queryKey;
  const keys = useQuery(apiKeysQuery(companyId));
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const when = (ts: number | null) => (ts === null ? t("apiKeys.never") : formatDateTime(ts, tz, true));

  const columns: DataColumn<ApiKey>[] = [
    { key: "name", header: t("apiKeys.name"), value: (k) => k.name },
    {
      key: "prefix",
      header: t("apiKeys.prefix"),
      value: (k) => `${k.prefix}…`,
      render: (k) => <Code>{k.prefix}…</Code>,
    },
    { key: "role", header: t("apiKeys.role"), value: (k) => t(`apiKeys.roles.${k.role}`) },
    { key: "ip", header: t("apiKeys.ip"), value: (k) => k.ip ?? "" },
    { key: "createdTs", header: t("apiKeys.created"), value: (k) => when(k.createdTs) },
    { key: "createdBy", header: t("apiKeys.createdBy"), value: (k) => k.createdBy },
    { key: "lastUsedTs", header: t("apiKeys.lastUsed"), value: (k) => when(k.lastUsedTs) },
    { key: "lastUsedIp", header: t("apiKeys.lastIp"), value: (k) => k.lastUsedIp ?? "" },
    {
      key: "state",
      header: t("apiKeys.state"),
      width: 130,
      value: (k) => t(k.revokedTs === null ? "apiKeys.active" : "apiKeys.revoked"),
      render: (k) => (
        <Badge color={k.revokedTs === null ? "teal" : "gray"}>
          {t(k.revokedTs === null ? "apiKeys.active" : "apiKeys.revoked")}
        </Badge>
      ),
    },
  ];
  const actions: RowAction<ApiKey>[] = [
    {
      key: "revoke",
      label: t("apiKeys.revoke"),
      icon: <IconTrash size={16} />,
      color: "red",
      visible: (k) => k.revokedTs === null,
      confirm: (k) => t("apiKeys.revokeConfirm", { name: k.name }),
      onClick: async (k) => {
        await api.call(apiKeysApi.revoke, { params: { companyId, keyId: k.id } });
        await reload();
      },
    },
  ];

  const reload = () => queryClient.invalidateQueries({ queryKey: key });

  return (
    <Stack gap="sm">
      <DataTable
        name="apikeys"
        title={t("integrations.apiKeys")}
        intro={t("apiKeys.intro")}
        rows={keys.data ?? []}
        rowKey={(k) => k.id}
        columns={columns}
        actions={actions}
        loading={keys.isPending}
        toolbar={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setCreating(true)}
            data-testid="apikey-new"
          >
            {t("apiKeys.new")}
          </Button>
        }
      />
      {creating ? (
        <ApiKeyForm
          companyId={companyId}
          onCreated={setSecret}
          onClose={() => setCreating(false)}
          onSaved={reload}
        />
      ) : null}
      <Modal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title={t("apiKeys.createdTitle")}
        centered
      >
        <Stack gap="sm">
          <Alert color="orange" icon={<IconKey size={18} />}>
            {t("apiKeys.createdText")}
          </Alert>
          <Code block data-testid="apikey-secret" style={{ wordBreak: "break-all" }}>
            {secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={secret ?? ""}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {t(copied ? "apiKeys.copied" : "apiKeys.copy")}
                </Button>
              )}
            </CopyButton>
            <Button onClick={() => setSecret(null)}>{t("apiKeys.close")}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** A new key: its name, role and allowed addresses; the secret it gets is shown once (`onCreated`). */
function ApiKeyForm({
  companyId,
  onCreated,
  onClose,
  onSaved,
}: {
  companyId: number;
  onCreated(secret: string): void;
  onClose(): void;
  onSaved(): unknown;
}) {
  const { t } = useTranslation();
  const form = useZodForm(apiKeyCreateSchema, { name: "", role: "READONLY", ip: "" });
  return (
    <CrudForm
      form={form}
      title={t("apiKeys.new")}
      size="md"
      send={async (body) =>
        onCreated(
          (await api.call(apiKeysApi.create, { params: { companyId }, body }, { quiet: true })).secret,
        )
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <TextField form={form} name="name" label={t("apiKeys.name")} required />
      <Select
        label={t("apiKeys.role")}
        data={API_KEY_ROLES.map((r) => ({ value: r, label: t(`apiKeys.roles.${r}`) }))}
        value={form.values.role ?? "READONLY"}
        onChange={(v) => form.set("role", (v ?? "READONLY") as ApiKeyRole)}
        allowDeselect={false}
        data-testid="field-role"
      />
      <TextField form={form} name="ip" label={t("apiKeys.ip")} description={t("apiKeys.ipHelp")} />
    </CrudForm>
  );
}
