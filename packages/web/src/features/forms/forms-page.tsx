import { Badge, Button, Group, Stack, Title } from "@mantine/core";
import { IconArrowLeft, IconList } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type Form, formsApi } from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { CrudList } from "../../kit/crud/crud-list.tsx";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompanyIdForCalls } from "../../platform/company/index.ts";
import { formsKey, formsQuery } from "./api.ts";
import { FormBuilder } from "./form-builder.tsx";
import { SubmissionsPanel } from "./submissions-panel.tsx";

/** /forms (administrators): the company's custom forms, their builder and each form's submissions. */
export function FormsPage() {
  const { t } = useTranslation();
  const companyId = useCompanyIdForCalls();
  const queryClient = useQueryClient();
  const forms = useQuery(formsQuery(companyId()));
  const rows = useMemo(() => Object.values(forms.data ?? {}), [forms.data]);
  const [viewing, setViewing] = useState<Form | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: formsKey });
  const columns: DataColumn<Form>[] = [
    { key: "name", header: t("forms.name"), value: (f) => f.name, sortable: true },
    { key: "fields", header: t("forms.fields"), value: (f) => f.fields.length, sortable: true },
    { key: "version", header: t("forms.version"), value: (f) => f.version, sortable: true },
    { key: "submissions", header: t("forms.submissions"), value: (f) => f.submissions, sortable: true },
    {
      key: "active",
      header: t("forms.active"),
      value: (f) => (f.active ? t("forms.yes") : t("forms.no")),
      render: (f) => (
        <Badge color={f.active ? "green" : "gray"} variant="light">
          {f.active ? t("forms.yes") : t("forms.no")}
        </Badge>
      ),
    },
  ];
  if (viewing)
    return (
      <Stack p="md" gap="md" style={{ flex: 1 }}>
        <Group>
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => setViewing(null)}>
            {t("routes.forms")}
          </Button>
          <Title order={4}>{viewing.name}</Title>
        </Group>
        <SubmissionsPanel form={viewing} companyId={companyId()} />
      </Stack>
    );
  return (
    <Stack p="md" gap="md" style={{ flex: 1 }}>
      <CrudList
        name="forms"
        title={t("routes.forms")}
        rows={rows}
        columns={columns}
        loading={forms.isLoading}
        label={(f) => f.name}
        remove={(f) =>
          api.call(formsApi.remove, { params: { companyId: companyId(), id: f.id } }, { quiet: true })
        }
        afterDelete={reload}
        extraActions={[
          {
            key: "submissions",
            label: t("forms.submissions"),
            icon: <IconList size={16} />,
            // Reading submissions is open to read-only administrators too.
            read: true,
            onClick: (f) => setViewing(f),
          },
        ]}
        form={(row, close, readOnly) => (
          <FormBuilder form={row} readOnly={readOnly} onClose={close} onSaved={() => void reload()} />
        )}
      />
    </Stack>
  );
}
