import { Button, Group, NumberInput, Slider, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { IconCircle, IconPolygon } from "@tabler/icons-react";
import {
  DEFAULT_PLACE_COLOR,
  type Geozone,
  type GeozoneInput,
  geozoneInputSchema,
  type LatLng,
  parseCoordinate,
  simplifyRing,
  validatePolygon,
} from "@vigia/domain";
import { useEffect, useMemo, useState } from "react";
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
  group: number | null;
  description: string;
}

const fromZone = (z: Geozone): { draft: Draft; shape: Shape } => ({
  draft: { id: z.id, name: z.name, color: z.color, group: z.group, description: z.description },
  shape:
    z.type === "circle"
      ? { type: "circle", center: { lat: z.lat, lng: z.lng }, radius: z.radius ?? 1 }
      : { type: "polygon", points: z.points },
});

/** /geozones: list, draw (circle or polygon), edit on the map, simplify, save. */
export function GeozonesPage() {
  const { t } = useTranslation();
  const { geozones } = usePlacesData();
  const cache = usePlacesCache();
  const writable = usePlacesWritable();
  const groupName = useGroupName();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [shape, setShape] = useState<Shape | null>(null);
  const [mode, setMode] = useState<DrawMode>("none");
  const [focus, setFocus] = useState<number | null>(null);
  const [preview, setPreview] = useState<LatLng[] | null>(null);

  const rows = useMemo(() => Object.values(geozones), [geozones]);
  const columns: DataColumn<Geozone>[] = [
    { key: "name", header: t("places.field.name"), value: (z) => z.name, sortable: true },
    { key: "type", header: t("places.field.type"), value: (z) => t(`places.type.${z.type}`), sortable: true },
    {
      key: "color",
      header: t("places.field.color"),
      value: (z) => z.color,
      render: (z) => <Swatch color={z.color} />,
      exportable: false,
      searchable: false,
    },
    { key: "group", header: t("places.field.group"), value: (z) => groupName(z.group), sortable: true },
  ];
  const open = (z: Geozone) => {
    const next = fromZone(z);
    setDraft(next.draft);
    setShape(next.shape);
    setMode("edit");
    setFocus(z.id);
  };
  const start = (kind: "circle" | "polygon") => {
    setDraft({ id: null, name: "", color: DEFAULT_PLACE_COLOR, group: null, description: "" });
    setShape(null);
    setMode(kind);
  };
  const { actions, onDeleteSelected } = usePlaceListActions<Geozone>("geozones", writable, open);

  const side = draft ? (
    <GeozoneForm
      draft={draft}
      onDraft={setDraft}
      shape={shape}
      onShape={setShape}
      mode={mode}
      onMode={setMode}
      onPreview={setPreview}
      onDone={(saved) => {
        if (saved) cache.put("geozones", [saved]);
        setDraft(null);
        setShape(null);
        setMode("none");
      }}
    />
  ) : (
    <DataTable
      name="geozones"
      title={t("places.geozones")}
      rows={rows}
      rowKey={(z) => z.id}
      columns={columns}
      actions={actions}
      readOnly={!writable}
      onDeleteSelected={onDeleteSelected}
      toolbar={
        writable && (
          <>
            <ImportPlacesButton />
            <Group gap="xs">
              <Button
                size="xs"
                leftSection={<IconCircle size={14} />}
                onClick={() => start("circle")}
                data-testid="new-circle"
              >
                {t("places.newCircle")}
              </Button>
              <Button
                size="xs"
                leftSection={<IconPolygon size={14} />}
                onClick={() => start("polygon")}
                data-testid="new-polygon"
              >
                {t("places.newPolygon")}
              </Button>
            </Group>
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
          preview={draft ? preview : null}
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
  mode: DrawMode;
  onMode(m: DrawMode): void;
  onPreview(ring: LatLng[] | null): void;
  onDone(saved: Geozone | null): void;
}

function GeozoneForm({ draft, onDraft, shape, onShape, mode, onMode, onPreview, onDone }: FormProps) {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  const [coordinate, setCoordinate] = useState("");
  const [tolerance, setTolerance] = useState(0);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const body: GeozoneInput | null = useMemo(() => {
    const common = {
      name: draft.name,
      color: draft.color,
      group: draft.group,
      description: draft.description,
    };
    if (shape?.type === "circle")
      return {
        ...common,
        type: "circle",
        lat: shape.center.lat,
        lng: shape.center.lng,
        radius: shape.radius,
      };
    if (shape?.type === "polygon" && !shape.open) return { ...common, type: "polygon", points: shape.points };
    return null;
  }, [draft, shape]);
  const parsed = body ? geozoneInputSchema.safeParse(body) : null;
  const errors = parsed && !parsed.success ? issuesOf(parsed.error) : [];
  const simplified = useMemo(
    () =>
      shape?.type === "polygon" && !shape.open && tolerance > 0
        ? simplifyRing(shape.points, tolerance)
        : null,
    [shape, tolerance],
  );
  useEffect(() => onPreview(simplified), [simplified, onPreview]);
  const coord = coordinate.trim() === "" ? null : parseCoordinate(coordinate);

  const applyCoordinate = () => {
    if (!coord) return;
    if (shape?.type === "circle") onShape({ ...shape, center: coord });
    else if (shape?.type === "polygon") onShape({ ...shape, points: [...shape.points, coord] });
    else if (mode === "circle") {
      onShape({ type: "circle", center: coord, radius: 100 });
      onMode("edit");
    } else if (mode === "polygon") onShape({ type: "polygon", points: [coord], open: true });
    setCoordinate("");
  };
  const save = async () => {
    if (!parsed?.success) return;
    setSaving(true);
    setServerError(null);
    try {
      const saved = draft.id
        ? await api.put<Geozone>(companyPath(companyId, `geozones/id/${draft.id}`), parsed.data, {
            quiet: true,
          })
        : await api.post<Geozone>(companyPath(companyId, "geozones"), parsed.data, { quiet: true });
      onDone(saved);
    } catch (e) {
      setServerError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  const hint =
    mode === "circle"
      ? t("places.hint.circle")
      : mode === "polygon"
        ? t("places.hint.polygon")
        : t("places.hint.edit");
  return (
    <Stack gap="sm" data-testid="geozone-form">
      <Title order={4}>{draft.id ? t("places.editGeozone") : t("places.newGeozone")}</Title>
      <Text size="sm" c="dimmed" data-testid="draw-hint">
        {hint}
      </Text>
      <TextInput
        label={t("places.field.name")}
        value={draft.name}
        onChange={(e) => onDraft({ ...draft, name: e.currentTarget.value })}
        required
        data-testid="place-name"
      />
      <PlaceColorInput value={draft.color} onChange={(color) => onDraft({ ...draft, color })} />
      <GroupSelect value={draft.group} onChange={(group) => onDraft({ ...draft, group })} />
      <Textarea
        label={t("places.field.description")}
        value={draft.description}
        onChange={(e) => onDraft({ ...draft, description: e.currentTarget.value })}
        autosize
        minRows={2}
      />
      <Group align="flex-end" gap="xs">
        <TextInput
          style={{ flex: 1 }}
          label={shape?.type === "polygon" || mode === "polygon" ? t("places.addVertex") : t("places.centre")}
          placeholder="40.4168,-3.7038"
          value={coordinate}
          onChange={(e) => setCoordinate(e.currentTarget.value)}
          error={coordinate.trim() !== "" && !coord ? t("places.error.coordinate.invalid") : undefined}
          data-testid="coordinate"
        />
        <Button variant="light" onClick={applyCoordinate} disabled={!coord}>
          {t("places.apply")}
        </Button>
      </Group>
      {shape?.type === "circle" && (
        <NumberInput
          label={t("places.field.radius")}
          value={shape.radius}
          onChange={(v) => onShape({ ...shape, radius: typeof v === "number" ? v : Number(v) || 0 })}
          min={1}
          max={30000}
          suffix=" m"
          data-testid="place-radius"
        />
      )}
      {shape?.type === "polygon" && !shape.open && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("places.simplify")} ({t("places.vertices", { count: shape.points.length })}
            {simplified ? ` → ${simplified.length}` : ""})
          </Text>
          <Slider
            value={tolerance}
            onChange={setTolerance}
            min={0}
            max={500}
            step={5}
            label={(v) => `${v} m`}
          />
          <Button
            size="xs"
            variant="light"
            disabled={!simplified || validatePolygon(simplified) !== null}
            onClick={() => {
              if (simplified) onShape({ type: "polygon", points: simplified });
              setTolerance(0);
            }}
          >
            {t("places.applySimplify")}
          </Button>
        </Stack>
      )}
      <FieldErrors errors={errors} />
      {serverError && (
        <Text c="red" size="sm">
          {serverError}
        </Text>
      )}
      <Group justify="space-between">
        <Button
          variant="subtle"
          onClick={() => {
            onShape(null);
            onMode(shape?.type === "polygon" ? "polygon" : "circle");
          }}
        >
          {t("places.redraw")}
        </Button>
        <Group gap="xs">
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
      </Group>
    </Stack>
  );
}
