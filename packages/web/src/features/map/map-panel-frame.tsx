import { ActionIcon, Group, Paper } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Share of the map's height the bottom sheet takes; the rest of the map stays visible above it. */
export const SHEET_SHARE = 0.45;
const SIDE_STYLE = { top: 12, right: 56, bottom: 12, width: 360 } as const;
const SHEET_STYLE = {
  left: 0,
  right: 0,
  bottom: 0,
  height: `${SHEET_SHARE * 100}%`,
  borderBottomLeftRadius: 0,
  borderBottomRightRadius: 0,
} as const;

interface Props {
  /** `map-detail`, `map-driver`…: the frame's test id, and `<testId>-close` for its close button. */
  testId: string;
  /** A bottom sheet on a phone, a side panel otherwise. */
  sheet: boolean;
  /** Name and badges, left of the header. */
  title: ReactNode;
  /** Buttons before the close button. */
  actions?: ReactNode;
  onClose(): void;
  children: ReactNode;
}

/** The frame every detail panel of the live map shares: side panel or bottom sheet, a header, a close button. */
export function MapPanelFrame({ testId, sheet, title, actions, onClose, children }: Props) {
  const { t } = useTranslation();
  return (
    <Paper
      shadow="md"
      data-testid={testId}
      data-sheet={sheet || undefined}
      style={{
        position: "absolute",
        zIndex: 3,
        display: "flex",
        flexDirection: "column",
        overflow: "hidden",
        ...(sheet ? SHEET_STYLE : SIDE_STYLE),
      }}
    >
      <Group
        justify="space-between"
        align="flex-start"
        p="sm"
        wrap="nowrap"
        style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}
      >
        <div style={{ minWidth: 0 }}>{title}</div>
        <Group gap={2} wrap="nowrap">
          {actions}
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onClose}
            aria-label={t("map.close")}
            data-testid={`${testId}-close`}
          >
            <IconX size={18} />
          </ActionIcon>
        </Group>
      </Group>
      {children}
    </Paper>
  );
}
