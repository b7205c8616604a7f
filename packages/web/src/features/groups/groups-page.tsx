import { Select, Tabs } from "@mantine/core";
import {
  buildGroupTree,
  type GroupRow,
  type GroupWrite,
  groupsApi,
  groupWriteSchema,
  isAdminOrHigher,
  parentError,
} from "@vigia/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CrudForm } from "../../kit/crud/crud-form.tsx";
import { CrudList } from "../../kit/crud/crud-list.tsx";
import { useCompanyList } from "../../kit/crud/use-company-list.ts";
import { useCompanySave } from "../../kit/crud/use-company-save.ts";
import { errorText } from "../../kit/forms/errors.ts";
import { TextField } from "../../kit/forms/fields.tsx";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompanyIdForCalls, useRefreshCompany } from "../../platform/company/index.ts";
import { useUser } from "../../platform/session/session.ts";
import { CustomDataSection } from "./custom-data.tsx";
import { CustomStatesSection } from "./custom-states.tsx";

/**
 * /groups: the group tree and, for admins, the custom states per item kind. Both classify the company's
 * items, so they share the screen as tabs rather than adding a route.
 */
export function GroupsPage() {
  const { t } = useTranslation();
  const user = useUser();
  if (!isAdminOrHigher(user.role)) return <GroupsList />;
  return (
    <Tabs defaultValue="groups" keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="groups" data-testid="groups-tab-groups">
          {t("routes.groups")}
        </Tabs.Tab>
        <Tabs.Tab value="states" data-testid="groups-tab-states">
          {t("extras.customStates.title")}
        </Tabs.Tab>
        <Tabs.Tab value="data" data-testid="groups-tab-data">
          {t("extras.customData.title")}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="groups">
        <GroupsList />
      </Tabs.Panel>
      <Tabs.Panel value="states">
        <CustomStatesSection />
      </Tabs.Panel>
      <Tabs.Panel value="data">
        <CustomDataSection />
      </Tabs.Panel>
    </Tabs>
  );
}

/** The tree, with the path of each group, its own and aggregated items. */
function GroupsList() {
  const { t } = useTranslation();
  const companyId = useCompanyIdForCalls();
  const list = useCompanyList("groups");
  const groups = list.rows;
  const tree = useMemo(() => buildGroupTree(groups), [groups]);
  const rows = useMemo(() => Object.values(tree), [tree]);
  const path = (id: number) =>
    [...(tree[id]?.ancestors ?? [])]
      .reverse()
      .map((a) => tree[a]?.name ?? "")
      .concat(tree[id]?.name ?? "")
      .join(" › ");
  const columns: DataColumn<(typeof rows)[number]>[] = [
    { key: "name", header: t("mgmt.name"), value: (r) => r.name },
    { key: "path", header: t("groups.path"), value: (r) => path(r.id) },
    {
      key: "parent",
      header: t("groups.parent"),
      value: (r) => (r.parentId === null ? "" : (tree[r.parentId]?.name ?? "")),
    },
    { key: "vehicles", header: t("routes.vehicles"), value: (r) => r.vehicles.length },
    { key: "assets", header: t("routes.assets"), value: (r) => r.assets.length },
    { key: "persons", header: t("routes.persons"), value: (r) => r.persons.length },
    {
      key: "all",
      header: t("groups.allItems"),
      value: (r) => r.allVehicles.length + r.allAssets.length + r.allPersons.length,
    },
  ];
  return (
    <CrudList
      name="groups"
      title={t("routes.groups")}
      {...list}
      rows={rows}
      columns={columns}
      label={(r) => r.name}
      remove={(r) =>
        api.call(groupsApi.remove, { params: { companyId: companyId(), id: r.id } }, { quiet: true })
      }
      form={(row, close, readOnly) => <GroupForm row={row} tree={tree} readOnly={readOnly} onClose={close} />}
    />
  );
}

function GroupForm({
  row,
  tree,
  readOnly,
  onClose,
}: {
  row: GroupRow | null;
  tree: ReturnType<typeof buildGroupTree>;
  readOnly: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshCompany();
  const form = useZodForm(groupWriteSchema, { name: row?.name ?? "", parentId: row?.parentId ?? null });
  const parent = form.values.parentId ?? null;
  const problem = parentError(tree, row?.id ?? null, parent);
  const send = useCompanySave<GroupWrite>(
    row?.id ?? null,
    (params, body) => api.call(groupsApi.create, { params, body }, { quiet: true }),
    (params, body) => api.call(groupsApi.update, { params, body }, { quiet: true }),
  );
  return (
    <CrudForm
      // A parent that would make a loop keeps Save off.
      form={{ ...form, valid: form.valid && !problem }}
      title={row ? t("groups.edit") : t("groups.new")}
      readOnly={readOnly}
      size="md"
      send={send}
      onClose={onClose}
      onSaved={() => refresh(["groups"])}
    >
      <TextField form={form} name="name" label={t("mgmt.name")} required />
      <Select
        label={t("groups.parent")}
        clearable
        searchable
        data={Object.values(tree)
          .filter((g) => g.id !== row?.id)
          .map((g) => ({ value: String(g.id), label: g.name }))}
        value={parent === null ? null : String(parent)}
        onChange={(v) => form.set("parentId", v === null ? null : Number(v))}
        error={errorText(t, problem ?? form.errorOf("parentId"))}
        data-testid="field-parentId"
      />
    </CrudForm>
  );
}
