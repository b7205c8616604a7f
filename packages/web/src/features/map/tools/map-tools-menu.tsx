import { ActionIcon, Menu, Paper, Tooltip } from "@mantine/core";
import { IconTools } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { parseKey } from "../../../platform/live/store.ts";
import { useSession } from "../../../platform/session/session.ts";
import { MAP_TOOLS } from "./registry.ts";
import type { MapToolProps } from "./types.ts";

/** The map tools button (under the layers toolbar) and the open tool's modal. */
export function MapToolsMenu(props: Omit<MapToolProps, "onClose">) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const kind = props.selected ? parseKey(props.selected).kind : null;
  const { user } = useSession();
  const tools = MAP_TOOLS.filter(
    (tool) =>
      (!tool.needs || (kind !== null && tool.needs.includes(kind))) &&
      (!tool.allowed || (user !== null && tool.allowed(user))),
  );
  const active = MAP_TOOLS.find((tool) => tool.id === open);
  return (
    <>
      <Paper shadow="md" p={4} style={{ position: "absolute", top: 150, right: 12, zIndex: 3 }}>
        <Menu position="left-start" shadow="md" withinPortal>
          <Menu.Target>
            <Tooltip label={t("maptools.menu")} position="left">
              <ActionIcon variant="subtle" size="lg" aria-label={t("maptools.menu")} data-testid="map-tools">
                <IconTools size={20} />
              </ActionIcon>
            </Tooltip>
          </Menu.Target>
          <Menu.Dropdown>
            {tools.map((tool) => (
              <Menu.Item
                key={tool.id}
                leftSection={<tool.icon size={16} />}
                onClick={() => setOpen(tool.id)}
                data-testid={`map-tool-${tool.id}`}
              >
                {t(tool.label)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Paper>
      {active && <active.Modal {...props} onClose={() => setOpen(null)} />}
    </>
  );
}
