import {
  Button,
  ColorInput,
  ColorSwatch,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import {
  CUSTOM_STATE_ITEM_KINDS,
  CUSTOM_STATE_NONE,
  type CustomStateRow,
  canWrite,
  customStateSchema,
  customStatesApi,
  isAdminOrHigher,
} from "@vigia/domain";
import { useMemo, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../kit/forms/errors.ts";
import { FormModal } from "../../kit/forms/FormModal.tsx";
import { send } from "../../kit/forms/send.ts";
import { useZodForm } from "../../kit/forms/useZodForm.ts";
import { type DataColumn, DataTable, type RowAction } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { liveItems } from "../../platform/live/store.ts";
import { useUser } from "../../platform/session/session.ts";
import { useCompany, useCompanyIdForCalls, useRefreshCompany } from "../company/index.ts";

export type CustomStateKind = (typeof CUSTOM_STATE_ITEM_KINDS)[number];
type CustomState = CustomStateRow;

/** The company's custom states of one item kind, always with the fixed no-state (id 0) first. */
export function useCustomStates(kind: CustomStateKind): CustomState[] {
  const { data } = useCompany();
  const raw = data.states?.[kind];
  return useMemo(() => {
    const list = Object.values(raw ?? {}).filter((s) => s.id !== 0);
    return [{ ...CUSTOM_STATE_NONE }, ...list.sort((a, b) => a.id - b.id)];
  }, [raw]);
}

/** Colour dot and description of a custom state. The no-state's white gets a border to stay visible. */
export function CustomStateLabel({ state }: { state: CustomState | undefined }) {
  if (!state) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch
        color={state.color}
        size={14}
        style={{ border: "1px solid var(--mantine-color-gray-4)" }}
      />
      <Text size="sm">{state.description}</Text>
    </Group>
  );
}

const LIVE_LETTER = { vehicle: "v", asset: "a", person: "p" } as const;

/**
 * A list column with each item's current custom state. The item lists do not carry it; the live snapshot
 * of the bound company does (and alarms change it there), so the column follows the live store. Only the
 * state ids of this kind are compared, so position updates do not re-render the list.
 */
export function useCustomStateColumn<Row extends { id: number }>(
  kind: keyof typeof LIVE_LETTER | null,
): DataColumn<Row> | null {
  const { t } = useTranslation();
  const states = useCustomStates(kind ?? "vehicle");
  const letter = kind ? LIVE_LETTER[kind] : null;
  const snapshot = useSyncExternalStore(liveItems.subscribe, () => {
    let out = "";
    if (!letter) return out;
    for (const [key, state] of liveItems.items)
      if (key.startsWith(`${letter}:`) && state.customStateId !== 0)
        out += `${state.id}=${state.customStateId};`;
    return out;
  });
  return useMemo(() => {
    if (!kind) return null;
    const byItem = new Map(
      snapshot
        .split(";")
        .filter(Boolean)
        .map((pair) => pair.split("=").map(Number) as [number, number]),
    );
    const byId = new Map(states.map((s) => [s.id, s]));
    const stateOf = (r: Row) => byId.get(byItem.get(r.id) ?? 0);
    return {
      key: "customState",
      header: t("extras.customStates.column"),
      value: (r) => stateOf(r)?.description ?? "",
      render: (r) => {
        const state = stateOf(r);
        return state && state.id !== 0 ? <CustomStateLabel state={state} /> : null;
      },
    };
  }, [kind, snapshot, states, t]);
}

/** Admin section of /groups: the custom states per item kind (spec 01 §3, 02 §3 conf.customStates). */
export function CustomStatesSection() {
  const { t } = useTranslation();
  const user = useUser();
  const companyId = useCompanyIdForCalls();
  const refresh = useRefreshCompany();
  const [kind, setKind] = useState<CustomStateKind>("vehicle");
  const states = useCustomStates(kind);
  const [editing, setEditing] = useState<CustomState | "new" | null>(null);
  // The server only lets admins change them (requireAdmin); others get the list read-only.
  const writable = isAdminOrHigher(user.role) && canWrite(user, "general");

  const save = async (next: CustomState[]) => {
    const res = await send(() =>
      api.call(
        customStatesApi.save,
        { params: { companyId: companyId() }, body: { kind, states: next.filter((s) => s.id !== 0) } },
        { quiet: true },
      ),
    );
    if (res.ok) await refresh(["states", "info"]);
    return res;
  };
  const columns = useMemo<DataColumn<CustomState>[]>(
    () => [
      { key: "id", header: t("extras.customStates.id"), value: (r) => r.id, width: 80 },
      {
        key: "color",
        header: t("extras.customStates.color"),
        value: (r) => r.color,
        render: (r) => (
          <ColorSwatch
            color={r.color}
            size={18}
            style={{ border: "1px solid var(--mantine-color-gray-4)" }}
          />
        ),
        searchable: false,
        width: 110,
      },
      {
        key: "description",
        header: t("extras.customStates.description"),
        value: (r) => (r.id === 0 ? t("extras.customStates.none") : r.description),
      },
    ],
    [t],
  );
  // Id 0 is the fixed no-state: neither edited nor deleted.
  const actions: RowAction<CustomState>[] = writable
    ? [
        {
          key: "edit",
          label: t("mgmt.edit"),
          icon: <IconEdit size={16} />,
          visible: (r) => r.id !== 0,
          onClick: setEditing,
        },
        {
          key: "delete",
          label: t("mgmt.delete"),
          icon: <IconTrash size={16} />,
          color: "red",
          visible: (r) => r.id !== 0,
          confirm: (r) => t("mgmt.deleteText", { name: r.description }),
          onClick: (r) => save(states.filter((s) => s.id !== r.id)),
        },
      ]
    : [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("extras.customStates.help")}
      </Text>
      <SegmentedControl
        value={kind}
        onChange={(v) => setKind(CUSTOM_STATE_ITEM_KINDS.find((k) => k === v) ?? "vehicle")}
        data={CUSTOM_STATE_ITEM_KINDS.map((k) => ({ value: k, label: t(`extras.customStates.kinds.${k}`) }))}
        data-testid="custom-states-kind"
        style={{ alignSelf: "flex-start" }}
      />
      <DataTable
        name={`custom_states_${kind}`}
        title={t("extras.customStates.title")}
        rows={states}
        rowKey={(r) => r.id}
        columns={columns}
        actions={actions}
        readOnly={!writable}
        toolbar={
          writable ? (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing("new")}
              data-testid="custom-states-new"
            >
              {t("mgmt.new")}
            </Button>
          ) : null
        }
      />
      {editing !== null ? (
        <CustomStateForm
          key={`${kind}-${editing === "new" ? "new" : editing.id}`}
          row={editing === "new" ? null : editing}
          nextId={Math.max(0, ...states.map((s) => s.id)) + 1}
          onClose={() => setEditing(null)}
          onSave={async (state) => {
            const next =
              editing === "new" ? [...states, state] : states.map((s) => (s.id === state.id ? state : s));
            const res = await save(next);
            return res;
          }}
        />
      ) : null}
    </Stack>
  );
}

