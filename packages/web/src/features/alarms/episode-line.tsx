import { Text } from "@mantine/core";
import type { AlarmLog } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { formatSpan } from "./episode-span.ts";

/** When a notice's episode began and ended (or that it goes on), how long it lasted and its top speed. */
export function EpisodeLine({ log }: { log: AlarmLog }) {
  const { t } = useTranslation();
  const { timezone } = useTimezone();
  const episode = log.data.episode;
  if (!episode) return null;
  const until =
    episode.end === null
      ? t("alarms.episode.ongoing")
      : `${formatDateTime(episode.end, timezone, true)} (${formatSpan(episode.end - episode.start)})`;
  return (
    <Text size="sm" data-testid="alarm-episode">
      <b>{t("alarms.episode.label")}:</b> {formatDateTime(episode.start, timezone, true)} – {until}
      {episode.maxSpeed === undefined ? "" : ` · ${t("alarms.episode.maxSpeed")} ${episode.maxSpeed} km/h`}
    </Text>
  );
}
