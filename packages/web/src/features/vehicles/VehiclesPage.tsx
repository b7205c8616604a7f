import { Badge, ColorSwatch } from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { CrudPage } from "../../kit/crud/CrudPage.tsx";
import { send } from "../../kit/forms/send.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany, useCompanyRows, useRefreshCompany } from "../company/index.ts";
import { useCustomStateColumn } from "../groups/index.ts";
import { VehicleForm, type VehicleRow } from "./VehicleForm.tsx";

/** /vehicles: the company's vehicles with every field, create, edit and delete. */
export function VehiclesPage() {
  const { t } = useTranslation();
  const { companyId, loading } = useCompany();
  const refresh = useRefreshCompany();
  const rows = useCompanyRows<VehicleRow>("vehicles");
  const groups = useCompanyRows<{ id: number; name: string }>("groups");
  const drivers = useCompanyRows<{ id: number; name: string }>("drivers");
  const devices = useCompanyRows<{ id: number; deviceId: string; itemType: number; itemId: number | null }>(
    "trackers",
  );
  const [editing, setEditing] = useState<VehicleRow | null | "new">(null);
  const stateColumn = useCustomStateColumn<VehicleRow>("vehicle");

  const columns = useMemo<DataColumn<VehicleRow>[]>(() => {
    const groupName = new Map(groups.map((g) => [g.id, g.name]));
    const driverName = new Map(drivers.map((d) => [d.id, d.name]));
    const deviceOf = new Map(devices.filter((d) => d.itemType === 1).map((d) => [d.itemId, d.deviceId]));
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
    <>
      <CrudPage
        name="vehicles"
        title={t("routes.vehicles")}
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        loading={loading}
        label={(r) => r.plate}
        onNew={() => setEditing("new")}
        onEdit={(r) => setEditing(r)}
        onDelete={async (r) => {
          const res = await send(() =>
            api.delete(`companies/id/${companyId}/vehicles/id/${r.id}`, { quiet: true }),
          );
          await refresh(["vehicles", "trackers", "groups", "drivers"]);
          return res.ok;
        }}
      />
      {editing !== null ? (
        <VehicleForm row={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
