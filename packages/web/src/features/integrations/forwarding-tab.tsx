import { Badge, NumberInput, PasswordInput, Select, Switch, Text, TextInput, Tooltip } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  FORWARD_KINDS,
  type ForwardKind,
  type ForwardTarget,
  forwardingApi,
  forwardTargetInputSchema,
} from "@vigia/domain";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { CrudForm } from "../../kit/crud/crud-form.tsx";
import { CrudList } from "../../kit/crud/crud-list.tsx";
import { formatDateTime } from "../../kit/format/date.ts";
import { errorText } from "../../kit/forms/errors.ts";
import { TextField } from "../../kit/forms/fields.tsx";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import type { DataColumn, RowAction } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { forwardingQuery } from "./api.ts";
import { forwardingErrorText } from "./forwarding-error.ts";

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
  const key = forwardingQuery(companyId).queryKey;
  const targets = useQuery({ ...forwardingQuery(companyId), refetchInterval: 10_000 });
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
  const retry: RowAction<ForwardTarget> = {
    key: "retry",
    label: t("forwarding.retryDead"),
    icon: <IconRefresh size={16} />,
    visible: (r) => r.dead > 0,
    onClick: async (r) => {
      await api.call(forwardingApi.retryDead, { params: { companyId, targetId: r.id } });
      await refresh();
    },
  };

  return (
    <CrudList
      intro={t("forwarding.intro")}
      name="forwarding"
      title={t("integrations.forwarding")}
      rows={targets.data ?? []}
      columns={columns}
      loading={targets.isPending}
      writeAccess={forwardingApi.update.access}
      label={(r) => r.name}
      extraActions={[retry]}
      remove={(r) =>
        api.call(forwardingApi.remove, { params: { companyId, targetId: r.id } }, { quiet: true })
      }
      afterDelete={refresh}
      form={(row, close, readOnly) => (
        <ForwardForm companyId={companyId} row={row} readOnly={readOnly} onClose={close} onSaved={refresh} />
      )}
    />
  );
}

/** A new or edited forwarding target: where to, how, and the secret kept once set. */
function ForwardForm({
  companyId,
  row,
  readOnly,
  onClose,
  onSaved,
}: {
  companyId: number;
  row: ForwardTarget | null;
  readOnly: boolean;
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const { t } = useTranslation();
  // The stored secret never comes back: empty keeps it.
  const form = useZodForm(forwardTargetInputSchema, row ? { ...row, secret: "" } : EMPTY);
  const send = (body: z.output<typeof forwardTargetInputSchema>) =>
    row
      ? api.call(forwardingApi.update, { params: { companyId, targetId: row.id }, body }, { quiet: true })
      : api.call(forwardingApi.create, { params: { companyId }, body }, { quiet: true });
  const kind = form.values.kind ?? "webhook";
  return (
    <CrudForm
      form={form}
      title={row ? row.name : t("forwarding.new")}
      readOnly={readOnly}
      size="md"
      send={send}
      onClose={onClose}
      onSaved={onSaved}
    >
      <TextField form={form} name="name" label={t("forwarding.name")} required />
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
          placeholder={row?.hasSecret ? "••••••••" : undefined}
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
    </CrudForm>
  );
}
