import { Button, Group, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useTimezone } from "../../platform/session/preferences.tsx";
// The conversions live with the date format, which loads the dayjs zone plugins they need.
import { fromZonedInput, toZonedInput } from "../format/date.ts";

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
      <TextInput
        type="datetime-local"
        label={t("alarms.from")}
        value={from}
        onChange={(e) => setFrom(e.currentTarget.value)}
      />
      <TextInput
        type="datetime-local"
        label={t("alarms.to")}
        value={to}
        onChange={(e) => setTo(e.currentTarget.value)}
      />
      <Button
        onClick={() => onShow({ from: fromZonedInput(from, timezone), to: fromZonedInput(to, timezone) })}
      >
        {t("alarms.show")}
      </Button>
    </Group>
  );
}
