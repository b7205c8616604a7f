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
  /**
   * Runs the action. A returned promise is the request running: until it settles the row's buttons stay as
   * they were (no button changes meaning under the cursor), disabled, and this one spins.
   */
  onClick: (row: Row) => unknown;
  /**
   * The action only reads (open a record to look at it): read-only users get it too, while every other row
   * action is hidden from them.
   */
  read?: boolean;
  /** Per-row visibility (the device list shows different buttons per assignment). */
  visible?: (row: Row) => boolean;
  /** Destructive actions ask first: the question for this row (the action's label confirms it). */
  confirm?: (row: Row) => string;
}
