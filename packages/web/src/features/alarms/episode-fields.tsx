import { Group, NumberInput, Stack, Text } from "@mantine/core";
import { type AlarmEpisodeSettings, EPISODE_DEFAULTS } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import type { RuleFormPart } from "./rule-form-part.ts";

const NONE: AlarmEpisodeSettings = { confirmSec: null, releaseSec: null, repeatMin: null };

/**
 * The episode timings of a family that raises one notice per episode (speeding, zone presence): empty fields keep
 * the family's defaults, which each field shows.
 */
export function EpisodeFields({ form, set, err }: Pick<RuleFormPart, "form" | "set" | "err">) {
  const { t } = useTranslation();
  const family = form.info.family;
  const defaults = family === null ? undefined : EPISODE_DEFAULTS.get(family);
  if (!defaults) return null;
  const episode = form.info.episode ?? NONE;
  const change = (patch: Partial<AlarmEpisodeSettings>) => set("info", { episode: { ...episode, ...patch } });
  const seconds = (s: number) => t("alarms.form.episode.defaultSeconds", { seconds: s });
  // Confirm and release are seconds, with the family's defaults shown; repeat is minutes, never by default.
  const fields = [
    {
      key: "confirmSec",
      label: t("alarms.form.episode.confirm"),
      description:
        defaults.confirmFixes === null
          ? seconds(defaults.confirmSec)
          : t("alarms.form.episode.defaultFixes", {
              fixes: defaults.confirmFixes,
              seconds: defaults.confirmSec,
            }),
      placeholder: String(defaults.confirmSec),
      min: 0,
      max: 86_400,
      testId: "rule-episode-confirm",
    },
    {
      key: "releaseSec",
      label: t("alarms.form.episode.release"),
      description: seconds(defaults.releaseSec),
      placeholder: String(defaults.releaseSec),
      min: 0,
      max: 86_400,
      testId: "rule-episode-release",
    },
    {
      key: "repeatMin",
      label: t("alarms.form.episode.repeat"),
      description: t("alarms.form.episode.never"),
      placeholder: undefined,
      min: 1,
      max: 1440,
      testId: "rule-episode-repeat",
    },
  ] as const;
  return (
    <Stack gap={4} data-testid="rule-episode">
      <Text size="sm" fw={500}>
        {t("alarms.form.episode.title")}
      </Text>
      <Text size="xs" c="dimmed">
        {t("alarms.form.episode.help")}
      </Text>
      <Group grow align="flex-start">
        {fields.map(({ key, testId, ...input }) => (
          <NumberInput
            key={key}
            {...input}
            allowDecimal={false}
            value={episode[key] ?? ""}
            onChange={(v) => change({ [key]: typeof v === "number" ? v : null })}
            error={err(`info.episode.${key}`)}
            data-testid={testId}
          />
        ))}
      </Group>
    </Stack>
  );
}
