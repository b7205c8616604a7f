import type { ReactNode } from "react";
import type { ValueColumn } from "./logic.ts";

export interface DataColumn<Row> extends ValueColumn<Row> {
  header: string;
  /** Cell content; defaults to the text of `value`. */
  render?: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Left out of xlsx/csv/pdf (for instance a colour swatch). */
  exportable?: boolean;
  width?: number | string;
}

export interface RowAction<Row> {
  key: string;
  label: string;
  icon: ReactNode;
  color?: string;
  onClick: (row: Row) => void;
  /** Per-row visibility (the device list shows different buttons per assignment). */
  visible?: (row: Row) => boolean;
}
