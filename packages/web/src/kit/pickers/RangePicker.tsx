import { Button, Group, TextInput } from "@mantine/core";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useTimezone } from "../../platform/session/preferences.tsx";

const toInput = (ts: number, tz: string) => dayjs(ts).tz(tz).format("YYYY-MM-DDTHH:mm");
const fromInput = (value: string, tz: string) => dayjs.tz(value, tz).valueOf();

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
  const [from, setFrom] = useState(() => toInput(initial.from, timezone));
  const [to, setTo] = useState(() => toInput(initial.to, timezone));
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
      <Button onClick={() => onShow({ from: fromInput(from, timezone), to: fromInput(to, timezone) })}>
        {t("alarms.show")}
      </Button>
    </Group>
  );
}