function CustomStateForm({
  row,
  nextId,
  onClose,
  onSave,
}: {
  row: CustomState | null;
  nextId: number;
  onClose(): void;
  onSave(state: CustomState): Promise<{ ok: boolean; fields?: Record<string, string> }>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(customStateSchema, {
    id: row?.id ?? nextId,
    description: row?.description ?? "",
    color: row?.color ?? "#228be6",
  });
  const submit = async () => {
    if (!form.output) return false;
    const res = await onSave(form.output);
    if (!res.ok && res.fields) {
      // The server names fields as states.<index>.<field>; the form has one state.
      const fields: Record<string, string> = {};
      for (const [path, message] of Object.entries(res.fields))
        fields[path.split(".").pop() ?? path] = message;
      form.setServerErrors(fields);
    }
    return res.ok;
  };
  return (
    <FormModal
      opened
      title={row ? t("extras.customStates.edit") : t("extras.customStates.new")}
      onClose={onClose}
      onSave={submit}
      valid={form.valid}
      size="md"
    >
      <TextInput
        label={t("extras.customStates.description")}
        withAsterisk
        value={form.values.description ?? ""}
        onChange={(e) => form.set("description", e.currentTarget.value)}
        error={errorText(t, form.errorOf("description"))}
        data-testid="field-description"
      />
      <ColorInput
        label={t("extras.customStates.color")}
        withAsterisk
        format="hex"
        value={form.values.color ?? ""}
        onChange={(v) => form.set("color", v)}
        error={errorText(t, form.errorOf("color"))}
        data-testid="field-color"
      />
    </FormModal>
  );
}
