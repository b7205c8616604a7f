import { ScrollArea, Table } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { errorText } from "../forms/errors.ts";

export interface RowErrors {
  line: number;
  key: string;
  errors: string[];
}

/** The failing rows of a CSV import, each with its errors (the first thousand). */
export function ImportErrorsTable({ rows }: { rows: readonly RowErrors[] }) {
  const { t } = useTranslation();
  return (
    <ScrollArea.Autosize mah={260}>
      <Table striped withTableBorder data-testid="import-errors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("imports.line")}</Table.Th>
            <Table.Th>{t("imports.key")}</Table.Th>
            <Table.Th>{t("imports.error")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.slice(0, 1000).map((e) => (
            <Table.Tr key={e.line} data-testid="import-error-row">
              <Table.Td>{e.line}</Table.Td>
              <Table.Td>{e.key}</Table.Td>
              <Table.Td>{e.errors.map((x) => errorText(t, x)).join(", ")}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
