import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";

interface Props {
  opened: boolean;
  onClose(): void;
  title: string;
  text: string;
  /** What the confirmation shows under its text: what must be typed first, why the last try failed. */
  children?: ReactNode;
  disabled: boolean;
  label: string;
  /** Runs the delete; the button shows it loading meanwhile. */
  onConfirm(): Promise<void>;
  testId: string;
}

/** The confirmation a delete asks for: its text, Cancel and the red button that runs it. */
export function DeleteConfirmModal(props: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack>
        <Text size="sm">{props.text}</Text>
        {props.children}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t("table.cancel")}
          </Button>
          <Button
            color="red"
            disabled={props.disabled}
            loading={busy}
            onClick={() => void confirm()}
            data-testid={props.testId}
          >
            {props.label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
