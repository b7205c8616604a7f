import { Alert, Select } from "@mantine/core";
import { groupChoiceError } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { errorText } from "../../kit/forms/errors.ts";
import type { FieldBinding } from "../../kit/forms/fields.tsx";
import { useCompanyRows } from "../../platform/company/index.ts";

/** The group selector of an item form's `group` field: required for items; says when no group exists. */
export function GroupSelect({
  form,
  required = true,
}: {
  form: FieldBinding<"group", number | undefined>;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const groups = useCompanyRows("groups");
  const value = form.values.group;
  const problem = required ? groupChoiceError(groups.length, typeof value === "number" ? [value] : []) : null;
  if (problem === "noGroupsExist") return <Alert color="yellow">{t("mgmtErrors.noGroupsExist")}</Alert>;
  return (
    <Select
      label={t("mgmt.group")}
      withAsterisk={required}
      clearable={!required}
      searchable
      data={groups
        .map((g) => ({ value: String(g.id), label: g.name }))
        .sort((a, b) => a.label.localeCompare(b.label))}
      value={typeof value === "number" ? String(value) : null}
      onChange={(v) => form.set("group", v === null ? undefined : Number(v))}
      error={errorText(t, form.errorOf("group"))}
      data-testid="field-group"
    />
  );
}
