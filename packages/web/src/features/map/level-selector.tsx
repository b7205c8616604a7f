import { Paper, SegmentedControl, Stack, Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type Building, type LevelChoice, shownLevel } from "./indoor-layer.ts";

interface Props {
  buildings: readonly Building[];
  choice: LevelChoice;
  onChange: (buildingKey: string, level: number) => void;
  /** Brings the building into view. */
  onFocus: (buildingKey: string) => void;
  left: number;
  top: number;
}

/** One level switch per building with several levels; nothing when no building has more than one. */
export function LevelSelector({ buildings, choice, onChange, onFocus, left, top }: Props) {
  const { t } = useTranslation();
  const several = buildings.filter((b) => b.levels.length > 1);
  if (several.length === 0) return null;
  return (
    <Stack gap={6} style={{ position: "absolute", top, left, zIndex: 3 }} data-testid="level-selector">
      {several.map((b) => (
        <Paper key={b.key} shadow="sm" p={6} radius="md" withBorder>
          <UnstyledButton
            onClick={() => onFocus(b.key)}
            title={t("indoor.zoomTo")}
            data-testid="level-building"
          >
            <Text size="xs" fw={600} mb={4} maw={220} truncate c="blue">
              {b.name}
            </Text>
          </UnstyledButton>
          <SegmentedControl
            size="xs"
            aria-label={t("indoor.levelOf", { name: b.name })}
            value={String(shownLevel(b, choice))}
            onChange={(value) => onChange(b.key, Number(value))}
            data={b.levels.map((level) => ({
              value: String(level),
              label: t("indoor.levelShort", { level }),
            }))}
          />
        </Paper>
      ))}
    </Stack>
  );
}
