import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { bulkDeleteConfirmed } from "./logic.ts";

interface Props {
  opened: boolean;
  count: number;
  onClose(): void;
  onConfirm(): Promise<void>;
}

/** Bulk delete asks the user to type the number of selected items before it runs. */
export function BulkDeleteModal({ opened, count, onClose, onConfirm }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) setTyped("");
  }, [opened]);
  const ok = bulkDeleteConfirmed(typed, count);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("table.bulkDeleteTitle")} centered>
      <Stack>
        <Text size="sm">{t("table.bulkDeleteText", { count })}</Text>
        <TextInput
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          inputMode="numeric"
          placeholder={String(count)}
          data-testid="bulk-delete-input"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("table.cancel")}
          </Button>
          <Button
            color="red"
            disabled={!ok}
            loading={busy}
            onClick={() => void confirm()}
            data-testid="bulk-delete-confirm"
          >
            {t("table.delete")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
