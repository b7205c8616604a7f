import { Alert, Badge, Modal, Table, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../kit/format/date.ts";
import { liveItems, parseKey } from "../../../platform/live/store.ts";
import { useLiveVersion } from "../hooks.ts";
import { useShownSensors } from "../SensorList.tsx";
import { nextSensorSince, type SensorSince } from "./sensorChanges.ts";
import type { MapToolProps } from "./types.ts";

const NONE: SensorSince = new Map();

/** Every sensor and input of the selected item: name, value with unit, group and when it last changed. */
export function SensorsModal({ catalog, selected, timezone, onClose }: MapToolProps) {
  const { t } = useTranslation();
  const version = useLiveVersion();
  const state = selected ? liveItems.items.get(selected) : undefined;
  const { kind, id } = selected ? parseKey(selected) : { kind: "vehicle" as const, id: 0 };
  const sensors = state?.sensors ?? {};
  const { shown, label, value } = useShownSensors(kind, id, sensors);
  const [since, setSince] = useState<SensorSince>(NONE);
  const ts = state?.pos?.ts ?? null;
  // Each new position of the item while the window is open dates the sensors that changed with it.
  const live = state?.sensors;
  useEffect(() => {
    if (ts !== null && live) setSince((prev) => nextSensorSince(prev, live, ts));
  }, [version, ts, live]);
  const item = selected ? catalog.items.get(selected) : undefined;

  return (
    <Modal
      opened
      onClose={onClose}
      title={`${t("maptools.sensors.title")}${item ? ` · ${item.name}` : ""}`}
      size="lg"
    >
      {shown.length === 0 ? (
        <Alert color="gray">{t("maptools.sensors.none")}</Alert>
      ) : (
        <>
          <Text size="xs" c="dimmed" mb="xs">
            {ts !== null && t("maptools.sensors.lastPosition", { date: formatDateTime(ts, timezone) })}
          </Text>
          <Table striped fz="sm" data-testid="sensors-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("maptools.sensors.name")}</Table.Th>
                <Table.Th>{t("maptools.sensors.value")}</Table.Th>
                <Table.Th>{t("maptools.sensors.changed")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((s) => {
                const changed = since.get(s.key)?.since ?? null;
                return (
                  <Table.Tr key={s.key}>
                    <Table.Td title={s.key}>
                      {label(s)}{" "}
                      {s.group === "technical" && (
                        <Badge size="xs" variant="light" color="gray">
                          {t("maptools.sensors.technical")}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td fw={500}>{value(s)}</Table.Td>
                    <Table.Td>
                      <Text size="xs" c={changed === null ? "dimmed" : undefined}>
                        {changed === null ? t("maptools.sensors.notSeen") : formatDateTime(changed, timezone)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Modal>
  );
}
