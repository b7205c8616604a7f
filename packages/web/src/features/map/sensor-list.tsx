import { Divider, Table, Text } from "@mantine/core";
import { type ItemKey, presentSensors, type SensorValue, type ShownSensor, withUnit } from "@vigia/domain";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useNumberFormat } from "../../kit/format/number.ts";
import { useCompany, useCompanyRows } from "../../platform/company/index.ts";
import { useSensorSettings } from "../sensors/index.ts";

const ITEM_TYPE: Record<ItemKey, number> = { vehicle: 1, asset: 2, person: 3 };
const NO_SETTINGS: never[] = [];

/** The protocol of the device on an item (teltonika, gt06, osmand, mqtt), null when unknown. */
function useItemProtocol(kind: ItemKey, id: number): string | null {
  const trackers = useCompanyRows("trackers");
  const inputs = useCompany().data["trackers/inputs"];
  const device = trackers.find((d) => d.itemType === ITEM_TYPE[kind] && d.itemId === id);
  if (!device || !inputs) return null;
  return inputs.types[String(device.typeId)]?.proto ?? null;
}

/** An item's sensors as the company names them (catalogue + its settings), with their label and value text. */
export function useShownSensors(kind: ItemKey, id: number, sensors: Record<string, SensorValue>) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const { companyId } = useCompany();
  const settings = useSensorSettings(companyId).data?.settings ?? NO_SETTINGS;
  const protocol = useItemProtocol(kind, id);
  const shown = presentSensors(protocol, sensors, settings);
  const label = (s: ShownSensor) => (s.nameKey ? t(`sensors.name.${s.nameKey}`) : s.label);
  const value = (s: ShownSensor) => {
    if (typeof s.value === "boolean") return s.value ? t("sensors.on") : t("sensors.off");
    const text = typeof s.value === "number" ? fmt.number(s.value, 3) : s.value;
    return withUnit(text, s.unit);
  };
  /** A stored raw value as the table shows it (the company's multiplier applied), for the history chart. */
  // Stable while the protocol and settings are, so the chart does not redo its series on every live update.
  const scaled = useCallback(
    (key: string, raw: number): number | null => {
      const v = presentSensors(protocol, { [key]: raw }, settings)[0]?.value;
      return typeof v === "number" ? v : typeof v === "boolean" ? Number(v) : null;
    },
    [protocol, settings],
  );
  return { shown, label, value, scaled };
}

/** The sensors section of the detail panel: catalogue names and units, main sensors then technical ones. */
export function SensorList({
  kind,
  id,
  sensors,
}: {
  kind: ItemKey;
  id: number;
  sensors: Record<string, SensorValue>;
}) {
  const { t } = useTranslation();
  const { shown, label, value } = useShownSensors(kind, id, sensors);
  if (shown.length === 0) return null;
  const table = (rows: ShownSensor[], testId: string) => (
    <Table verticalSpacing={3} fz="xs" mx="sm" style={{ width: "calc(100% - 24px)" }} data-testid={testId}>
      <Table.Tbody>
        {rows.map((s) => (
          <Table.Tr key={s.key} data-sensor={s.key}>
            <Table.Td c="dimmed" title={s.key}>
              {label(s)}
            </Table.Td>
            <Table.Td fw={500}>{value(s)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  const main = shown.filter((s) => s.group === "main");
  const technical = shown.filter((s) => s.group === "technical");
  return (
    <>
      <Divider label={t("map.detail.sensors")} labelPosition="left" mx="sm" />
      {main.length > 0 ? table(main, "map-sensors") : null}
      {technical.length > 0 && (
        <details style={{ margin: "4px 12px 8px" }} data-testid="map-sensors-technical">
          <summary style={{ cursor: "pointer" }}>
            <Text span size="xs" c="dimmed">
              {t("sensors.technical", { count: technical.length })}
            </Text>
          </summary>
          {table(technical, "map-sensors-technical-table")}
        </details>
      )}
    </>
  );
}
