import { Select, Switch } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { isValidParent, type ResellerRow, resellersApi, resellerWriteSchema } from "@vigia/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CrudForm } from "../../kit/crud/crud-form.tsx";
import { CrudList } from "../../kit/crud/crud-list.tsx";
import { errorText } from "../../kit/forms/errors.ts";
import { TextField } from "../../kit/forms/fields.tsx";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useSession } from "../../platform/session/session.ts";
import { resellersAdminQuery } from "./api.ts";

/** Path from the root of the visible tree, so the flat table reads as a tree. */
function pathOf(byId: Map<number, ResellerRow>, id: number): string {
  const names: string[] = [];
  const seen = new Set<number>();
  for (
    let r = byId.get(id);
    r && !seen.has(r.id);
    r = r.parentId === null ? undefined : byId.get(r.parentId)
  ) {
    seen.add(r.id);
    names.unshift(r.name);
  }
  return names.join(" › ");
}

/** /resellers: the reseller tree (parent may not be the reseller itself). */
export function ResellersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const list = useQuery(resellersAdminQuery());
  const rows = useMemo(() => Object.values(list.data ?? {}), [list.data]);
  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const reload = () => queryClient.invalidateQueries({ queryKey: resellersAdminQuery().queryKey });
  const columns: DataColumn<ResellerRow>[] = [
    { key: "path", header: t("resellers.tree"), value: (r) => pathOf(byId, r.id) },
    { key: "name", header: t("mgmt.name"), value: (r) => r.name },
    { key: "email", header: t("users.email"), value: (r) => r.email },
    { key: "phone", header: t("users.phone"), value: (r) => r.phone },
    { key: "children", header: t("resellers.children"), value: (r) => r.children.length },
  ];
  return (
    <CrudList
      name="resellers"
      title={t("routes.resellers")}
      rows={rows}
      columns={columns}
      loading={list.isPending}
      label={(r) => r.name}
      // A reseller never deletes its own record: the server refuses it.
      canDelete={(r) => r.id !== user?.resellerId}
      remove={(r) => api.call(resellersApi.remove, { params: { resellerId: r.id } }, { quiet: true })}
      afterDelete={reload}
      form={(row, close, readOnly) => (
        <ResellerForm row={row} readOnly={readOnly} all={rows} onClose={close} onSaved={reload} />
      )}
    />
  );
}

function ResellerForm({
  row,
  readOnly,
  all,
  onClose,
  onSaved,
}: {
  row: ResellerRow | null;
  readOnly: boolean;
  all: ResellerRow[];
  onClose(): void;
  onSaved(): unknown;
}) {
  const { t } = useTranslation();
  const form = useZodForm(resellerWriteSchema, {
    name: row?.name ?? "",
    parentId: row?.parentId ?? all[0]?.id ?? null,
    email: row?.email ?? "",
    phone: row?.phone ?? "",
    allowMapProvider: row?.allowMapProvider ?? false,
  });
  const parent = form.values.parentId as number | null;
  const selfParent = !isValidParent(row?.id, parent);
  return (
    <CrudForm
      form={form}
      title={row ? t("resellers.edit") : t("resellers.new")}
      readOnly={readOnly}
      valid={form.valid && !selfParent}
      size="md"
      send={(body) =>
        row
          ? api.call(resellersApi.update, { params: { resellerId: row.id }, body }, { quiet: true })
          : api.call(resellersApi.create, { body }, { quiet: true })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <TextField form={form} name="name" label={t("mgmt.name")} required />
      <Select
        label={t("resellers.parent")}
        clearable
        data={all.map((r) => ({ value: String(r.id), label: r.name }))}
        value={parent === null ? null : String(parent)}
        onChange={(v) => form.set("parentId", v === null ? null : Number(v))}
        error={errorText(t, selfParent ? "parent.self" : form.errorOf("parentId"))}
      />
      <TextField form={form} name="email" label={t("users.email")} />
      <TextField form={form} name="phone" label={t("users.phone")} />
      <Switch
        label={t("resellers.allowMapProvider")}
        checked={Boolean(form.values.allowMapProvider)}
        onChange={(e) => form.set("allowMapProvider", e.currentTarget.checked)}
      />
    </CrudForm>
  );
}
