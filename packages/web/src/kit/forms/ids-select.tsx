import { MultiSelect, type MultiSelectProps } from "@mantine/core";

type Props<R extends { id: number; name: string }> = Omit<MultiSelectProps, "data" | "value" | "onChange"> & {
  /** The rows offered, each by its name unless `optionLabel` says otherwise. */
  rows: readonly R[];
  optionLabel?: (row: R) => string;
  value: readonly number[];
  onChange(ids: number[]): void;
};

/**
 * A searchable MultiSelect of rows known by number ids (groups, vehicles, companies…): value and onChange speak
 * ids, while Mantine's options are strings.
 */
export function IdsSelect<R extends { id: number; name: string }>({
  rows,
  optionLabel = (row) => row.name,
  value,
  onChange,
  ...props
}: Props<R>) {
  return (
    <MultiSelect
      searchable
      {...props}
      data={rows.map((row) => ({ value: String(row.id), label: optionLabel(row) }))}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
    />
  );
}
