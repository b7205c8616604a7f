import { Group, NumberInput, type NumberInputProps, Select, Stack, TextInput } from "@mantine/core";
import {
  BEACON_LAYOUTS,
  type Beacon,
  type BeaconInput,
  type BeaconLayout,
  beaconInputSchema,
  DEFAULT_BEACON_N,
  DEFAULT_BEACON_POWER,
  indoorApi,
  parseCoordinate,
} from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCompanySave } from "../../kit/crud/use-company-save.ts";
import { useDraft } from "../../kit/crud/use-draft.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany, useRefreshCompany } from "../../platform/company/index.ts";
import { Hint, IndoorForm, IndoorFrame, useErrorText } from "./indoor-frame.tsx";
import { IndoorList } from "./indoor-list.tsx";
import { type BeaconDot, PlanMap } from "./plan-map.tsx";

interface Draft {
  id: number | null;
  name: string;
  uuid: string;
  type: BeaconLayout;
  indoorMapId: number | null;
  measuredPower: number;
  n: number;
  height: number;
  lat: number | null;
  lng: number | null;
}

/** /beacons: the company's Bluetooth beacons, placed by a click on their floor plan. */
export function BeaconsPage() {
  const { t } = useTranslation();
  const { data } = useCompany();
  const refresh = useRefreshCompany();
  const errorText = useErrorText();
  const maps = useMemo(() => Object.values(data.imaps ?? {}), [data.imaps]);
  const rows = useMemo(() => Object.values(data.ibeacons ?? {}), [data.ibeacons]);
  const [mapId, setMapId] = useState<number | null>(null);
  const editor = useDraft((d: Draft) =>
    beaconInputSchema.safeParse({ ...d, lat: d.lat ?? Number.NaN, lng: d.lng ?? Number.NaN }),
  );
  const { draft, patch, issues } = editor;
  const [typed, setTyped] = useState<string | null>(null);
  const shownMapId = draft?.indoorMapId ?? mapId ?? maps.find((m) => m.geometry)?.id ?? null;
  const plan = maps.find((m) => m.id === shownMapId) ?? null;
  const mapName = (id: number | null) => maps.find((m) => m.id === id)?.name ?? "";

  const open = (row: Beacon | null) => {
    setTyped(null);
    editor.open(
      row
        ? { ...row }
        : {
            id: null,
            name: "",
            uuid: "",
            type: "IBEACON_LAYOUT",
            indoorMapId: shownMapId,
            measuredPower: DEFAULT_BEACON_POWER,
            n: DEFAULT_BEACON_N,
            height: 2.5,
            lat: null,
            lng: null,
          },
    );
  };
  const send = useCompanySave<BeaconInput>(
    draft?.id ?? null,
    (params, body) => api.call(indoorApi.createBeacon, { params, body }),
    (params, body) => api.call(indoorApi.updateBeacon, { params, body }),
  );
  const save = () => editor.save(send, () => refresh(["ibeacons"]));

  const columns: DataColumn<Beacon>[] = [
    { key: "name", header: t("indoor.field.name"), value: (r) => r.name, sortable: true },
    { key: "uuid", header: t("indoor.field.uuid"), value: (r) => r.uuid, sortable: true },
    { key: "type", header: t("indoor.field.type"), value: (r) => t(`indoor.layout.${r.type}`) },
    { key: "map", header: t("indoor.field.map"), value: (r) => mapName(r.indoorMapId), sortable: true },
    { key: "power", header: t("indoor.field.measuredPower"), value: (r) => r.measuredPower, width: 90 },
    { key: "n", header: t("indoor.field.n"), value: (r) => r.n, width: 60 },
  ];
  const mapOptions = maps.map((m) => ({
    value: String(m.id),
    label: `${m.name} (${t("indoor.levelShort", { level: m.level })})`,
  }));

  const dots: BeaconDot[] = rows
    .filter((b) => b.indoorMapId === shownMapId && b.id !== draft?.id)
    .map((b) => ({ id: b.id, lat: b.lat, lng: b.lng, label: b.name, active: false }));
  if (draft?.lat != null && draft.lng != null)
    dots.push({ id: -1, lat: draft.lat, lng: draft.lng, label: draft.name, active: true });

  const list = (
    <Stack gap="sm">
      <Select
        label={t("indoor.field.map")}
        data={mapOptions}
        value={shownMapId === null ? null : String(shownMapId)}
        onChange={(v) => setMapId(v === null ? null : Number(v))}
        data-testid="beacons-map"
      />
      <IndoorList
        name="beacons"
        title={t("indoor.beacons")}
        rows={rows}
        columns={columns}
        height={420}
        onOpen={open}
        remove={(params) => api.call(indoorApi.removeBeacon, { params }, { quiet: true })}
        reload={() => refresh(["ibeacons"])}
      />
    </Stack>
  );

  const position =
    draft && draft.lat !== null && draft.lng !== null
      ? `${draft.lat.toFixed(6)},${draft.lng.toFixed(6)}`
      : "";
  /** The beacon's figures: an emptied field is not a number, which the schema refuses. */
  const figure = (
    key: "measuredPower" | "n" | "height",
    props: NumberInputProps & { "data-testid"?: string },
  ) => (
    <NumberInput
      label={t(`indoor.field.${key}`)}
      value={draft?.[key]}
      onChange={(v) => {
        const next: Partial<Draft> = {};
        next[key] = typeof v === "number" ? v : Number.NaN;
        patch(next);
      }}
      error={errorText(issues[key])}
      {...props}
    />
  );
  const form = draft && (
    <IndoorForm
      editor={editor}
      what="beacon"
      title={draft.id === null ? t("indoor.newBeacon") : t("indoor.editBeacon")}
      onSave={() => void save()}
    >
      <TextInput
        label={t("indoor.field.uuid")}
        value={draft.uuid}
        onChange={(e) => patch({ uuid: e.currentTarget.value })}
        error={errorText(issues.uuid)}
        required
        data-testid="beacon-uuid"
      />
      <Group grow>
        <Select
          label={t("indoor.field.type")}
          data={BEACON_LAYOUTS.map((l) => ({ value: l, label: t(`indoor.layout.${l}`) }))}
          value={draft.type}
          onChange={(v) => v && patch({ type: v as BeaconLayout })}
          allowDeselect={false}
        />
        <Select
          label={t("indoor.field.map")}
          data={mapOptions}
          value={draft.indoorMapId === null ? null : String(draft.indoorMapId)}
          onChange={(v) => patch({ indoorMapId: v === null ? null : Number(v) })}
          error={errorText(issues.indoorMapId)}
          clearable
        />
      </Group>
      <Group grow>
        {figure("measuredPower", { allowDecimal: false, "data-testid": "beacon-power" })}
        {figure("n", { step: 0.1, decimalScale: 2, "data-testid": "beacon-n" })}
        {figure("height", { step: 0.5, decimalScale: 2 })}
      </Group>
      <TextInput
        label={t("indoor.field.position")}
        value={typed ?? position}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setTyped(text);
          const at = parseCoordinate(text);
          if (at) patch(at);
        }}
        onBlur={() => setTyped(null)}
        error={
          typed !== null && parseCoordinate(typed) === null
            ? errorText("coordinate.invalid")
            : errorText(issues.lat ?? issues.lng)
        }
        data-testid="beacon-position"
      />
      <Hint>{t("indoor.hint.beacon")}</Hint>
    </IndoorForm>
  );

  return (
    <IndoorFrame
      testId="beacons-page"
      side={form ?? list}
      map={
        <PlanMap
          plan={plan}
          beacons={dots}
          onClick={draft ? (at) => patch({ lat: at.lat, lng: at.lng }) : undefined}
          focusKey={shownMapId}
        />
      }
    />
  );
}
