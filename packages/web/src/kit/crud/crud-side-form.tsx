import { Button, Group, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A create-or-edit form shown in place of its list (beside a map), with Cancel and Save under the fields.
 * The in-page counterpart of `CrudForm`'s dialog, fed by a `useDraft` editor; `readOnly` leaves out Save.
 */
export function CrudSideForm({
  editor,
  testId,
  title,
  readOnly = false,
  saveTestId,
  onSave,
  children,
}: {
  editor: { valid: boolean; busy: boolean; close(): void };
  testId: string;
  title: string;
  readOnly?: boolean;
  saveTestId: string;
  onSave(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={5}>{title}</Title>
      {children}
      <Group justify="flex-end">
        <Button variant="default" onClick={editor.close}>
          {t("table.cancel")}
        </Button>
        {readOnly ? null : (
          <Button onClick={onSave} loading={editor.busy} disabled={!editor.valid} data-testid={saveTestId}>
            {t("common.save")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
