import { Alert } from "@mantine/core";
import { IconMapPinOff } from "@tabler/icons-react";
import { devicesApi, type UnlocatedReport } from "@vigia/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { api } from "../../platform/api/instance.ts";

interface Props {
  companyId: number;
  itemType: 1 | 2 | 3;
  itemId: number;
  /** Time of the position the map shows (null: none); a report older than that is no news. */
  shownTs: number | null;
  timezone: string;
}

/**
 * Why the map does not show where the item is now: its device's newest report had no GPS fix, and
 * no table or service knew the cell towers or Wi-Fi access points it heard. Asked again when the shown position
 * changes, so it disappears once the item is placed again.
 */
export function UnlocatedNotice({ companyId, itemType, itemId, shownTs, timezone }: Props) {
  const { t } = useTranslation();
  const [report, setReport] = useState<UnlocatedReport["report"]>(null);

  useEffect(() => {
    let live = true;
    api
      .call(devicesApi.unlocated, { params: { companyId, itemType, itemId } }, { quiet: true })
      .then((answer) => live && setReport(answer.report))
      .catch(() => live && setReport(null));
    return () => {
      live = false;
    };
  }, [companyId, itemType, itemId, shownTs]);

  if (!report || (shownTs !== null && report.ts <= shownTs)) return null;
  return (
    <Alert
      mx="sm"
      mt="xs"
      color="orange"
      variant="light"
      icon={<IconMapPinOff size={18} />}
      title={t("map.unlocated.title")}
      data-testid="map-detail-unlocated"
    >
      {t("map.unlocated.text", {
        time: formatDateTime(report.ts, timezone, true),
        towers: report.towers,
        aps: report.accessPoints,
      })}
    </Alert>
  );
}
