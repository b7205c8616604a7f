import { Button, Group } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useTimezone } from "../../platform/session/preferences.tsx";
// The conversions live with the date format, which loads the dayjs zone plugins they need.
import { fromZonedInput, toZonedInput } from "../format/date.ts";

/** The product's date format (spec 01 §9); month and day names in the calendar follow the UI language. */
export const PICKER_FORMAT = "YYYY-MM-DD HH:mm";
/** datetime-local style "YYYY-MM-DDTHH:mm" ⇄ Mantine's "YYYY-MM-DD HH:mm:ss". Pure. */
export const pickerValue = (local: string): string => `${local.replace("T", " ")}:00`;
export const fromPicker = (value: string): string => value.slice(0, 16).replace(" ", "T");

/** From / to inputs in the user's time zone and a Show button that hands back the range in epoch ms. */
export function RangePicker({
  initial,
  onShow,
}: {
  initial: { from: number; to: number };
  onShow(range: { from: number; to: number }): void;
}) {
  const { t } = useTranslation();
  const { timezone } = useTimezone();
  const [from, setFrom] = useState(() => toZonedInput(initial.from, timezone));
  const [to, setTo] = useState(() => toZonedInput(initial.to, timezone));
  return (
    <Group align="flex-end" gap="xs">
      <DateTimePicker
        label={t("alarms.from")}
        value={pickerValue(from)}
        valueFormat={PICKER_FORMAT}
        onChange={(v) => v && setFrom(fromPicker(v))}
        data-testid="range-from"
      />
      <DateTimePicker
        label={t("alarms.to")}
        value={pickerValue(to)}
        valueFormat={PICKER_FORMAT}
        onChange={(v) => v && setTo(fromPicker(v))}
        data-testid="range-to"
      />
      <Button
        onClick={() => onShow({ from: fromZonedInput(from, timezone), to: fromZonedInput(to, timezone) })}
      >
        {t("alarms.show")}
      </Button>
    </Group>
  );
}
