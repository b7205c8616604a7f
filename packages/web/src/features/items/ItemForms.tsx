import { Select, SimpleGrid } from "@mantine/core";
import {
  ASSET_TYPES,
  type AssetRow,
  assetsApi,
  assetWriteSchema,
  type DriverRow,
  driversApi,
  driverWriteSchema,
  type PersonRow,
  personsApi,
  personWriteSchema,
} from "@vigia/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../kit/forms/FormModal.tsx";
import { TextField } from "../../kit/forms/fields.tsx";
import { type SendResult, send } from "../../kit/forms/send.ts";
import { useZodForm } from "../../kit/forms/useZodForm.ts";
import { api } from "../../platform/api/instance.ts";
import {
  CustomDataFields,
  useCompanyIdForCalls,
  useCompanyRows,
  useRefreshCompany,
} from "../company/index.ts";
import { GroupSelect } from "../groups/index.ts";

type Kind = "assets" | "persons" | "drivers";

/** The modal of an item form: saves through `call`, shows field errors inline, reloads the lists. */
function ItemFormModal({
  kind,
  editing,
  valid,
  call,
  onFields,
  onClose,
  children,
}: {
  kind: Kind;
  editing: boolean;
  valid: boolean;
  /** The create or update call with the parsed form, or null while the form is invalid. */
  call: (() => Promise<unknown>) | null;
  onFields(fields: Record<string, string>): void;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshCompany();
  const save = async () => {
    if (!call) return false;
    const res: SendResult<unknown> = await send(call);
    if (!res.ok) {
      onFields(res.fields);
      return false;
    }
    await refresh([kind, "groups"]);
    return true;
  };
  return (
    <FormModal
      opened
      title={t(editing ? `items.edit.${kind}` : `items.new.${kind}`)}
      onClose={onClose}
      onSave={save}
      valid={valid}
    >
      {children}
    </FormModal>
  );
}

export function AssetForm({ row, onClose }: { row: AssetRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const companyId = useCompanyIdForCalls();
  const form = useZodForm(assetWriteSchema, {
    name: row?.name ?? "",
    type: ASSET_TYPES.find((a) => a === row?.type) ?? "generic",
    group: row?.group ?? undefined,
    customData: row?.customData ?? {},
  });
  const body = form.output;
  return (
    <ItemFormModal
      kind="assets"
      editing={row !== null}
      valid={form.valid}
      onFields={form.setServerErrors}
      onClose={onClose}
      call={
        body &&
        (() =>
          row
            ? api.call(
                assetsApi.update,
                { params: { companyId: companyId(), id: row.id }, body },
                { quiet: true },
              )
            : api.call(assetsApi.create, { params: { companyId: companyId() }, body }, { quiet: true }))
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField form={form} name="name" label={t("mgmt.name")} required />
        <GroupSelect form={form} />
        <Select
          label={t("items.type")}
          data={ASSET_TYPES.map((a) => ({ value: a, label: t(`items.assetTypes.${a}`) }))}
          value={form.values.type ?? null}
          onChange={(v) =>
            form.set(
              "type",
              ASSET_TYPES.find((a) => a === v),
            )
          }
          allowDeselect={false}
        />
      </SimpleGrid>
      <CustomDataFields
        kind="asset"
        value={form.values.customData ?? {}}
        onChange={(v) => form.set("customData", v)}
      />
    </ItemFormModal>
  );
}

export function PersonForm({ row, onClose }: { row: PersonRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const companyId = useCompanyIdForCalls();
  const form = useZodForm(personWriteSchema, {
    name: row?.name ?? "",
    group: row?.group ?? undefined,
    customData: row?.customData ?? {},
  });
  const body = form.output;
  return (
    <ItemFormModal
      kind="persons"
      editing={row !== null}
      valid={form.valid}
      onFields={form.setServerErrors}
      onClose={onClose}
      call={
        body &&
        (() =>
          row
            ? api.call(
                personsApi.update,
                { params: { companyId: companyId(), id: row.id }, body },
                { quiet: true },
              )
            : api.call(personsApi.create, { params: { companyId: companyId() }, body }, { quiet: true }))
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField form={form} name="name" label={t("mgmt.name")} required />
        <GroupSelect form={form} />
      </SimpleGrid>
      <CustomDataFields
        kind="person"
        value={form.values.customData ?? {}}
        onChange={(v) => form.set("customData", v)}
      />
    </ItemFormModal>
  );
}

export function DriverForm({ row, onClose }: { row: DriverRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const companyId = useCompanyIdForCalls();
  const persons = useCompanyRows("persons");
  const form = useZodForm(driverWriteSchema, {
    name: row?.name ?? "",
    group: row?.group ?? null,
    personId: row?.personId ?? null,
    tachographCard: row?.tachographCard ?? "",
    iButton: row?.iButton ?? "",
    beacon: row?.beacon ?? "",
    email: row?.email ?? "",
    reference: row?.reference ?? "",
    phone: row?.phone ?? "",
    customData: row?.customData ?? {},
  });
  const body = form.output;
  return (
    <ItemFormModal
      kind="drivers"
      editing={row !== null}
      valid={form.valid}
      onFields={form.setServerErrors}
      onClose={onClose}
      call={
        body &&
        (() =>
          row
            ? api.call(
                driversApi.update,
                { params: { companyId: companyId(), id: row.id }, body },
                { quiet: true },
              )
            : api.call(driversApi.create, { params: { companyId: companyId() }, body }, { quiet: true }))
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField form={form} name="name" label={t("mgmt.name")} required />
        <GroupSelect form={form} required={false} />
        <Select
          label={t("items.person")}
          clearable
          searchable
          data={persons.map((p) => ({ value: String(p.id), label: p.name }))}
          value={form.values.personId == null ? null : String(form.values.personId)}
          onChange={(v) => form.set("personId", v === null ? null : Number(v))}
        />
        <TextField form={form} name="tachographCard" label={t("items.tachographCard")} />
        <TextField form={form} name="iButton" label={t("items.iButton")} />
        <TextField form={form} name="beacon" label={t("items.beacon")} />
        <TextField form={form} name="email" label={t("items.email")} />
        <TextField form={form} name="reference" label={t("items.reference")} />
        <TextField form={form} name="phone" label={t("items.phone")} />
      </SimpleGrid>
      <CustomDataFields
        kind="driver"
        value={form.values.customData ?? {}}
        onChange={(v) => form.set("customData", v)}
      />
    </ItemFormModal>
  );
}
