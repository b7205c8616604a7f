import { Select, SimpleGrid } from "@mantine/core";
import { ASSET_TYPES, assetWriteSchema, driverWriteSchema, personWriteSchema } from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { CrudPage } from "../../kit/crud/CrudPage.tsx";
import { FormModal } from "../../kit/forms/FormModal.tsx";
import { TextField } from "../../kit/forms/fields.tsx";
import { send } from "../../kit/forms/send.ts";
import { useZodForm } from "../../kit/forms/useZodForm.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { CustomDataFields, useCompany, useCompanyRows, useRefreshCompany } from "../company/index.ts";
import { GroupSelect, useCustomStateColumn } from "../groups/index.ts";

interface NamedRow {
  id: number;
  name: string;
  group: number | null;
  type?: string;
  customData: Record<string, unknown>;
}

interface DriverRow extends NamedRow {
  personId: number | null;
  tachographCard: string;
  iButton: string;
  beacon: string;
  email: string;
  reference: string;
  phone: string;
  vehicle: { id: number } | null;
}

type Kind = "assets" | "persons" | "drivers";
const SCHEMA = { assets: assetWriteSchema, persons: personWriteSchema, drivers: driverWriteSchema };
const CUSTOM_KIND = { assets: "asset", persons: "person", drivers: "driver" } as const;

function ItemForm({ kind, row, onClose }: { kind: Kind; row: DriverRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  const refresh = useRefreshCompany();
  const persons = useCompanyRows<{ id: number; name: string }>("persons");
  const blank: Record<string, unknown> =
    kind === "drivers"
      ? {
          name: "",
          group: null,
          personId: null,
          tachographCard: "",
          iButton: "",
          beacon: "",
          email: "",
          reference: "",
          phone: "",
          customData: {},
        }
      : { name: "", group: null, customData: {}, ...(kind === "assets" ? { type: "generic" } : {}) };
  const start: Record<string, unknown> = { ...blank };
  if (row)
    for (const key of Object.keys(blank))
      start[key] = (row as unknown as Record<string, unknown>)[key] ?? blank[key];
  const form = useZodForm(SCHEMA[kind], start);
  const base = `companies/id/${companyId}/${kind}`;
  const save = async () => {
    const res = await send(() =>
      row
        ? api.put(`${base}/id/${row.id}`, form.values, { quiet: true })
        : api.post(base, form.values, { quiet: true }),
    );
    if (!res.ok) {
      form.setServerErrors(res.fields);
      return false;
    }
    await refresh([kind, "groups"]);
    return true;
  };
  return (
    <FormModal
      opened
      title={t(row ? `items.edit.${kind}` : `items.new.${kind}`)}
      onClose={onClose}
      onSave={save}
      valid={form.valid}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField form={form} name="name" label={t("mgmt.name")} required />
        <GroupSelect form={form} required={kind !== "drivers"} />
        {kind === "assets" ? (
          <Select
            label={t("items.type")}
            data={ASSET_TYPES.map((a) => ({ value: a, label: t(`items.assetTypes.${a}`) }))}
            value={String(form.values.type)}
            onChange={(v) => v && form.set("type", v)}
            allowDeselect={false}
          />
        ) : null}
        {kind === "drivers" ? (
          <>
            <Select
              label={t("items.person")}
              clearable
              searchable
              data={persons.map((p) => ({ value: String(p.id), label: p.name }))}
              value={form.values.personId === null ? null : String(form.values.personId)}
              onChange={(v) => form.set("personId", v === null ? null : Number(v))}
            />
            <TextField form={form} name="tachographCard" label={t("items.tachographCard")} />
            <TextField form={form} name="iButton" label={t("items.iButton")} />
            <TextField form={form} name="beacon" label={t("items.beacon")} />
            <TextField form={form} name="email" label={t("items.email")} />
            <TextField form={form} name="reference" label={t("items.reference")} />
            <TextField form={form} name="phone" label={t("items.phone")} />
          </>
        ) : null}
      </SimpleGrid>
      <CustomDataFields
        kind={CUSTOM_KIND[kind]}
        value={(form.values.customData ?? {}) as Record<string, unknown>}
        onChange={(v) => form.set("customData", v)}
      />
    </FormModal>
  );
}

function ItemsPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const { companyId, loading } = useCompany();
  const refresh = useRefreshCompany();
  const rows = useCompanyRows<DriverRow>(kind);
  const groups = useCompanyRows<{ id: number; name: string }>("groups");
  const persons = useCompanyRows<{ id: number; name: string }>("persons");
  const vehicles = useCompanyRows<{ id: number; plate: string }>("vehicles");
  const [editing, setEditing] = useState<DriverRow | null | "new">(null);
  // Drivers have no live state, so no current custom state to show.
  const stateColumn = useCustomStateColumn<DriverRow>(kind === "drivers" ? null : CUSTOM_KIND[kind]);
  const columns = useMemo<DataColumn<DriverRow>[]>(() => {
    const groupName = new Map(groups.map((g) => [g.id, g.name]));
    const cols: DataColumn<DriverRow>[] = [
      { key: "name", header: t("mgmt.name"), value: (r) => r.name },
      {
        key: "group",
        header: t("mgmt.group"),
        value: (r) => (r.group === null ? "" : (groupName.get(r.group) ?? "")),
      },
    ];
    if (kind === "assets")
      cols.push({
        key: "type",
        header: t("items.type"),
        value: (r) => t(`items.assetTypes.${r.type ?? "generic"}`),
      });
    if (kind === "drivers") {
      const personName = new Map(persons.map((p) => [p.id, p.name]));
      const plate = new Map(vehicles.map((v) => [v.id, v.plate]));
      cols.push(
        {
          key: "person",
          header: t("items.person"),
          value: (r) => (r.personId ? (personName.get(r.personId) ?? "") : ""),
        },
        {
          key: "vehicle",
          header: t("items.vehicle"),
          value: (r) => (r.vehicle ? (plate.get(r.vehicle.id) ?? "") : ""),
        },
        { key: "tachographCard", header: t("items.tachographCard"), value: (r) => r.tachographCard },
        { key: "iButton", header: t("items.iButton"), value: (r) => r.iButton },
        { key: "email", header: t("items.email"), value: (r) => r.email },
        { key: "phone", header: t("items.phone"), value: (r) => r.phone },
      );
    }
    if (stateColumn) cols.push(stateColumn);
    return cols;
  }, [t, kind, groups, persons, vehicles, stateColumn]);
  return (
    <>
      <CrudPage
        name={kind}
        title={t(`routes.${kind}`)}
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        loading={loading}
        label={(r) => r.name}
        onNew={() => setEditing("new")}
        onEdit={(r) => setEditing(r)}
        onDelete={async (r) => {
          const res = await send(() =>
            api.delete(`companies/id/${companyId}/${kind}/id/${r.id}`, { quiet: true }),
          );
          await refresh([kind, "groups", "trackers"]);
          return res.ok;
        }}
      />
      {editing !== null ? (
        <ItemForm kind={kind} row={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

export const AssetsPage = () => <ItemsPage kind="assets" />;
export const PersonsPage = () => <ItemsPage kind="persons" />;
export const DriversPage = () => <ItemsPage kind="drivers" />;
