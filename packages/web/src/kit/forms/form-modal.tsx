import { Alert, Button, Fieldset, Group, Modal, ScrollArea, Stack } from "@mantine/core";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** Save is locked 500 ms after a click so a double click never sends twice. */
const SAVE_LOCK_MS = 500;

interface Props {
  opened: boolean;
  title: string;
  onClose(): void;
  /** Resolves true when saved (the modal closes). */
  onSave(): Promise<boolean>;
  valid: boolean;
  children: ReactNode;
  size?: string;
  /** Shown above the buttons, e.g. a form-level error. */
  error?: string;
  /** Shows the record only: every field disabled, no Save (read-only users open records to look at them). */
  readOnly?: boolean;
}

export function FormModal({
  opened,
  title,
  onClose,
  onSave,
  valid,
  children,
  size = "lg",
  error,
  readOnly = false,
}: Props) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const lockedUntil = useRef(0);
  const save = async () => {
    if (Date.now() < lockedUntil.current) return;
    lockedUntil.current = Date.now() + SAVE_LOCK_MS;
    setSaving(true);
    try {
      if (await onSave()) onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="sm" data-testid="mgmt-form">
        {readOnly ? (
          // A disabled fieldset disables every control inside it, whatever the form is made of.
          <Fieldset variant="unstyled" disabled data-testid="mgmt-form-readonly">
            <Stack gap="sm">{children}</Stack>
          </Fieldset>
        ) : (
          children
        )}
        {error ? <Alert color="red">{error}</Alert> : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} data-testid="mgmt-close">
            {readOnly ? t("mgmt.close") : t("table.cancel")}
          </Button>
          {readOnly ? null : (
            <Button disabled={!valid} loading={saving} onClick={() => void save()} data-testid="mgmt-save">
              {t("common.save")}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
