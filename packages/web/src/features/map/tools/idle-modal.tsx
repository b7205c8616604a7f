import { NumberInput, Table } from "@mantine/core";
import { ALARM_FAMILY, ALARM_FAMILY_DEFAULTS } from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../kit/format/date.ts";
import { DayToolModal, useToolDay } from "./day-tool.tsx";
import { idlePeriods } from "./day-use.ts";
import { formatDuration } from "./measure-format.ts";
import { PlacesTable } from "./places-table.tsx";
import type { MapToolProps } from "./types.ts";

const DEFAULT_MIN = (ALARM_FAMILY_DEFAULTS[ALARM_FAMILY.idle] ?? 300_000) / 60_000;

/** Idle: the day's idle periods over a threshold (default 5 min), in a table and on the map. */
export function IdleModal(props: MapToolProps) {
  const { timezone } = props;
  const { t } = useTranslation();
  const tool = useToolDay(props);
  const [minutes, setMinutes] = useState<number>(DEFAULT_MIN);
  const data = tool.playback.data;
  const periods = useMemo(
    () => (data ? idlePeriods(data.stops, data.to, minutes * 60_000) : []),
    [data, minutes],
  );

  return (
    <DayToolModal
      title={t("maptools.idle.title")}
      tool={tool}
      testId="idle-day"
      emptyText={periods.length === 0 ? t("maptools.idle.none") : null}
      beside={
        <NumberInput
          label={t("maptools.idle.threshold")}
          min={1}
          max={1440}
          value={minutes}
          onChange={(v) => setMinutes(typeof v === "number" && v >= 1 ? v : DEFAULT_MIN)}
          data-testid="idle-threshold"
        />
      }
    >
      <PlacesTable
        tool={props}
        places={periods}
        testId="idle-table"
        heads={[
          t("maptools.idle.start"),
          t("maptools.idle.end"),
          t("maptools.idle.duration"),
          t("maptools.idle.place"),
        ]}
        cells={(p) => (
          <>
            <Table.Td>{formatDateTime(p.startTs, timezone)}</Table.Td>
            <Table.Td>
              {p.endTs === null ? t("maptools.idle.ongoing") : formatDateTime(p.endTs, timezone)}
            </Table.Td>
            <Table.Td>{formatDuration(p.durationMs / 1000)}</Table.Td>
          </>
        )}
      />
    </DayToolModal>
  );
}
