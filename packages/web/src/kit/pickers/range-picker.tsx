import { Button, Group } from "@mantine/core";
import { DateTimePicker, type DateTimePickerProps } from "@mantine/dates";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useTimezone } from "../../platform/session/preferences.tsx";
// The conversions live with the date format, which loads the dayjs zone plugins they need.
import { fromZonedInput, toZonedInput } from "../format/date.ts";

/** The product's date format; month and day names in the calendar follow the UI language. */
export const PICKER_FORMAT = "YYYY-MM-DD HH:mm";
/** datetime-local style "YYYY-MM-DDTHH:mm" ⇄ Mantine's "YYYY-MM-DD HH:mm:ss". Pure. */
export const pickerValue = (local: string): string => `${local.replace("T", " ")}:00`;
export const fromPicker = (value: string): string => value.slice(0, 16).replace(" ", "T");

/** A date-time field in the product's format and the UI language, holding local "YYYY-MM-DDTHH:mm" text. */
export function LocalDateTimeInput({
  value,
  onChange,
  ...props
}: Omit<DateTimePickerProps, "value" | "onChange" | "valueFormat"> & {
  value: string;
  onChange(local: string): void;
}) {
  return (
    <DateTimePicker
      {...props}
      value={pickerValue(value)}
      valueFormat={PICKER_FORMAT}
      onChange={(v) => v && onChange(fromPicker(v))}
    />
  );
}

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
      <LocalDateTimeInput label={t("alarms.from")} value={from} onChange={setFrom} data-testid="range-from" />
      <LocalDateTimeInput label={t("alarms.to")} value={to} onChange={setTo} data-testid="range-to" />
      <Button
        onClick={() => onShow({ from: fromZonedInput(from, timezone), to: fromZonedInput(to, timezone) })}
      >
        {t("alarms.show")}
      </Button>
    </Group>
  );
}
