import { TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A point typed as "lat, lng", flagged while its text (`valid` says whether it parsed) is not one. */
export function PointInput({
  label,
  description,
  value,
  onChange,
  valid,
  testId,
}: {
  label: string;
  description?: string;
  value: string;
  onChange(text: string): void;
  valid: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      style={{ flex: 1 }}
      label={label}
      description={description}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={value.trim() !== "" && !valid ? t("maptools.route.pointInvalid") : undefined}
      data-testid={testId}
    />
  );
}
