import { Badge, Table } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../kit/format/date.ts";
import { DayToolModal, useToolDay } from "./day-tool.tsx";
import { formatDuration } from "./measure-format.ts";
import { PlacesTable } from "./places-table.tsx";
import type { MapToolProps } from "./types.ts";

/** Stops of the day with their readable addresses (offline geocoder, asked once per place and cached). */
export function StopsModal(props: MapToolProps) {
  const { timezone } = props;
  const { t } = useTranslation();
  const tool = useToolDay(props);
  const stops = tool.playback.data?.stops ?? [];

  return (
    <DayToolModal
      title={t("maptools.stops.title")}
      tool={tool}
      testId="stops-day"
      emptyText={stops.length === 0 ? t("maptools.stops.none") : null}
    >
      <PlacesTable
        tool={props}
        places={stops}
        testId="stops-table"
        heads={[t("maptools.idle.start"), t("maptools.idle.duration"), t("maptools.stops.address")]}
        cells={(s) => (
          <>
            <Table.Td>{formatDateTime(s.startTs, timezone)}</Table.Td>
            <Table.Td>
              {s.endTs === null ? t("maptools.idle.ongoing") : formatDuration((s.endTs - s.startTs) / 1000)}{" "}
              {s.idle && (
                <Badge size="xs" color="orange" variant="light">
                  {t("maptools.stops.idle")}
                </Badge>
              )}
            </Table.Td>
          </>
        )}
      />
    </DayToolModal>
  );
}
