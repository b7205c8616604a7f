import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { TIMEZONE_KEY } from "./storage.ts";

/** The time zone every date on screen is shown in; chosen in the top bar, kept in local storage. */
interface TimezoneValue {
  timezone: string;
  setTimezone(zone: string): void;
  /** Adopts a default (site or user) only when the browser has no choice stored yet. */
  adoptDefault(zone: string): void;
}

const TimezoneContext = createContext<TimezoneValue | null>(null);

const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export function TimezoneProvider({ children }: { children: ReactNode }) {
  const [timezone, setState] = useState<string>(() => localStorage.getItem(TIMEZONE_KEY) ?? browserZone());
  const setTimezone = useCallback((zone: string) => {
    localStorage.setItem(TIMEZONE_KEY, zone);
    setState(zone);
  }, []);
  const adoptDefault = useCallback(
    (zone: string) => {
      if (zone && localStorage.getItem(TIMEZONE_KEY) === null) setTimezone(zone);
    },
    [setTimezone],
  );
  const value = useMemo(
    () => ({ timezone, setTimezone, adoptDefault }),
    [timezone, setTimezone, adoptDefault],
  );
  return <TimezoneContext.Provider value={value}>{children}</TimezoneContext.Provider>;
}

export function useTimezone(): TimezoneValue {
  const value = useContext(TimezoneContext);
  if (!value) throw new Error("useTimezone outside TimezoneProvider");
  return value;
}

/** The zone to show dates in, also for widgets rendered outside the provider (tables in isolation). */
export function useTimezoneName(): string {
  const value = useContext(TimezoneContext);
  return value?.timezone ?? localStorage.getItem(TIMEZONE_KEY) ?? browserZone();
}
