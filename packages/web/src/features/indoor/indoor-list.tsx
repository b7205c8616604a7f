import { useTranslation } from "react-i18next";
import { CrudPage } from "../../kit/crud/crud-page.tsx";
import { removeRow } from "../../kit/crud/remove-row.ts";
import type { DataColumn, RowAction } from "../../kit/table/index.ts";
import { useCompanyIdForCalls } from "../../platform/company/index.ts";
import { useIndoorWritable } from "./indoor-frame.tsx";

/**
 * The list of plans, beacons or zones beside the map: New and Edit open the page's form (`onOpen`, null for
 * a new one), Delete asks first and reloads; only those who may write places change them.
 */
export function IndoorList<Row extends { id: number; name: string }>(props: {
  name: string;
  title: string;
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  height: number;
  loading?: boolean;
  extraActions?: readonly RowAction<Row>[];
  onOpen(row: Row | null): void;
  /** Deletes a row on the server, given the path's company and row ids. */
  remove(params: { companyId: number; id: number }): Promise<unknown>;
  reload(): Promise<unknown>;
}) {
  const { onOpen, remove, reload, ...list } = props;
  const { t } = useTranslation();
  const writable = useIndoorWritable();
  const companyId = useCompanyIdForCalls();
  return (
    <CrudPage
      {...list}
      rowKey={(r) => r.id}
      readOnly={!writable}
      label={(r) => r.name}
      onNew={() => onOpen(null)}
      onEdit={onOpen}
      onDelete={(r) => removeRow(() => remove({ companyId: companyId(), id: r.id }), reload, t)}
    />
  );
}
