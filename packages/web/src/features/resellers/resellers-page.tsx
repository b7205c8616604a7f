import { Select, Switch } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { isValidParent, type ResellerRow, resellersApi, resellerWriteSchema } from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { CrudPage } from "../../kit/crud/crud-page.tsx";
import { errorText } from "../../kit/forms/errors.ts";
import { TextField } from "../../kit/forms/fields.tsx";
import { FormModal } from "../../kit/forms/form-modal.tsx";
import { send } from "../../kit/forms/send.ts";
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
  const [editing, setEditing] = useState<ResellerRow | null | "new">(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: resellersAdminQuery().queryKey });
  const columns: DataColumn<ResellerRow>[] = [
    { key: "path", header: t("resellers.tree"), value: (r) => pathOf(byId, r.id) },
    { key: "name", header: t("mgmt.name"), value: (r) => r.name },
    { key: "email", header: t("users.email"), value: (r) => r.email },
    { key: "phone", header: t("users.phone"), value: (r) => r.phone },
    { key: "children", header: t("resellers.children"), value: (r) => r.children.length },
  ];
  return (
    <>
      <CrudPage
        name="resellers"
        title={t("routes.resellers")}
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        loading={list.isPending}
        label={(r) => r.name}
        onNew={() => setEditing("new")}
        onEdit={(r) => setEditing(r)}
        // A reseller never deletes its own record: the server refuses it.
        canDelete={(r) => r.id !== user?.resellerId}
        onDelete={async (r) => {
          const res = await send(() =>
            api.call(resellersApi.remove, { params: { resellerId: r.id } }, { quiet: true }),
          );
          await reload();
          return res.ok;
        }}
      />
      {editing !== null ? (
        <ResellerForm
          row={editing === "new" ? null : editing}
          all={rows}
          onClose={() => setEditing(null)}
          onSaved={() => void reload()}
        />
      ) : null}
    </>
  );
}

function ResellerForm({
  row,
  all,
  onClose,
  onSaved,
}: {
  row: ResellerRow | null;
  all: ResellerRow[];
  onClose(): void;
  onSaved(): void;
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
  const save = async () => {
    const body = form.output;
    if (!body) return false;
    const res = await send(() =>
      row
        ? api.call(resellersApi.update, { params: { resellerId: row.id }, body }, { quiet: true })
        : api.call(resellersApi.create, { body }, { quiet: true }),
    );
    if (!res.ok) form.setServerErrors(res.fields);
    else onSaved();
    return res.ok;
  };
  return (
    <FormModal
      opened
      title={row ? t("resellers.edit") : t("resellers.new")}
      onClose={onClose}
      onSave={save}
      valid={form.valid && !selfParent}
      size="md"
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
    </FormModal>
  );
}
