import { assetsApi, driversApi, personsApi } from "@vigia/domain";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CrudList } from "../../kit/crud/crud-list.tsx";
import { useCompanyList } from "../../kit/crud/use-company-list.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompanyIdForCalls, useCompanyRows } from "../../platform/company/index.ts";
import { useCustomStateColumn } from "../groups/index.ts";
import { AssetForm, DriverForm, PersonForm } from "./item-forms.tsx";

/** What deleting an item reloads besides its list: the groups' item ids and the devices it carried. */
const AFTER_DELETE = ["groups", "trackers"] as const;

type ItemRow = { id: number; name: string; group: number | null };

/**
 * The list of one item kind: name and group first, then the kind's own columns and, where items have a live
 * custom state, its column; Delete reloads what the item touched.
 */
function ItemList<Row extends ItemRow>(props: {
  kind: "assets" | "persons" | "drivers";
  list: { rows: Row[]; loading: boolean; afterDelete: () => Promise<void> };
  /** The kind's own columns, after name and group. */
  columns: readonly DataColumn<Row>[];
  /** The live custom state column's kind; none for drivers, who have no live state. */
  stateKind: "asset" | "person" | null;
  remove(params: { companyId: number; id: number }): Promise<unknown>;
  form(row: Row | null, close: () => void): ReactNode;
}) {
  const { t } = useTranslation();
  const companyId = useCompanyIdForCalls();
  const groups = useCompanyRows("groups");
  const stateColumn = useCustomStateColumn<Row>(props.stateKind);
  const own = props.columns;
  const columns = useMemo<DataColumn<Row>[]>(() => {
    const groupName = new Map(groups.map((g) => [g.id, g.name]));
    return [
      { key: "name", header: t("mgmt.name"), value: (r) => r.name },
      {
        key: "group",
        header: t("mgmt.group"),
        value: (r) => (r.group === null ? "" : (groupName.get(r.group) ?? "")),
      },
      ...own,
      ...(stateColumn ? [stateColumn] : []),
    ];
  }, [t, groups, own, stateColumn]);
  return (
    <CrudList
      name={props.kind}
      title={t(`routes.${props.kind}`)}
      {...props.list}
      columns={columns}
      label={(r) => r.name}
      remove={(r) => props.remove({ companyId: companyId(), id: r.id })}
      form={props.form}
    />
  );
}

export function AssetsPage() {
  const { t } = useTranslation();
  const list = useCompanyList("assets", AFTER_DELETE);
  const columns = useMemo<DataColumn<(typeof list.rows)[number]>[]>(
    () => [{ key: "type", header: t("items.type"), value: (r) => t(`items.assetTypes.${r.type}`) }],
    [t],
  );
  return (
    <ItemList
      kind="assets"
      list={list}
      columns={columns}
      stateKind="asset"
      remove={(params) => api.call(assetsApi.remove, { params }, { quiet: true })}
      form={(row, close) => <AssetForm row={row} onClose={close} />}
    />
  );
}

const NO_COLUMNS: readonly never[] = [];

export function PersonsPage() {
  return (
    <ItemList
      kind="persons"
      list={useCompanyList("persons", AFTER_DELETE)}
      columns={NO_COLUMNS}
      stateKind="person"
      remove={(params) => api.call(personsApi.remove, { params }, { quiet: true })}
      form={(row, close) => <PersonForm row={row} onClose={close} />}
    />
  );
}

export function DriversPage() {
  const { t } = useTranslation();
  const list = useCompanyList("drivers", AFTER_DELETE);
  const persons = useCompanyRows("persons");
  const vehicles = useCompanyRows("vehicles");
  const columns = useMemo<DataColumn<(typeof list.rows)[number]>[]>(() => {
    const personName = new Map(persons.map((p) => [p.id, p.name]));
    const plate = new Map(vehicles.map((v) => [v.id, v.plate]));
    return [
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
    ];
  }, [t, persons, vehicles]);
  return (
    <ItemList
      kind="drivers"
      list={list}
      columns={columns}
      stateKind={null}
      remove={(params) => api.call(driversApi.remove, { params }, { quiet: true })}
      form={(row, close) => <DriverForm row={row} onClose={close} />}
    />
  );
}
