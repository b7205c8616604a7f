import { ColorInput, ColorSwatch, Group, Text } from "@mantine/core";
import {
  type CUSTOM_STATE_ITEM_KINDS,
  CUSTOM_STATE_NONE,
  type CustomStateRow,
  customStateSchema,
  customStatesApi,
} from "@vigia/domain";
import { useMemo, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../kit/forms/errors.ts";
import { TextField } from "../../kit/forms/fields.tsx";
import type { SendResult } from "../../kit/forms/send.ts";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany, useCompanyIdForCalls } from "../../platform/company/index.ts";
import { liveItems } from "../../platform/live/store.ts";
import { KindEntryForm, KindListEditor } from "./kind-list-editor.tsx";

export type CustomStateKind = (typeof CUSTOM_STATE_ITEM_KINDS)[number];
type CustomState = CustomStateRow;

/** The company's custom states of one item kind, always with the fixed no-state (id 0) first. */
export function useCustomStates(kind: CustomStateKind): CustomState[] {
  const { data } = useCompany();
  const raw = data.states?.[kind];
  return useMemo(() => withNone(raw), [raw]);
}

function withNone(raw: Record<string, CustomState> | undefined): CustomState[] {
  const list = Object.values(raw ?? {}).filter((s) => s.id !== 0);
  return [{ ...CUSTOM_STATE_NONE }, ...list.sort((a, b) => a.id - b.id)];
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

/** Admin section of /groups: the custom states per item kind. */
export function CustomStatesSection() {
  const { t } = useTranslation();
  const companyId = useCompanyIdForCalls();
  const { data } = useCompany();
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
  return (
    <KindListEditor<CustomState>
      name="custom-states"
      title={t("extras.customStates.title")}
      help={t("extras.customStates.help")}
      rows={(kind) => withNone(data.states?.[kind])}
      rowKey={(r) => r.id}
      columns={columns}
      label={(r) => r.description}
      // Id 0 is the fixed no-state: neither edited nor deleted.
      fixed={(r) => r.id === 0}
      save={(kind, states) =>
        api.call(
          customStatesApi.save,
          { params: { companyId: companyId() }, body: { kind, states: states.filter((s) => s.id !== 0) } },
          { quiet: true },
        )
      }
      reload={["states", "info"]}
      form={({ row, rows, onClose, onSave }) => (
        <CustomStateForm
          row={row}
          nextId={Math.max(0, ...rows.map((s) => s.id)) + 1}
          onClose={onClose}
          onSave={onSave}
        />
      )}
    />
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
  onSave(state: CustomState): Promise<SendResult<unknown>>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(customStateSchema, {
    id: row?.id ?? nextId,
    description: row?.description ?? "",
    color: row?.color ?? "#228be6",
  });
  return (
    <KindEntryForm
      form={form}
      title={row ? t("extras.customStates.edit") : t("extras.customStates.new")}
      onClose={onClose}
      onSave={onSave}
    >
      <TextField form={form} name="description" label={t("extras.customStates.description")} required />
      <ColorInput
        label={t("extras.customStates.color")}
        withAsterisk
        format="hex"
        value={form.values.color ?? ""}
        onChange={(v) => form.set("color", v)}
        error={errorText(t, form.errorOf("color"))}
        data-testid="field-color"
      />
    </KindEntryForm>
  );
}
