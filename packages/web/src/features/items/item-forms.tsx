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
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../kit/forms/fields.tsx";
import { FormModal } from "../../kit/forms/form-modal.tsx";
import { sendInline } from "../../kit/forms/send.ts";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompanyIdForCalls, useCompanyRows, useRefreshCompany } from "../../platform/company/index.ts";
import { CustomDataFields } from "../companies/index.ts";
import { GroupSelect } from "../groups/index.ts";
import { type ItemDevice, useItemDevice } from "./item-device.tsx";

type Kind = "assets" | "persons" | "drivers";

interface ItemFormProps<Body> {
  kind: Kind;
  /** The row being edited, or null for a new one. */
  row: { id: number } | null;
  /** The parsed form, or null while it is invalid. */
  body: Body | null;
  valid: boolean;
  create(body: Body): Promise<{ id: number }>;
  update(id: number, body: Body): Promise<unknown>;
  /** The item's device field and its assignment (assets and persons; vehicles have their own form). */
  device?: ItemDevice;
  onFields(fields: Record<string, string>): void;
  onClose(): void;
  children: ReactNode;
}

/**
 * The modal of an item form, one for every kind: saves the item, then its device; field errors show inline
 * and any other failure inside the dialog, which stays open. A new item saved once is updated on the next
 * try (a failed device assignment must not create it twice).
 */
function ItemFormModal<Body>(props: ItemFormProps<Body>) {
  const { kind, row, body, device } = props;
  const { t } = useTranslation();
  const refresh = useRefreshCompany();
  const [savedId, setSavedId] = useState<number | null>(row?.id ?? null);
  const [error, setError] = useState<string | undefined>(undefined);
  // Other users change groups and persons while this page is open: the pickers start from fresh lists.
  useEffect(() => {
    void refresh(kind === "drivers" ? ["groups", "persons"] : ["groups"]);
  }, [refresh, kind]);
  const save = async () => {
    if (!body) return false;
    setError(undefined);
    const res = await sendInline(() =>
      savedId === null ? props.create(body) : props.update(savedId, body).then(() => ({ id: savedId })),
    );
    if (!res.ok) {
      props.onFields(res.fields);
      if (Object.keys(res.fields).length === 0) setError(apiErrorText(res.error, t));
      return false;
    }
    setSavedId(res.value.id);
    const failure = device ? await device.apply(res.value.id) : null;
    await refresh([kind, "groups"]);
    if (failure) setError(failure);
    return failure === null;
  };
  return (
    <FormModal
      opened
      title={t(row ? `items.edit.${kind}` : `items.new.${kind}`)}
      onClose={props.onClose}
      onSave={save}
      valid={props.valid}
      error={error}
    >
      {props.children}
    </FormModal>
  );
}

export function AssetForm({ row, onClose }: { row: AssetRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const companyId = useCompanyIdForCalls();
  const device = useItemDevice(2, row?.id ?? null);
  const form = useZodForm(assetWriteSchema, {
    name: row?.name ?? "",
    type: ASSET_TYPES.find((a) => a === row?.type) ?? "generic",
    group: row?.group ?? undefined,
    customData: row?.customData ?? {},
  });
  return (
    <ItemFormModal
      kind="assets"
      row={row}
      body={form.output}
      valid={form.valid}
      device={device}
      create={(body) =>
        api.call(assetsApi.create, { params: { companyId: companyId() }, body }, { quiet: true })
      }
      update={(id, body) =>
        api.call(assetsApi.update, { params: { companyId: companyId(), id }, body }, { quiet: true })
      }
      onFields={form.setServerErrors}
      onClose={onClose}
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
        {device.field}
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
  const device = useItemDevice(3, row?.id ?? null);
  const form = useZodForm(personWriteSchema, {
    name: row?.name ?? "",
    group: row?.group ?? undefined,
    customData: row?.customData ?? {},
  });
  return (
    <ItemFormModal
      kind="persons"
      row={row}
      body={form.output}
      valid={form.valid}
      device={device}
      create={(body) =>
        api.call(personsApi.create, { params: { companyId: companyId() }, body }, { quiet: true })
      }
      update={(id, body) =>
        api.call(personsApi.update, { params: { companyId: companyId(), id }, body }, { quiet: true })
      }
      onFields={form.setServerErrors}
      onClose={onClose}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField form={form} name="name" label={t("mgmt.name")} required />
        <GroupSelect form={form} />
        {device.field}
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
  return (
    <ItemFormModal
      kind="drivers"
      row={row}
      body={form.output}
      valid={form.valid}
      create={(body) =>
        api.call(driversApi.create, { params: { companyId: companyId() }, body }, { quiet: true })
      }
      update={(id, body) =>
        api.call(driversApi.update, { params: { companyId: companyId(), id }, body }, { quiet: true })
      }
      onFields={form.setServerErrors}
      onClose={onClose}
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
