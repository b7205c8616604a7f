import { TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DeleteConfirmModal } from "./delete-confirm-modal.tsx";
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
  useEffect(() => {
    if (opened) setTyped("");
  }, [opened]);
  return (
    <DeleteConfirmModal
      opened={opened}
      onClose={onClose}
      title={t("table.bulkDeleteTitle")}
      text={t("table.bulkDeleteText", { count })}
      disabled={!bulkDeleteConfirmed(typed, count)}
      label={t("table.delete")}
      onConfirm={onConfirm}
      testId="bulk-delete-confirm"
    >
      <TextInput
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        inputMode="numeric"
        placeholder={String(count)}
        data-testid="bulk-delete-input"
        data-autofocus
      />
    </DeleteConfirmModal>
  );
}
