import { Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import type { ReactNode } from "react";

interface Props {
  opened: boolean;
  onClose(): void;
  title: string;
  /** The icon in the orange disc above the text (about 28 px). */
  icon: ReactNode;
  text: string;
  /** The buttons under the text. */
  children: ReactNode;
  testId: string;
}

/** A centred notice that stops the user: an icon, one text and what they can do about it. */
export function NoticeModal({ opened, onClose, title, icon, text, children, testId }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} centered title={title} data-testid={testId}>
      <Stack align="center" gap="sm">
        <ThemeIcon size={52} radius={52} color="orange" variant="light">
          {icon}
        </ThemeIcon>
        <Text ta="center">{text}</Text>
        {children}
      </Stack>
    </Modal>
  );
}
