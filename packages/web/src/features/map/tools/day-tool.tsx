import { Alert, Group, Loader, Stack } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../platform/api/client.ts";
import { apiErrorText } from "../../../platform/api/error-text.ts";
import { todayIn } from "../route.ts";
import { startDay } from "./start-day.ts";
import { ItemToolModal } from "./tool-frame.tsx";
import type { MapToolProps } from "./types.ts";
import { useDayPlayback } from "./use-day-playback.ts";

/**
 * The day a day tool reads and the selected item's playback over it; the day opens on the one loaded in
 * playback or the panel's route, else today.
 */
export function useToolDay(props: MapToolProps) {
  const { companyId, selected, timezone } = props;
  const [day, setDay] = useState(() => startDay(selected, timezone));
  const playback = useDayPlayback(companyId, selected, day, timezone);
  return { props, day, setDay, timezone, playback };
}

export type ToolDay = ReturnType<typeof useToolDay>;

interface DayFormProps {
  tool: ToolDay;
  /** data-testid of the day picker. */
  testId: string;
  /** The tool's own inputs, in a row with the day. */
  beside?: ReactNode;
  /** Shown once the day is loaded and has nothing for the tool; null while it has something. */
  emptyText: string | null;
  children?: ReactNode;
}

/**
 * The form of a tool over one item's day: the day (with any inputs of the tool beside it), the loading and
 * error notes, the tool's note when the loaded day has nothing for it, then the tool's results.
 */
export function DayForm({ tool, testId, beside, emptyText, children }: DayFormProps) {
  const { t } = useTranslation();
  const { day, setDay, timezone, playback } = tool;
  const picker = (
    <DatePickerInput
      label={t("map.route.day")}
      value={day || null}
      maxDate={todayIn(timezone, Date.now())}
      valueFormat="YYYY-MM-DD"
      maw={beside ? undefined : 220}
      data-testid={testId}
      onChange={(value) => setDay(value ?? "")}
    />
  );
  return (
    <Stack gap="sm">
      {beside ? (
        <Group grow align="flex-end">
          {picker}
          {beside}
        </Group>
      ) : (
        picker
      )}
      {playback.isFetching && <Loader size="sm" />}
      {playback.error && (
        <Alert color="red">
          {playback.error instanceof ApiError ? apiErrorText(playback.error, t) : String(playback.error)}
        </Alert>
      )}
      {playback.data && emptyText !== null && <Alert color="gray">{emptyText}</Alert>}
      {children}
    </Stack>
  );
}

/** The modal of a tool over the selected item's day: its title names the item, its body is the day form. */
export function DayToolModal({
  title,
  size = "lg",
  ...form
}: DayFormProps & { title: string; size?: "lg" | "xl" }) {
  return (
    <ItemToolModal tool={form.tool.props} title={title} size={size}>
      <DayForm {...form} />
    </ItemToolModal>
  );
}
