import { Button, Group, NumberInput, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconMapPin, IconSearch } from "@tabler/icons-react";
import {
  DEFAULT_PLACE_COLOR,
  DEFAULT_POI_RADIUS_M,
  POI_ICONS,
  type Poi,
  type PoiIcon,
  parseCoordinate,
  poiInputSchema,
} from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type DataColumn, DataTable } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany } from "../company/index.ts";
import {
  FieldErrors,
  GroupSelect,
  issuesOf,
  PlaceColorInput,
  PlacesFrame,
  Swatch,
  useGroupName,
  usePlacesWritable,
} from "./common.tsx";
import { companyPath, usePlacesCache, usePlacesData } from "./data.ts";
import type { Shape } from "./drawing.ts";
import { ImportPlacesButton } from "./ImportPlacesButton.tsx";
import { usePlaceListActions } from "./listActions.tsx";
import { type DrawMode, PlacesMap } from "./PlacesMap.tsx";

interface Draft {
  id: number | null;
  name: string;
  color: string;
  icon: PoiIcon;
  group: number | null;
  address: string;
}

/** /pois: list, place a point on the map (or by coordinates), radius, icon, colour, group, address lookup. */
export function PoisPage() {
  const { t } = useTranslation();
  const { pois } = usePlacesData();
  const cache = usePlacesCache();
  const writable = usePlacesWritable();
  const groupName = useGroupName();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [shape, setShape] = useState<Shape | null>(null);
  const [mode, setMode] = useState<DrawMode>("none");
  const [focus, setFocus] = useState<number | null>(null);
  const rows = useMemo(() => Object.values(pois), [pois]);

  const columns: DataColumn<Poi>[] = [
    { key: "name", header: t("places.field.name"), value: (p) => p.name, sortable: true },
    {
      key: "color",
      header: t("places.field.color"),
      value: (p) => p.color,
      render: (p) => <Swatch color={p.color} />,
      exportable: false,
      searchable: false,
    },
    { key: "radius", header: t("places.field.radius"), value: (p) => p.radius, sortable: true },
    { key: "group", header: t("places.field.group"), value: (p) => groupName(p.group), sortable: true },
    { key: "address", header: t("places.field.address"), value: (p) => p.address },
  ];
  const open = (p: Poi) => {
    setDraft({ id: p.id, name: p.name, color: p.color, icon: p.icon, group: p.group, address: p.address });
    setShape({ type: "point", center: { lat: p.lat, lng: p.lng }, radius: p.radius });
    setMode("edit");
    setFocus(p.id);
  };
  const { actions, onDeleteSelected } = usePlaceListActions<Poi>("pois", writable, open);

  const side = draft ? (
    <PoiForm
      draft={draft}
      onDraft={setDraft}
      shape={shape}
      onShape={setShape}
      onMode={setMode}
      onDone={(saved) => {
        if (saved) cache.put("pois", [saved]);
        setDraft(null);
        setShape(null);
        setMode("none");
      }}
    />
  ) : (
    <DataTable
      name="pois"
      title={t("places.pois")}
      rows={rows}
      rowKey={(p) => p.id}
      columns={columns}
      actions={actions}
      readOnly={!writable}
      onDeleteSelected={onDeleteSelected}
      toolbar={
        writable && (
          <>
            <ImportPlacesButton />
            <Button
              size="xs"
              leftSection={<IconMapPin size={14} />}
              data-testid="new-poi"
              onClick={() => {
                setDraft({
                  id: null,
                  name: "",
                  color: DEFAULT_PLACE_COLOR,
                  icon: "pin",
                  group: null,
                  address: "",
                });
                setShape(null);
                setMode("point");
              }}
            >
              {t("places.newPoi")}
            </Button>
          </>
        )
      }
      height="calc(100dvh - 260px)"
    />
  );
  return (
    <PlacesFrame
      side={side}
      map={
        <PlacesMap
          shape={shape}
          onShape={setShape}
          mode={mode}
          onMode={setMode}
          hiddenId={draft?.id ?? null}
          focusKey={focus}
        />
      }
    />
  );
}

interface FormProps {
  draft: Draft;
  onDraft(d: Draft): void;
  shape: Shape | null;
  onShape(s: Shape | null): void;
  onMode(m: DrawMode): void;
  onDone(saved: Poi | null): void;
}

