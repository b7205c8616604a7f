import { CloseButton, Group, Modal, type ModalProps, Paper, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MapToolProps } from "./types.ts";

/** The selected item's name as the tools show it after their title (" · name"), empty without one. */
export function itemSuffix({ catalog, selected }: Pick<MapToolProps, "catalog" | "selected">): string {
  const item = selected ? catalog.items.get(selected) : undefined;
  return item ? ` · ${item.name}` : "";
}

/** The modal of a tool about the selected item: its title names the item. */
export function ItemToolModal({
  tool,
  title,
  children,
  ...modal
}: { tool: MapToolProps; title: string; children: ReactNode } & Omit<
  ModalProps,
  "opened" | "onClose" | "title"
>) {
  return (
    <Modal opened onClose={tool.onClose} title={`${title}${itemSuffix(tool)}`} {...modal}>
      {children}
    </Modal>
  );
}

/**
 * A tool's panel over the bottom of the map instead of a modal, for the tools whose work must stay in sight
 * (a measured line, a corridor): a title with a close button above the tool's content.
 */
export function ToolPanel({
  title,
  width,
  onClose,
  testId,
  children,
}: {
  title: string;
  width: number;
  onClose(): void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      shadow="md"
      p="sm"
      data-testid={testId}
      style={{
        position: "absolute",
        bottom: 16,
        left: "50%",
        transform: "translateX(-50%)",
        zIndex: 4,
        width,
        maxWidth: "calc(100% - 24px)",
        maxHeight: "60%",
        overflowY: "auto",
      }}
    >
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={700} size="sm">
          {title}
        </Text>
        <CloseButton onClick={onClose} aria-label={t("map.close")} />
      </Group>
      {children}
    </Paper>
  );
}
