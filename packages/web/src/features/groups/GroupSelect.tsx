import { Alert, Select } from "@mantine/core";
import { groupChoiceError } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { errorText } from "../../kit/forms/errors.ts";
import type { Form } from "../../kit/forms/fields.tsx";
import { useCompanyRows } from "../company/index.ts";

export interface GroupRow {
  id: number;
  name: string;
  parentId: number | null;
}

/** The group selector: required for items; tells the user when no group exists yet (spec 01 §5). */
export function GroupSelect({
  form,
  name = "group",
  required = true,
}: {
  form: Form;
  name?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const groups = useCompanyRows<GroupRow>("groups");
  const value = form.values[name];
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
      onChange={(v) => form.set(name, v === null ? null : Number(v))}
      error={errorText(t, form.errorOf(name))}
      data-testid={`field-${name}`}
    />
  );
}
