import {
  Badge,
  Button,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { IconPencil, IconPlus, IconRefresh, IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  FORWARD_KINDS,
  type ForwardKind,
  type ForwardTarget,
  forwardingApi,
  forwardTargetInputSchema,
} from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { errorText } from "../../kit/forms/errors.ts";
import { FormModal } from "../../kit/forms/FormModal.tsx";
import { send } from "../../kit/forms/send.ts";
import { useZodForm } from "../../kit/forms/useZodForm.ts";
import { type DataColumn, DataTable, type RowAction } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { forwardingErrorText } from "./forwardingError.ts";

const EMPTY = {
  name: "",
  kind: "webhook" as ForwardKind,
  url: "",
  secret: "",
  topic: "",
  batchSize: 50,
  active: true,
};

/** The company's forwarding targets (conf.postsender) with each one's delivery status. */
export function ForwardingTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const { timezone: tz } = useTimezone();
  const queryClient = useQueryClient();
  const key = ["forwarding", companyId];
  const targets = useQuery({
    queryKey: key,
    queryFn: () => api.call(forwardingApi.list, { params: { companyId } }),
    refetchInterval: 10_000,
  });
  const [editing, setEditing] = useState<ForwardTarget | "new" | null>(null);
  const form = useZodForm(forwardTargetInputSchema, EMPTY);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const when = (ts: number | null) => (ts === null ? t("forwarding.never") : formatDateTime(ts, tz, true));
  const state = (r: ForwardTarget) =>
    !r.active ? "paused" : r.lastError && (r.lastErrorTs ?? 0) > (r.lastSuccessTs ?? 0) ? "failing" : "ok";

  const columns: DataColumn<ForwardTarget>[] = [
    { key: "name", header: t("forwarding.name"), value: (r) => r.name },
    { key: "kind", header: t("forwarding.kind"), value: (r) => t(`forwarding.kinds.${r.kind}`) },
    { key: "url", header: t("forwarding.url"), value: (r) => r.url },
    {
      key: "status",
      header: t("forwarding.status"),
      width: 140,
      value: (r) => t(`forwarding.${state(r)}`),
      render: (r) => {
        const s = state(r);
        return (
          <Badge
            color={s === "ok" ? "teal" : s === "failing" ? "red" : "gray"}
            data-testid={`fwd-state-${r.id}`}
          >
            {t(`forwarding.${s}`)}
          </Badge>
        );
      },
    },
    { key: "lastSuccessTs", header: t("forwarding.lastSuccess"), value: (r) => when(r.lastSuccessTs) },
    { key: "backlog", header: t("forwarding.backlog"), value: (r) => r.backlog },
    { key: "dead", header: t("forwarding.dead"), value: (r) => r.dead },
    {
      key: "lastError",
      header: t("forwarding.lastError"),
      value: (r) => (r.lastError ? `${when(r.lastErrorTs)} · ${forwardingErrorText(r.lastError, t)}` : ""),
      render: (r) =>
        r.lastError ? (
          <Tooltip label={forwardingErrorText(r.lastError, t)}>
            <Text size="sm" c="red" truncate maw={220}>
              {when(r.lastErrorTs)} · {forwardingErrorText(r.lastError, t)}
            </Text>
          </Tooltip>
        ) : null,
    },
  ];
  const actions: RowAction<ForwardTarget>[] = [
    {
      key: "edit",
      label: t("forwarding.edit"),
      icon: <IconPencil size={16} />,
      onClick: (r) => {
        form.setValues({ ...r, secret: "" });
        setEditing(r);
      },
    },
    {
      key: "retry",
      label: t("forwarding.retryDead"),
      icon: <IconRefresh size={16} />,
      visible: (r) => r.dead > 0,
      onClick: async (r) => {
        await api.call(forwardingApi.retryDead, { params: { companyId, targetId: r.id } });
        await refresh();
      },
    },
    {
      key: "delete",
      label: t("forwarding.delete"),
      icon: <IconTrash size={16} />,
      color: "red",
      confirm: (r) => t("forwarding.deleteConfirm", { name: r.name }),
      onClick: async (r) => {
        await api.call(forwardingApi.remove, { params: { companyId, targetId: r.id } });
        await refresh();
      },
    },
  ];

  const save = async () => {
    if (!form.output || editing === null) return false;
    const body = form.output;
    const result = await send(() =>
      editing === "new"
        ? api.call(forwardingApi.create, { params: { companyId }, body }, { quiet: true })
        : api.call(
            forwardingApi.update,
            { params: { companyId, targetId: editing.id }, body },
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

  const kind = form.values.kind ?? "webhook";
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("forwarding.intro")}
      </Text>
      <DataTable
        name="forwarding"
        title={t("integrations.forwarding")}
        rows={targets.data ?? []}
        rowKey={(r) => r.id}
        columns={columns}
        actions={actions}
        loading={targets.isPending}
        toolbar={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              form.setValues(EMPTY);
              setEditing("new");
            }}
            data-testid="forward-new"
          >
            {t("forwarding.new")}
          </Button>
        }
      />
      <FormModal
        opened={editing !== null}
        title={editing === "new" || editing === null ? t("forwarding.new") : editing.name}
        onClose={() => setEditing(null)}
        onSave={save}
        valid={form.valid}
        size="md"
      >
        <TextInput
          label={t("forwarding.name")}
          withAsterisk
          value={String(form.values.name ?? "")}
          onChange={(e) => form.set("name", e.currentTarget.value)}
          error={errorText(t, form.errorOf("name"))}
          data-testid="field-name"
        />
        <Select
          label={t("forwarding.kind")}
          data={FORWARD_KINDS.map((k) => ({ value: k, label: t(`forwarding.kinds.${k}`) }))}
          value={kind}
          onChange={(v) => form.set("kind", (v ?? "webhook") as ForwardKind)}
          allowDeselect={false}
          data-testid="field-kind"
        />
        <TextInput
          label={t("forwarding.url")}
          withAsterisk
          placeholder={kind === "mqtt" ? "mqtts://broker.example.com:8883" : "https://example.com/positions"}
          value={String(form.values.url ?? "")}
          onChange={(e) => form.set("url", e.currentTarget.value)}
          error={errorText(t, form.errorOf("url"))}
          data-testid="field-url"
        />
        {kind !== "osmand" ? (
          <PasswordInput
            label={t("forwarding.secret")}
            description={kind === "webhook" ? t("forwarding.secretHelp") : undefined}
            value={String(form.values.secret ?? "")}
            onChange={(e) => form.set("secret", e.currentTarget.value)}
            placeholder={editing !== "new" && editing?.hasSecret ? "••••••••" : undefined}
          />
        ) : null}
        {kind === "mqtt" ? (
          <TextInput
            label={t("forwarding.topic")}
            placeholder="vigia"
            value={String(form.values.topic ?? "")}
            onChange={(e) => form.set("topic", e.currentTarget.value)}
          />
        ) : null}
        {kind === "webhook" ? (
          <NumberInput
            label={t("forwarding.batchSize")}
            min={1}
            max={500}
            value={form.values.batchSize ?? 50}
            onChange={(v) => form.set("batchSize", typeof v === "number" ? v : 50)}
            error={errorText(t, form.errorOf("batchSize"))}
          />
        ) : null}
        <Switch
          label={t("forwarding.active")}
          checked={form.values.active ?? true}
          onChange={(e) => form.set("active", e.currentTarget.checked)}
        />
      </FormModal>
    </Stack>
  );
}
