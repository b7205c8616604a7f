import { DatesProvider } from "@mantine/dates";
import "dayjs/locale/es";
import "dayjs/locale/fr";
import "dayjs/locale/it";
import "dayjs/locale/pt";
import "dayjs/locale/tr";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * Date pickers speak the interface language (month and day names, first day of the week), not the
 * browser's: Mantine's dates read their locale from here, dayjs has each language loaded.
 */
export function DatesLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language || "en", firstDayOfWeek: 1 }}>{children}</DatesProvider>
  );
}
