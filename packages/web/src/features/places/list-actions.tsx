import { IconEdit, IconTrash } from "@tabler/icons-react";
import { placesApi } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import type { RowAction } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany } from "../../platform/company/index.ts";
import { usePlacesCache } from "./data.ts";

/** Row buttons (edit, delete) and bulk delete of a places list; nothing for users who cannot write. */
export function usePlaceListActions<T extends { id: number; name: string }>(
  kind: "geozones" | "pois",
  writable: boolean,
  open: (row: T) => void,
): { actions: RowAction<T>[]; onDeleteSelected: ((rows: T[]) => Promise<void>) | undefined } {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  const cache = usePlacesCache();
  const remove = async (rows: T[]) => {
    const contract = kind === "geozones" ? placesApi.removeGeozone : placesApi.removePoi;
    for (const row of rows) await api.call(contract, { params: { companyId: companyId ?? 0, id: row.id } });
    cache.remove(
      kind,
      rows.map((r) => r.id),
    );
  };
  if (!writable) return { actions: [], onDeleteSelected: undefined };
  return {
    actions: [
      { key: "edit", label: t("places.edit"), icon: <IconEdit size={16} />, onClick: open },
      {
        key: "delete",
        label: t("places.delete"),
        icon: <IconTrash size={16} />,
        color: "red",
        confirm: (row) => t("mgmt.deleteText", { name: row.name }),
        onClick: (row) => remove([row]),
      },
    ],
    onDeleteSelected: remove,
  };
}
