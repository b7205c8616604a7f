import { ActionIcon, Tooltip } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/**
 * SLOT for the alarms issue: the top-bar bell (animated red while unseen alarms exist) and the right-hand
 * alarm panel it opens. The shell renders the bell only while a company is loaded; replace the bodies of
 * `AlarmBellSlot` and `AlarmPanelSlot`, keep their names so the frame needs no change.
 */
export function AlarmBellSlot() {
  const { t } = useTranslation();
  return (
    <Tooltip label={t("topbar.alarms")}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t("topbar.alarms")}
        data-testid="alarm-bell"
      >
        <IconBell size={20} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}

/** SLOT for the right-hand alarm panel; nothing to show until the alarms issue lands. */
export function AlarmPanelSlot() {
  return null;
}
