import { Select } from "@mantine/core";
import { IconWorld } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { allTimeZones } from "../format/date.ts";

/**
 * The time zone all dates are shown in; kept in local storage by the preferences provider. `portal: false` inside
 * popovers, so picking an option is not a click outside the popover.
 */
export function TimezoneSelect({ label, portal = true }: { label?: string; portal?: boolean }) {
  const { t } = useTranslation();
  const { timezone, setTimezone } = useTimezone();
  const zones = useMemo(() => {
    const list = allTimeZones();
    return list.includes(timezone) ? list : [timezone, ...list];
  }, [timezone]);
  return (
    <Select
      label={label}
      aria-label={t("topbar.timezone")}
      data={zones}
      value={timezone}
      onChange={(zone) => zone && setTimezone(zone)}
      searchable
      allowDeselect={false}
      leftSection={<IconWorld size={16} />}
      size="sm"
      comboboxProps={{ withinPortal: portal }}
      data-testid="timezone-select"
    />
  );
}
