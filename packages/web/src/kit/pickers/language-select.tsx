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
  onChanged,
}: {
  label?: string;
  size?: "xs" | "sm";
  portal?: boolean;
  /** Called after the interface switched (the user menu saves it in the profile). */
  onChanged?(language: Language): void;
}) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : "en";
  return (
    <Select
      label={label}
      aria-label={t("topbar.language")}
      data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
      value={current}
      onChange={(value) => {
        if (!isLanguage(value)) return;
        setLanguage(value);
        onChanged?.(value);
      }}
      allowDeselect={false}
      leftSection={<IconLanguage size={16} />}
      size={size}
      comboboxProps={{ withinPortal: portal }}
      data-testid="language-select"
    />
  );
}
