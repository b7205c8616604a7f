import { ActionIcon, Divider, Paper, Popover, Stack, Switch, Text, Tooltip } from "@mantine/core";
import { IconFocusCentered, IconStack2 } from "@tabler/icons-react";
import type { MapConfig } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { useAtom } from "../../platform/live/atom.ts";
import { liveConnected } from "../../platform/live/live-client.ts";
import type { MapFilters, MapSettings } from "./settings.ts";

const FILTER_KEYS: (keyof MapFilters)[] = [
  "vehicles",
  "assets",
  "persons",
  "drivers",
  "pois",
  "geozones",
  "showListName",
];
const CONFIG_KEYS: (keyof MapConfig)[] = [
  "cluster",
  "stops",
  "fast_sharp_turn",
  "hard_braking",
  "fast_acceleration",
  "onTrackChart",
];

interface Props {
  settings: MapSettings;
  onChange(next: MapSettings): void;
  onFitAll(): void;
}

/** Top-right map tools: layers and flags popover, fit all items, live connection state. */
export function MapToolbar({ settings, onChange, onFitAll }: Props) {
  const { t } = useTranslation();
  const connected = useAtom(liveConnected);
  return (
    <Paper shadow="md" p={4} style={{ position: "absolute", top: 12, right: 12, zIndex: 3 }}>
      <Stack gap={4} align="center">
        <Popover position="left-start" shadow="md" withinPortal>
          <Popover.Target>
            <Tooltip label={t("map.layers.title")} position="left">
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={t("map.layers.title")}
                data-testid="map-layers"
              >
                <IconStack2 size={20} />
              </ActionIcon>
            </Tooltip>
          </Popover.Target>
          <Popover.Dropdown miw={230}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
              {t("map.layers.show")}
            </Text>
            <Stack gap={6}>
              {FILTER_KEYS.map((key) => (
                <Switch
                  key={key}
                  size="xs"
                  label={t(`map.filters.${key}`)}
                  checked={settings.filters[key]}
                  onChange={(e) =>
                    onChange({
                      ...settings,
                      filters: { ...settings.filters, [key]: e.currentTarget.checked },
                    })
                  }
                  data-testid={`map-filter-${key}`}
                />
              ))}
            </Stack>
            <Divider my={8} />
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
              {t("map.layers.config")}
            </Text>
            <Stack gap={6}>
              {CONFIG_KEYS.map((key) => (
                <Switch
                  key={key}
                  size="xs"
                  label={t(`map.config.${key}`)}
                  checked={settings.config[key]}
                  onChange={(e) =>
                    onChange({ ...settings, config: { ...settings.config, [key]: e.currentTarget.checked } })
                  }
                  data-testid={`map-config-${key}`}
                />
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
        <Tooltip label={t("map.fitAll")} position="left">
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={onFitAll}
            aria-label={t("map.fitAll")}
            data-testid="map-fit"
          >
            <IconFocusCentered size={20} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={connected ? t("map.live.on") : t("map.live.off")} position="left">
          <span
            data-testid="map-live-state"
            data-connected={connected}
            style={{
              width: 10,
              height: 10,
              margin: "4px 0 6px",
              borderRadius: 5,
              background: connected ? "#2f9e44" : "#adb5bd",
              boxShadow: connected ? "0 0 0 3px rgba(47,158,68,0.2)" : undefined,
            }}
          />
        </Tooltip>
      </Stack>
    </Paper>
  );
}
