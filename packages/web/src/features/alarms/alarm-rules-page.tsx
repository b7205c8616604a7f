import { Badge, Button, Stack } from "@mantine/core";
import { IconEdit, IconPlus } from "@tabler/icons-react";
import { ALARM_PRIORITY_COLOR, type AlarmInputs, type AlarmRule, alarmsApi } from "@vigia/domain";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type DataColumn, DataTable } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany } from "../../platform/company/index.ts";
import { AlarmRuleForm } from "./alarm-rule-form.tsx";

/** /alarms: the company's alarm rules in the generic table, with the rule form. */
export function AlarmRulesPage() {
  const { t, i18n } = useTranslation();
  const { companyId } = useCompany();
  const [rules, setRules] = useState<AlarmRule[]>([]);
  const [inputs, setInputs] = useState<AlarmInputs | null>(null);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<AlarmRule | null | undefined>(undefined);

  const reload = useCallback(async () => {
    if (companyId === null) return;
    setLoading(true);
    try {
      setRules(Object.values(await api.call(alarmsApi.rules, { params: { companyId } })));
    } finally {
      setLoading(false);
    }
  }, [companyId]);
  useEffect(() => {
    if (companyId === null) return;
    void reload().catch(() => undefined);
    void api
      .call(alarmsApi.inputs, { params: { companyId } })
      .then(setInputs)
      .catch(() => undefined);
  }, [companyId, reload]);

  const familyName = useCallback(
    (code: number | null) => {
      const f = code === null ? undefined : inputs?.families[code];
      return f ? (f.name[i18n.language] ?? f.name.en ?? String(code)) : String(code ?? "");
    },
    [inputs, i18n.language],
  );
  const columns = useMemo<DataColumn<AlarmRule>[]>(
    () => [
      { key: "name", header: t("alarms.col.name"), value: (r) => r.info.name, sortable: true },
      {
        key: "family",
        header: t("alarms.form.family"),
        value: (r) => familyName(r.info.family),
        sortable: true,
      },
      {
        key: "priority",
        header: t("alarms.col.priority"),
        value: (r) => t(`alarms.priority.${r.info.priority}`),
        render: (r) => (
          <Badge color={ALARM_PRIORITY_COLOR[r.info.priority ?? 1] ?? "gray"} variant="light">
            {t(`alarms.priority.${r.info.priority}`)}
          </Badge>
        ),
        sortable: true,
      },
      {
        key: "type",
        header: t("alarms.col.item"),
        value: (r) => t(`alarms.itemType.${r.items.itemsType}`),
        sortable: true,
      },
      {
        key: "active",
        header: t("alarms.form.active"),
        value: (r) => (r.info.active ? t("alarms.yes") : t("alarms.no")),
        sortable: true,
      },
    ],
    [t, familyName],
  );

  if (companyId === null) return null;
  return (
    <Stack p="md" gap="md" style={{ flex: 1 }}>
      <DataTable
        name="alarms"
        title={t("alarms.rulesTitle")}
        rows={rules}
        rowKey={(r) => r.id}
        columns={columns}
        loading={loading}
        initialSort={{ key: "name", dir: "asc" }}
        toolbar={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing(null)}
            data-testid="rule-new"
          >
            {t("alarms.form.new")}
          </Button>
        }
        actions={[
          {
            key: "edit",
            label: t("alarms.form.edit"),
            icon: <IconEdit size={16} />,
            onClick: (r) => setEditing(r),
          },
        ]}
        onDeleteSelected={async (rows) => {
          for (const r of rows)
            await api.call(alarmsApi.removeRule, { params: { companyId, alarmId: r.id } });
          await reload();
        }}
      />
      <AlarmRuleForm
        companyId={companyId}
        inputs={inputs}
        rule={editing ?? null}
        opened={editing !== undefined}
        onClose={(saved) => {
          setEditing(undefined);
          if (saved) void reload();
        }}
      />
    </Stack>
  );
}
