import { assetsApi, driversApi, personsApi } from "@vigia/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CrudList } from "../../kit/crud/crud-list.tsx";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import {
  useCompany,
  useCompanyIdForCalls,
  useCompanyRows,
  useRefreshCompany,
} from "../../platform/company/index.ts";
import { useCustomStateColumn } from "../groups/index.ts";
import { AssetForm, DriverForm, PersonForm } from "./item-forms.tsx";

/** The name and group columns every item list starts with. */
function useNamedColumns<Row extends { name: string; group: number | null }>(): DataColumn<Row>[] {
  const { t } = useTranslation();
  const groups = useCompanyRows("groups");
  return useMemo(() => {
    const groupName = new Map(groups.map((g) => [g.id, g.name]));
    return [
      { key: "name", header: t("mgmt.name"), value: (r) => r.name },
      {
        key: "group",
        header: t("mgmt.group"),
        value: (r) => (r.group === null ? "" : (groupName.get(r.group) ?? "")),
      },
    ];
  }, [t, groups]);
}

/** What deleting an item reloads: its list, the groups' item ids and the devices it carried. */
const AFTER_DELETE = ["groups", "trackers"] as const;

export function AssetsPage() {
  const { t } = useTranslation();
  const { loading } = useCompany();
  const companyId = useCompanyIdForCalls();
  const refresh = useRefreshCompany();
  const rows = useCompanyRows("assets");
  const named = useNamedColumns<(typeof rows)[number]>();
  const stateColumn = useCustomStateColumn<(typeof rows)[number]>("asset");
  const columns = useMemo<DataColumn<(typeof rows)[number]>[]>(
    () => [
      ...named,
      { key: "type", header: t("items.type"), value: (r) => t(`items.assetTypes.${r.type}`) },
      ...(stateColumn ? [stateColumn] : []),
    ],
    [t, named, stateColumn],
  );
  return (
    <CrudList
      name="assets"
      title={t("routes.assets")}
      rows={rows}
      columns={columns}
      loading={loading}
      label={(r) => r.name}
      remove={(r) =>
        api.call(assetsApi.remove, { params: { companyId: companyId(), id: r.id } }, { quiet: true })
      }
      afterDelete={() => refresh(["assets", ...AFTER_DELETE])}
      form={(row, close) => <AssetForm row={row} onClose={close} />}
    />
  );
}

export function PersonsPage() {
  const { t } = useTranslation();
  const { loading } = useCompany();
  const companyId = useCompanyIdForCalls();
  const refresh = useRefreshCompany();
  const rows = useCompanyRows("persons");
  const named = useNamedColumns<(typeof rows)[number]>();
  const stateColumn = useCustomStateColumn<(typeof rows)[number]>("person");
  const columns = useMemo(() => [...named, ...(stateColumn ? [stateColumn] : [])], [named, stateColumn]);
  return (
    <CrudList
      name="persons"
      title={t("routes.persons")}
      rows={rows}
      columns={columns}
      loading={loading}
      label={(r) => r.name}
      remove={(r) =>
        api.call(personsApi.remove, { params: { companyId: companyId(), id: r.id } }, { quiet: true })
      }
      afterDelete={() => refresh(["persons", ...AFTER_DELETE])}
      form={(row, close) => <PersonForm row={row} onClose={close} />}
    />
  );
}

/** Drivers have no live state, so no current custom state to show. */
export function DriversPage() {
  const { t } = useTranslation();
  const { loading } = useCompany();
  const companyId = useCompanyIdForCalls();
  const refresh = useRefreshCompany();
  const rows = useCompanyRows("drivers");
  const persons = useCompanyRows("persons");
  const vehicles = useCompanyRows("vehicles");
  const named = useNamedColumns<(typeof rows)[number]>();
  const columns = useMemo<DataColumn<(typeof rows)[number]>[]>(() => {
    const personName = new Map(persons.map((p) => [p.id, p.name]));
    const plate = new Map(vehicles.map((v) => [v.id, v.plate]));
    return [
      ...named,
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
  }, [t, named, persons, vehicles]);
  return (
    <CrudList
      name="drivers"
      title={t("routes.drivers")}
      rows={rows}
      columns={columns}
      loading={loading}
      label={(r) => r.name}
      remove={(r) =>
        api.call(driversApi.remove, { params: { companyId: companyId(), id: r.id } }, { quiet: true })
      }
      afterDelete={() => refresh(["drivers", ...AFTER_DELETE])}
      form={(row, close) => <DriverForm row={row} onClose={close} />}
    />
  );
}
