import { Badge, ColorSwatch } from "@mantine/core";
import { ITEM_TYPE, type VehicleRow, vehiclesApi } from "@vigia/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CrudList } from "../../kit/crud/crud-list.tsx";
import { useCompanyList } from "../../kit/crud/use-company-list.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompanyIdForCalls, useCompanyRows } from "../../platform/company/index.ts";
import { useCustomStateColumn } from "../groups/index.ts";
import { VehicleForm } from "./vehicle-form.tsx";

/** /vehicles: the company's vehicles with every field, create, edit and delete. */
export function VehiclesPage() {
  const { t } = useTranslation();
  const companyId = useCompanyIdForCalls();
  const list = useCompanyList("vehicles", ["trackers", "groups", "drivers"]);
  const groups = useCompanyRows("groups");
  const drivers = useCompanyRows("drivers");
  const devices = useCompanyRows("trackers");
  const stateColumn = useCustomStateColumn<VehicleRow>("vehicle");

  const columns = useMemo<DataColumn<VehicleRow>[]>(() => {
    const groupName = new Map(groups.map((g) => [g.id, g.name]));
    const driverName = new Map(drivers.map((d) => [d.id, d.name]));
    const deviceOf = new Map(
      devices.filter((d) => d.itemType === ITEM_TYPE.vehicle).map((d) => [d.itemId, d.deviceId]),
    );
    return [
      { key: "plate", header: t("vehicles.plate"), value: (r) => r.plate },
      { key: "name", header: t("mgmt.name"), value: (r) => r.name },
      { key: "brand", header: t("vehicles.brand"), value: (r) => r.brand },
      { key: "model", header: t("vehicles.model"), value: (r) => r.model },
      { key: "type", header: t("vehicles.type"), value: (r) => t(`vehicles.types.${r.type}`) },
      {
        key: "group",
        header: t("mgmt.group"),
        value: (r) => (r.group === null ? "" : (groupName.get(r.group) ?? "")),
      },
      {
        key: "driver",
        header: t("vehicles.driver"),
        value: (r) => (r.driver ? (driverName.get(r.driver.id) ?? "") : ""),
      },
      { key: "device", header: t("vehicles.device"), value: (r) => deviceOf.get(r.id) ?? "" },
      {
        key: "color",
        header: t("vehicles.color"),
        value: (r) => r.color,
        render: (r) => (r.color ? <ColorSwatch color={r.color} size={16} /> : null),
        searchable: false,
      },
      {
        key: "intrack",
        header: t("vehicles.intrack"),
        value: (r) => (r.intrack ? t("mgmt.yes") : t("mgmt.no")),
        render: (r) => (r.intrack ? <Badge size="sm">{t("mgmt.yes")}</Badge> : null),
      },
      ...(stateColumn ? [stateColumn] : []),
    ];
  }, [t, groups, drivers, devices, stateColumn]);

  return (
    <CrudList
      name="vehicles"
      title={t("routes.vehicles")}
      {...list}
      columns={columns}
      label={(r) => r.plate}
      remove={(r) =>
        api.call(vehiclesApi.remove, { params: { companyId: companyId(), id: r.id } }, { quiet: true })
      }
      form={(row, close) => <VehicleForm row={row} onClose={close} />}
    />
  );
}
