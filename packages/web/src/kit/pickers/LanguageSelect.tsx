import { Select } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { LANGUAGES, type Language } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { isLanguage, LANGUAGE_NAMES, setLanguage } from "../../platform/i18n/index.ts";

/** `portal: false` inside popovers, so picking an option is not a click outside the popover. */
export function LanguageSelect({
  label,
  size = "sm",
  portal = true,
}: {
  label?: string;
  size?: "xs" | "sm";
  portal?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : "en";
  return (
    <Select
      label={label}
      aria-label={t("topbar.language")}
      data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
      value={current}
      onChange={(value) => isLanguage(value) && setLanguage(value)}
      allowDeselect={false}
      leftSection={<IconLanguage size={16} />}
      size={size}
      comboboxProps={{ withinPortal: portal }}
      data-testid="language-select"
    />
  );
}
