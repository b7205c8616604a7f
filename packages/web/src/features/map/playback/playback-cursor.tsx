import { Badge, Divider, Table, Text } from "@mantine/core";
import { liveApi, type SensorValue } from "@vigia/domain";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../kit/format/date.ts";
import { api } from "../../../platform/api/instance.ts";
import { type LiveKey, parseKey } from "../../../platform/live/store.ts";
import { SensorList } from "../sensor-list.tsx";
import { positionAtContract } from "./calls.ts";
import { cursorPoint, indexAt, phaseAt } from "./playback-time.ts";
import { usePlayback } from "./store.ts";

/** While playing, the sensors and the address at the cursor are asked at most this often. */
const LOOKUP_EVERY_MS = 1000;

interface Props {
  itemKey: LiveKey;
  companyId: number;
  timezone: string;
  language: string;
}

/** The item's panel during playback: its state at the cursor instead of now. */
export function PlaybackCursor({ itemKey, companyId, timezone, language }: Props) {
  const { t } = useTranslation();
  const state = usePlayback();
  const active = state?.key === itemKey && state.data !== null && state.data.points.length > 0;
  const data = active ? state.data : null;
  const cursor = state?.cursor ?? 0;
  const index = data ? Math.max(0, indexAt(data.points, cursor)) : -1;
  const stored = data ? data.points[index] : undefined;
  const [sensors, setSensors] = useState<{ ts: number; values: Record<string, SensorValue> } | null>(null);
  const [address, setAddress] = useState<{ ts: number; text: string } | null>(null);

  // Throttled look-ups of the stored position under the cursor: its sensors and its address.
  const wanted = useRef<{ ts: number; lat: number; lng: number } | null>(null);
  wanted.current = stored ? { ts: stored.ts, lat: stored.lat, lng: stored.lng } : null;
  useEffect(() => {
    if (!active) return;
    const { kind, id } = parseKey(itemKey);
    let asked = -1;
    let cancelled = false;
    const look = async () => {
      const target = wanted.current;
      if (!target || target.ts === asked) return;
      asked = target.ts;
      try {
        const [at, place] = await Promise.all([
          api.call(
            positionAtContract(kind),
            { params: { companyId, itemId: id }, query: { ts: target.ts } },
            { quiet: true },
          ),
          api
            .call(
              liveApi.address,
              { params: { companyId }, query: { lat: target.lat, lng: target.lng, lang: language } },
              { quiet: true },
            )
            .catch(() => null),
        ]);
        if (cancelled) return;
        setSensors({ ts: target.ts, values: at.position?.sensors ?? {} });
        if (place) setAddress({ ts: target.ts, text: place.address });
      } catch {
        // A failed look-up leaves the last values; the next tick asks again.
        asked = -1;
      }
    };
    void look();
    const timer = setInterval(() => void look(), LOOKUP_EVERY_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [active, itemKey, companyId, language]);

  if (!data || !stored) return null;
  const point = cursorPoint(data.points, cursor) ?? stored;
  const phase = phaseAt(data.trips, data.stops, cursor, data.to);
  const rows: [string, string, string][] = [
    ["time", t("playback.atTime"), formatDateTime(cursor, timezone, true)],
    ["fix", t("playback.fixTime"), formatDateTime(stored.ts, timezone, true)],
    ["speed", t("map.detail.speed"), `${Math.trunc(stored.spd)} km/h`],
    ["position", t("playback.position"), `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`],
    ["address", t("playback.address"), address?.text || "—"],
  ];
  const sensorRows = Object.entries(sensors?.values ?? {});
  const { kind: itemKind, id: itemId } = parseKey(itemKey);

  return (
    <div data-testid="playback-cursor">
      <Divider label={t("playback.atCursor")} labelPosition="left" mx="sm" mt={6} />
      {phase.kind !== "none" && (
        <div style={{ padding: "2px 12px" }}>
          <Badge
            size="sm"
            color={phase.kind === "trip" ? "blue" : phase.kind === "stop" ? "orange" : "gray"}
            data-testid="playback-phase"
          >
            {t(`playback.phase.${phase.kind}`)}
          </Badge>
        </div>
      )}
      <Table verticalSpacing={4} fz="sm" mx="sm" style={{ width: "calc(100% - 24px)" }}>
        <Table.Tbody>
          {rows.map(([key, label, value]) => (
            <Table.Tr key={key}>
              <Table.Td c="dimmed" w="42%" style={{ whiteSpace: "nowrap" }}>
                {label}
              </Table.Td>
              <Table.Td fw={500} data-testid={`playback-cursor-${key}`}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {sensorRows.length > 0 && (
        // The same catalogue names, units and company settings as the live panel's sensors.
        <div data-testid="playback-sensors">
          <SensorList kind={itemKind} id={itemId} sensors={sensors?.values ?? {}} />
        </div>
      )}
      {sensors === null && (
        <Text size="xs" c="dimmed" mx="sm">
          …
        </Text>
      )}
      <Divider label={t("playback.now")} labelPosition="left" mx="sm" mt={6} />
    </div>
  );
}
