import { Checkbox, Group, MultiSelect, Select, SimpleGrid, Table, TextInput } from "@mantine/core";
import {
  defaultWorkWeek,
  type WorktimeRow,
  type WorktimeWrite,
  worktimesApi,
  worktimeWriteSchema,
} from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { CrudForm } from "../../kit/crud/crud-form.tsx";
import { CrudList } from "../../kit/crud/crud-list.tsx";
import { useCompanyList } from "../../kit/crud/use-company-list.ts";
import { useCompanySave } from "../../kit/crud/use-company-save.ts";
import { allTimeZones } from "../../kit/format/date.ts";
import { errorText } from "../../kit/forms/errors.ts";
import { TextField } from "../../kit/forms/fields.tsx";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompanyIdForCalls, useCompanyRows, useRefreshCompany } from "../../platform/company/index.ts";

type Day = WorktimeWrite["days"][number];

/** /trackRules: work timetables per weekday (Monday first, Sunday id 0) assigned to items. */
export function TrackRulesPage() {
  const { t } = useTranslation();
  const companyId = useCompanyIdForCalls();
  const list = useCompanyList("worktimes");
  const columns: DataColumn<WorktimeRow>[] = [
    { key: "name", header: t("mgmt.name"), value: (r) => r.name },
    {
      key: "days",
      header: t("trackRules.days"),
      value: (r) =>
        r.days
          .filter((d) => d.enabled)
          .map((d) => `${t(`trackRules.day.${d.id}`)} ${d.from}-${d.to}`)
          .join(", "),
    },
    {
      key: "items",
      header: t("trackRules.items"),
      value: (r) => r.vehicles.length + r.assets.length + r.persons.length,
    },
    { key: "timezone", header: t("users.timezone"), value: (r) => r.timezone },
  ];
  return (
    <CrudList
      name="trackRules"
      title={t("routes.trackRules")}
      {...list}
      columns={columns}
      label={(r) => r.name}
      remove={(r) =>
        api.call(worktimesApi.remove, { params: { companyId: companyId(), id: r.id } }, { quiet: true })
      }
      form={(row, close, readOnly) => <WorktimeForm row={row} readOnly={readOnly} onClose={close} />}
    />
  );
}

function WorktimeForm({
  row,
  readOnly,
  onClose,
}: {
  row: WorktimeRow | null;
  readOnly: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshCompany();
  const vehicles = useCompanyRows("vehicles");
  const assets = useCompanyRows("assets");
  const persons = useCompanyRows("persons");
  const form = useZodForm(worktimeWriteSchema, {
    name: row?.name ?? "",
    timezone: row?.timezone ?? "Europe/Madrid",
    days: row?.days ?? defaultWorkWeek(),
    vehicles: row?.vehicles ?? [],
    assets: row?.assets ?? [],
    persons: row?.persons ?? [],
  });
  const days = form.values.days ?? [];
  const setDay = (id: number, patch: Partial<Day>) =>
    form.set(
      "days",
      days.map((d) => (d.id === id ? { ...d, ...patch } : d)),
    );
  const items = (key: "vehicles" | "assets" | "persons", data: { value: string; label: string }[]) => (
    <MultiSelect
      label={t(`routes.${key}`)}
      searchable
      data={data}
      value={(form.values[key] ?? []).map(String)}
      onChange={(v) => form.set(key, v.map(Number))}
    />
  );
  const send = useCompanySave<WorktimeWrite>(
    row?.id ?? null,
    (params, body) => api.call(worktimesApi.create, { params, body }, { quiet: true }),
    (params, body) => api.call(worktimesApi.update, { params, body }, { quiet: true }),
  );
  return (
    <CrudForm
      form={form}
      title={row ? t("trackRules.edit") : t("trackRules.new")}
      readOnly={readOnly}
      size="xl"
      send={send}
      onClose={onClose}
      onSaved={() => refresh(["worktimes"])}
    >
      <SimpleGrid cols={2}>
        <TextField form={form} name="name" label={t("mgmt.name")} required />
        <Select
          label={t("users.timezone")}
          searchable
          data={allTimeZones()}
          value={form.values.timezone ?? null}
          onChange={(v) => v && form.set("timezone", v)}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Table>
        <Table.Tbody>
          {days.map((d, i) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <Checkbox
                  label={t(`trackRules.day.${d.id}`)}
                  checked={d.enabled}
                  onChange={(e) => setDay(d.id, { enabled: e.currentTarget.checked })}
                />
              </Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <TextInput
                    w={90}
                    disabled={!d.enabled}
                    value={d.from}
                    onChange={(e) => setDay(d.id, { from: e.currentTarget.value })}
                    error={errorText(t, form.errors[`days.${i}.from`])}
                  />
                  <TextInput
                    w={90}
                    disabled={!d.enabled}
                    value={d.to}
                    onChange={(e) => setDay(d.id, { to: e.currentTarget.value })}
                    error={errorText(t, form.errors[`days.${i}.to`])}
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {items(
        "vehicles",
        vehicles.map((v) => ({ value: String(v.id), label: v.plate })),
      )}
      {items(
        "assets",
        assets.map((a) => ({ value: String(a.id), label: a.name })),
      )}
      {items(
        "persons",
        persons.map((p) => ({ value: String(p.id), label: p.name })),
      )}
    </CrudForm>
  );
}
