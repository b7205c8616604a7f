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
  const numberOrNull = (v: string | number) => (typeof v === "number" ? v : null);
  const seconds = (s: number) => t("alarms.form.episode.defaultSeconds", { seconds: s });
  return (
    <Stack gap={4} data-testid="rule-episode">
      <Text size="sm" fw={500}>
        {t("alarms.form.episode.title")}
      </Text>
      <Text size="xs" c="dimmed">
        {t("alarms.form.episode.help")}
      </Text>
      <Group grow align="flex-start">
        <NumberInput
          label={t("alarms.form.episode.confirm")}
          description={
            defaults.confirmFixes === null
              ? seconds(defaults.confirmSec)
              : t("alarms.form.episode.defaultFixes", {
                  fixes: defaults.confirmFixes,
                  seconds: defaults.confirmSec,
                })
          }
          placeholder={String(defaults.confirmSec)}
          min={0}
          max={86_400}
          allowDecimal={false}
          value={episode.confirmSec ?? ""}
          onChange={(v) => change({ confirmSec: numberOrNull(v) })}
          error={err("info.episode.confirmSec")}
          data-testid="rule-episode-confirm"
        />
        <NumberInput
          label={t("alarms.form.episode.release")}
          description={seconds(defaults.releaseSec)}
          placeholder={String(defaults.releaseSec)}
          min={0}
          max={86_400}
          allowDecimal={false}
          value={episode.releaseSec ?? ""}
          onChange={(v) => change({ releaseSec: numberOrNull(v) })}
          error={err("info.episode.releaseSec")}
          data-testid="rule-episode-release"
        />
        <NumberInput
          label={t("alarms.form.episode.repeat")}
          description={t("alarms.form.episode.never")}
          min={1}
          max={1440}
          allowDecimal={false}
          value={episode.repeatMin ?? ""}
          onChange={(v) => change({ repeatMin: numberOrNull(v) })}
          error={err("info.episode.repeatMin")}
          data-testid="rule-episode-repeat"
        />
      </Group>
    </Stack>
  );
}
