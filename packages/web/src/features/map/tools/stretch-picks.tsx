import { Group, Select } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../kit/format/date.ts";

interface Fix {
  ts: number;
  spd: number;
}

/**
 * The two fixes picked on a day's route (from, to: indices as the selects hold them, null unpicked) and the
 * options to pick them from; a new day or item clears the picks, as they referred to another route.
 */
export function useStretchPicks(
  points: readonly Fix[],
  timezone: string,
  route: { day: string; item: unknown },
) {
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const { day, item } = route;
  useEffect(() => {
    setFrom(null);
    setTo(null);
  }, [day, item]);
  const options = useMemo(
    () =>
      points.map((p, i) => ({
        value: String(i),
        label: `${formatDateTime(p.ts, timezone)} · ${Math.trunc(p.spd)} km/h`,
      })),
    [points, timezone],
  );
  return { from, to, setFrom, setTo, options };
}

export type StretchPicks = ReturnType<typeof useStretchPicks>;

/** The selects of the stretch's two ends, side by side. */
export function StretchSelects({
  picks,
  clearable = false,
  placeholders,
  testId,
}: {
  picks: StretchPicks;
  /** Ends left unpicked stand for the route's start and end. */
  clearable?: boolean;
  placeholders?: { from: string; to: string };
  /** Prefix of the selects' data-testid (`<prefix>-from`, `<prefix>-to`). */
  testId?: string;
}) {
  const { t } = useTranslation();
  const ends = [
    { end: "from", value: picks.from, onChange: picks.setFrom },
    { end: "to", value: picks.to, onChange: picks.setTo },
  ] as const;
  return (
    <Group grow>
      {ends.map(({ end, value, onChange }) => (
        <Select
          key={end}
          label={t(`maptools.span.${end}`)}
          placeholder={placeholders?.[end]}
          data={picks.options}
          value={value}
          onChange={onChange}
          searchable
          clearable={clearable}
          limit={200}
          data-testid={testId ? `${testId}-${end}` : undefined}
        />
      ))}
    </Group>
  );
}
