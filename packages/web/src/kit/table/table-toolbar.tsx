import { Alert, Button, Group, Menu, TextInput, Title } from "@mantine/core";
import { IconDownload, IconSearch, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ExportFormat } from "./export.ts";

/** Title, search, bulk delete, the export menu and the screen's own buttons above a data table. */
export function TableToolbar(props: {
  title: string;
  search: string;
  onSearch: (value: string) => void;
  /** Rows selected for bulk delete; the button shows only when there are some and deleting is allowed. */
  selectedCount: number;
  onDeleteSelected: (() => void) | null;
  onExport: (format: ExportFormat) => void;
  exportError: boolean;
  onCloseExportError: () => void;
  extra: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={3}>{props.title}</Title>
        <Group gap="xs" wrap="wrap">
          <TextInput
            placeholder={t("common.search")}
            leftSection={<IconSearch size={16} />}
            value={props.search}
            onChange={(e) => props.onSearch(e.currentTarget.value)}
            w={220}
            data-testid="table-search"
          />
          {props.onDeleteSelected && props.selectedCount > 0 ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={props.onDeleteSelected}
              data-testid="table-delete-selected"
            >
              {t("table.deleteSelected", { count: props.selectedCount })}
            </Button>
          ) : null}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} />} data-testid="table-export">
                {t("table.export")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {(["xlsx", "csv", "pdf"] as const).map((format) => (
                <Menu.Item
                  key={format}
                  onClick={() => props.onExport(format)}
                  data-testid={`table-export-${format}`}
                >
                  {t(`table.format.${format}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          {props.extra}
        </Group>
      </Group>
      {props.exportError ? (
        <Alert
          color="red"
          withCloseButton
          onClose={props.onCloseExportError}
          data-testid="table-export-error"
        >
          {t("errors.tryAgain")}
        </Alert>
      ) : null}
    </>
  );
}
