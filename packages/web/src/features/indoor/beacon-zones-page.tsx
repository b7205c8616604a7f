import { ColorInput, ColorSwatch, MultiSelect, Select, Stack } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import {
  type BeaconZone,
  type BeaconZoneInput,
  beaconZoneInputSchema,
  beaconZonesApi,
  DEFAULT_PLACE_COLOR,
} from "@vigia/domain";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCompanySave } from "../../kit/crud/use-company-save.ts";
import { useDraft } from "../../kit/crud/use-draft.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany } from "../../platform/company/index.ts";
import { Hint, IndoorForm, IndoorFrame, useErrorText } from "./indoor-frame.tsx";
import { IndoorList } from "./indoor-list.tsx";
import { type BeaconDot, PlanMap } from "./plan-map.tsx";

interface Draft {
  id: number | null;
  name: string;
  color: string;
  beaconIds: number[];
}

/** /beaconzones (developer flag): named, coloured sets of the company's beacons, drawn on their floor plan. */
export function BeaconZonesPage() {
  const { t } = useTranslation();
  const { companyId, data } = useCompany();
  const errorText = useErrorText();
  const maps = useMemo(() => Object.values(data.imaps ?? {}), [data.imaps]);
  const beacons = useMemo(() => Object.values(data.ibeacons ?? {}), [data.ibeacons]);
  const [zones, setZones] = useState<BeaconZone[] | null>(null);
  const [mapId, setMapId] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const editor = useDraft((d: Draft) => beaconZoneInputSchema.safeParse(d));
  const { draft, patch, issues } = editor;

  const load = useCallback(async () => {
    if (companyId === null) return;
    const all = await api.call(beaconZonesApi.list, { params: { companyId } });
    setZones(Object.values(all));
  }, [companyId]);
  useEffect(() => {
    void load();
  }, [load]);

  const shownZone = draft ?? zones?.find((z) => z.id === selected) ?? null;
  const zoneBeacons = new Set(shownZone?.beaconIds ?? []);
  const firstZoneMap = beacons.find((b) => zoneBeacons.has(b.id))?.indoorMapId ?? null;
  const shownMapId = mapId ?? firstZoneMap ?? maps.find((m) => m.geometry)?.id ?? null;
  const plan = maps.find((m) => m.id === shownMapId) ?? null;
  const beaconName = (id: number) => data.ibeacons?.[id]?.name ?? `#${id}`;

  const open = (row: BeaconZone | null) =>
    editor.open(
      row
        ? { id: row.id, name: row.name, color: row.color, beaconIds: [...row.beaconIds] }
        : { id: null, name: "", color: DEFAULT_PLACE_COLOR, beaconIds: [] },
    );
  const send = useCompanySave<BeaconZoneInput>(
    draft?.id ?? null,
    (params, body) => api.call(beaconZonesApi.create, { params, body }),
    (params, body) => api.call(beaconZonesApi.update, { params, body }),
  );
  const save = () => editor.save(send, load);

  const columns: DataColumn<BeaconZone>[] = [
    {
      key: "color",
      header: t("indoor.zones.color"),
      value: (r) => r.color,
      render: (r) => <ColorSwatch color={r.color} size={18} />,
      width: 70,
    },
    { key: "name", header: t("indoor.field.name"), value: (r) => r.name, sortable: true },
    {
      key: "beacons",
      header: t("indoor.beacons"),
      value: (r) => r.beaconIds.map(beaconName).join(", "),
    },
  ];
  const mapOptions = maps.map((m) => ({
    value: String(m.id),
    label: `${m.name} (${t("indoor.levelShort", { level: m.level })})`,
  }));
  const beaconOptions = beacons.map((b) => ({ value: String(b.id), label: b.name }));

  const dots: BeaconDot[] = beacons
    .filter((b) => b.indoorMapId === shownMapId)
    .map((b) => ({ id: b.id, lat: b.lat, lng: b.lng, label: b.name, active: zoneBeacons.has(b.id) }));

  const mapSelect = (
    <Select
      label={t("indoor.field.map")}
      data={mapOptions}
      value={shownMapId === null ? null : String(shownMapId)}
      onChange={(v) => setMapId(v === null ? null : Number(v))}
      data-testid="beaconzones-map"
    />
  );
  const list = (
    <Stack gap="sm">
      {mapSelect}
      <IndoorList
        name="beaconzones"
        title={t("indoor.zones.title")}
        rows={zones ?? []}
        columns={columns}
        loading={zones === null}
        height={420}
        extraActions={[
          // Showing a zone on its plan only reads: read-only users get it too.
          {
            key: "show",
            label: t("indoor.show"),
            icon: <IconEye size={16} />,
            read: true,
            onClick: (r) => setSelected(r.id),
          },
        ]}
        onOpen={open}
        remove={(params) => api.call(beaconZonesApi.remove, { params }, { quiet: true })}
        reload={load}
      />
      <Hint>{t("indoor.zones.hint")}</Hint>
    </Stack>
  );

  const form = draft && (
    <IndoorForm
      editor={editor}
      what="beaconzone"
      title={draft.id === null ? t("indoor.zones.new") : t("indoor.zones.edit")}
      onSave={() => void save()}
    >
      <ColorInput
        label={t("indoor.zones.color")}
        value={draft.color}
        onChange={(color) => patch({ color })}
        error={errorText(issues.color)}
        format="hex"
        data-testid="beaconzone-color"
      />
      <MultiSelect
        label={t("indoor.beacons")}
        data={beaconOptions}
        value={draft.beaconIds.map(String)}
        onChange={(v) => patch({ beaconIds: v.map(Number) })}
        error={errorText(issues.beaconIds)}
        searchable
        required
        data-testid="beaconzone-beacons"
      />
      {mapSelect}
      <Hint>{t("indoor.zones.hintForm")}</Hint>
    </IndoorForm>
  );

  return (
    <IndoorFrame
      testId="beaconzones-page"
      side={form ?? list}
      map={<PlanMap plan={plan} beacons={dots} focusKey={shownMapId} />}
    />
  );
}
