import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PAGE_SIZES } from "./logic.ts";

/** How many rows a page of a list shows, from the sizes every list offers. */
export function PageSizeSelect({
  value,
  onChange,
  testId,
}: {
  value: number;
  onChange(size: number): void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t("table.rowsPerPage")}
      data={PAGE_SIZES.map((s) => String(s))}
      value={String(value)}
      onChange={(v) => v && onChange(Number(v))}
      w={80}
      size="xs"
      allowDeselect={false}
      data-testid={testId}
    />
  );
}