function PoiForm({ draft, onDraft, shape, onShape, onMode, onDone }: FormProps) {
  const { t, i18n } = useTranslation();
  const { companyId } = useCompany();
  const [coordinate, setCoordinate] = useState("");
  const [saving, setSaving] = useState(false);
  const [looking, setLooking] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const point = shape?.type === "point" ? shape : null;
  const parsed = point
    ? poiInputSchema.safeParse({
        ...draft,
        lat: point.center.lat,
        lng: point.center.lng,
        radius: point.radius,
      })
    : null;
  const errors = parsed && !parsed.success ? issuesOf(parsed.error) : [];
  const coord = coordinate.trim() === "" ? null : parseCoordinate(coordinate);

  const lookup = async () => {
    if (!point) return;
    setLooking(true);
    try {
      const r = await api.get<{ address: string }>(
        companyPath(
          companyId,
          `reversegeo?lat=${point.center.lat}&lng=${point.center.lng}&lang=${i18n.language}`,
        ),
      );
      onDraft({ ...draft, address: r.address });
    } finally {
      setLooking(false);
    }
  };
  const save = async () => {
    if (!parsed?.success) return;
    setSaving(true);
    setServerError(null);
    try {
      const saved = draft.id
        ? await api.put<Poi>(companyPath(companyId, `pois/id/${draft.id}`), parsed.data, { quiet: true })
        : await api.post<Poi>(companyPath(companyId, "pois"), parsed.data, { quiet: true });
      onDone(saved);
    } catch (e) {
      setServerError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm" data-testid="poi-form">
      <Title order={4}>{draft.id ? t("places.editPoi") : t("places.newPoi")}</Title>
      <Text size="sm" c="dimmed">
        {point ? t("places.hint.point") : t("places.hint.placePoint")}
      </Text>
      <TextInput
        label={t("places.field.name")}
        value={draft.name}
        onChange={(e) => onDraft({ ...draft, name: e.currentTarget.value })}
        required
        data-testid="place-name"
      />
      <Group align="flex-end" gap="xs">
        <TextInput
          style={{ flex: 1 }}
          label={t("places.position")}
          placeholder="40.4168,-3.7038"
          value={coordinate}
          onChange={(e) => setCoordinate(e.currentTarget.value)}
          error={coordinate.trim() !== "" && !coord ? t("places.error.coordinate.invalid") : undefined}
          data-testid="coordinate"
        />
        <Button
          variant="light"
          disabled={!coord}
          onClick={() => {
            if (!coord) return;
            onShape({ type: "point", center: coord, radius: point?.radius ?? DEFAULT_POI_RADIUS_M });
            onMode("edit");
            setCoordinate("");
          }}
        >
          {t("places.apply")}
        </Button>
      </Group>
      {point && (
        <Text size="xs" c="dimmed" data-testid="poi-position">
          {point.center.lat.toFixed(6)}, {point.center.lng.toFixed(6)}
        </Text>
      )}
      <NumberInput
        label={t("places.field.radius")}
        value={point?.radius ?? DEFAULT_POI_RADIUS_M}
        onChange={(v) => point && onShape({ ...point, radius: typeof v === "number" ? v : Number(v) || 0 })}
        min={1}
        max={30000}
        suffix=" m"
        disabled={!point}
      />
      <Select
        label={t("places.field.icon")}
        data={POI_ICONS.map((icon) => ({ value: icon, label: t(`places.icon.${icon}`) }))}
        value={draft.icon}
        onChange={(v) => v && onDraft({ ...draft, icon: v as PoiIcon })}
        allowDeselect={false}
      />
      <PlaceColorInput value={draft.color} onChange={(color) => onDraft({ ...draft, color })} />
      <GroupSelect value={draft.group} onChange={(group) => onDraft({ ...draft, group })} />
      <Group align="flex-end" gap="xs">
        <TextInput
          style={{ flex: 1 }}
          label={t("places.field.address")}
          value={draft.address}
          onChange={(e) => onDraft({ ...draft, address: e.currentTarget.value })}
        />
        <Button
          variant="light"
          leftSection={<IconSearch size={14} />}
          onClick={() => void lookup()}
          disabled={!point}
          loading={looking}
        >
          {t("places.lookup")}
        </Button>
      </Group>
      <FieldErrors errors={errors} />
      {serverError && (
        <Text c="red" size="sm">
          {serverError}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={() => onDone(null)}>
          {t("places.cancel")}
        </Button>
        <Button
          onClick={() => void save()}
          disabled={!parsed?.success}
          loading={saving}
          data-testid="place-save"
        >
          {t("places.save")}
        </Button>
      </Group>
    </Stack>
  );
}
