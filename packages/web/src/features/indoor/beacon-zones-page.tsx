import {
  Button,
  ColorInput,
  ColorSwatch,
  Group,
  MultiSelect,
  Select,
  Stack,
  TextInput,
  Title,
} from "@mantine/core";
import { IconEdit, IconEye, IconPlus, IconTrash } from "@tabler/icons-react";
import { type BeaconZone, beaconZoneInputSchema, beaconZonesApi, DEFAULT_PLACE_COLOR } from "@vigia/domain";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { send } from "../../kit/forms/send.ts";
import { type DataColumn, DataTable, type RowAction } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany } from "../../platform/company/index.ts";
import { fieldIssues, Hint, IndoorFrame, useErrorText, useIndoorWritable } from "./indoor-frame.tsx";
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
  const writable = useIndoorWritable();
  const errorText = useErrorText();
  const maps = useMemo(() => Object.values(data.imaps ?? {}), [data.imaps]);
  const beacons = useMemo(() => Object.values(data.ibeacons ?? {}), [data.ibeacons]);
  const [zones, setZones] = useState<BeaconZone[] | null>(null);
  const [mapId, setMapId] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const params = { companyId: companyId ?? 0 };

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
  const parsed = draft ? beaconZoneInputSchema.safeParse(draft) : null;
  const issues = { ...fieldIssues(parsed?.success === false ? parsed.error : undefined), ...serverErrors };
  const beaconName = (id: number) => data.ibeacons?.[id]?.name ?? `#${id}`;

  const open = (row: BeaconZone | null) => {
    setServerErrors({});
    setDraft(
      row
        ? { id: row.id, name: row.name, color: row.color, beaconIds: [...row.beaconIds] }
        : { id: null, name: "", color: DEFAULT_PLACE_COLOR, beaconIds: [] },
    );
  };
  const patch = (p: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...p } : d));

  const save = async () => {
    if (!draft || !parsed?.success) return;
    setBusy(true);
    const id = draft.id;
    const body = parsed.data;
    const result = await send(() =>
      id === null
        ? api.call(beaconZonesApi.create, { params, body })
        : api.call(beaconZonesApi.update, { params: { ...params, id }, body }),
    );
    setBusy(false);
    if (!result.ok) {
      setServerErrors(result.fields);
      return;
    }
    await load();
    setDraft(null);
  };
  const remove = async (row: BeaconZone) => {
    await api.call(beaconZonesApi.remove, { params: { ...params, id: row.id } });
    await load();
  };

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
  const show: RowAction<BeaconZone> = {
    key: "show",
    label: t("indoor.show"),
    icon: <IconEye size={16} />,
    onClick: (r) => setSelected(r.id),
  };
  const actions: RowAction<BeaconZone>[] = writable
    ? [
        show,
        { key: "edit", label: t("mgmt.edit"), icon: <IconEdit size={16} />, onClick: (r) => open(r) },
        {
          key: "delete",
          label: t("mgmt.delete"),
          icon: <IconTrash size={16} />,
          color: "red",
          confirm: (r) => t("mgmt.deleteText", { name: r.name }),
          onClick: (r) => remove(r),
        },
      ]
    : [show];
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
      <DataTable
        name="beaconzones"
        title={t("indoor.zones.title")}
        rows={zones ?? []}
        rowKey={(r) => r.id}
        columns={columns}
        actions={actions}
        readOnly={!writable}
        loading={zones === null}
        height={420}
        toolbar={
          writable ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)} data-testid="mgmt-new">
              {t("mgmt.new")}
            </Button>
          ) : null
        }
      />
      <Hint>{t("indoor.zones.hint")}</Hint>
    </Stack>
  );

  const form = draft && (
    <Stack gap="xs" data-testid="beaconzone-form">
      <Title order={5}>{draft.id === null ? t("indoor.zones.new") : t("indoor.zones.edit")}</Title>
      <TextInput
        label={t("indoor.field.name")}
        value={draft.name}
        onChange={(e) => patch({ name: e.currentTarget.value })}
        error={errorText(issues.name)}
        required
        data-testid="beaconzone-name"
      />
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
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setDraft(null)}>
          {t("places.cancel")}
        </Button>
        <Button
          onClick={() => void save()}
          loading={busy}
          disabled={!parsed?.success}
          data-testid="beaconzone-save"
        >
          {t("places.save")}
        </Button>
      </Group>
    </Stack>
  );

  return (
    <IndoorFrame
      testId="beaconzones-page"
      side={form ?? list}
      map={<PlanMap plan={plan} beacons={dots} focusKey={shownMapId} />}
    />
  );
}
