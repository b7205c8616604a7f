import { Button, Group, NumberInput, Slider, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconCircle, IconPolygon } from "@tabler/icons-react";
import {
  DEFAULT_PLACE_COLOR,
  type Geozone,
  type GeozoneInput,
  geozoneInputSchema,
  type LatLng,
  parseCoordinate,
  placesApi,
  simplifyRing,
  validatePolygon,
} from "@vigia/domain";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { useCompanySave } from "../../kit/crud/use-company-save.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { issuesOf, Swatch, useGroupName } from "./common.tsx";
import { usePlacesData } from "./data.ts";
import { readGeozoneDraft } from "./draft-state.ts";
import { circleCentreText, geozoneHint, type Shape } from "./drawing.ts";
import { type PlaceEditor, usePlaceEditor } from "./place-editor.ts";
import { type PlaceDraft, PlaceForm } from "./place-form.tsx";
import { PlacesListScreen } from "./places-list-screen.tsx";

interface Draft extends PlaceDraft {
  description: string;
  speedLimit: number | null;
}

const fromZone = (z: Geozone): { draft: Draft; shape: Shape } => ({
  draft: {
    id: z.id,
    name: z.name,
    color: z.color,
    group: z.group,
    description: z.description,
    speedLimit: z.speedLimit,
  },
  shape:
    z.type === "circle"
      ? { type: "circle", center: { lat: z.lat, lng: z.lng }, radius: z.radius ?? 1 }
      : { type: "polygon", points: z.points },
});

/** /geozones: list, draw (circle or polygon), edit on the map, simplify, save. */
export function GeozonesPage() {
  const { t } = useTranslation();
  const { geozones } = usePlacesData();
  const groupName = useGroupName();
  const editor = usePlaceEditor<Draft>();
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
    editor.edit(next.draft, { shape: next.shape, focus: z.id });
  };
  const start = (kind: "circle" | "polygon") =>
    editor.edit(
      { id: null, name: "", color: DEFAULT_PLACE_COLOR, group: null, description: "", speedLimit: null },
      { mode: kind },
    );
  // A corridor sent by the map's track-to-geozone tool opens as a new polygon draft; the state is then
  // cleared so a reload or going back does not open it again.
  const location = useLocation();
  const navigate = useNavigate();
  const taken = useRef<string | null>(null);
  useEffect(() => {
    const handed = readGeozoneDraft(location.state);
    if (!handed || taken.current === location.key) return;
    taken.current = location.key;
    editor.edit(
      {
        id: null,
        name: handed.name,
        color: DEFAULT_PLACE_COLOR,
        group: null,
        description: "",
        speedLimit: null,
      },
      { shape: { type: "polygon", points: handed.points }, focus: -1 },
    );
    navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.key, location.pathname, editor, navigate]);
  return (
    <PlacesListScreen
      kind="geozones"
      title={t("places.geozones")}
      rows={rows}
      columns={columns}
      onOpen={open}
      editor={editor}
      preview={preview}
      newButtons={
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
      }
      form={(draft, done) => (
        <GeozoneForm draft={draft} editor={editor} onPreview={setPreview} onDone={done} />
      )}
    />
  );
}

interface FormProps {
  draft: Draft;
  editor: PlaceEditor<Draft>;
  onPreview(ring: LatLng[] | null): void;
  onDone(saved: Geozone | null): void;
}

function GeozoneForm({ draft, editor, onPreview, onDone }: FormProps) {
  const { shape, setShape: onShape, mode, setMode: onMode } = editor;
  const onDraft = (next: Draft) => editor.setDraft(next);
  const { t } = useTranslation();
  const send = useCompanySave<GeozoneInput>(
    draft.id,
    (params, body) => api.call(placesApi.createGeozone, { params, body }, { quiet: true }),
    (params, body) => api.call(placesApi.updateGeozone, { params, body }, { quiet: true }),
  );
  const [coordinate, setCoordinate] = useState("");
  const [tolerance, setTolerance] = useState(0);
  const body: GeozoneInput | null = useMemo(() => {
    const common = {
      name: draft.name,
      color: draft.color,
      group: draft.group,
      description: draft.description,
      speedLimit: draft.speedLimit,
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
  // The centre field shows the circle's centre as drawn by the click (it stayed empty before).
  const centre = shape?.type === "circle" ? circleCentreText(shape.center) : null;
  useEffect(() => {
    if (centre !== null) setCoordinate(centre);
  }, [centre]);

  const applyCoordinate = () => {
    if (!coord) return;
    if (shape?.type === "circle") onShape({ ...shape, center: coord });
    else if (shape?.type === "polygon") onShape({ ...shape, points: [...shape.points, coord] });
    else if (mode === "circle") {
      onShape({ type: "circle", center: coord, radius: 100 });
      onMode("edit");
    } else if (mode === "polygon") onShape({ type: "polygon", points: [coord], open: true });
    if (shape?.type !== "circle" && mode !== "circle") setCoordinate("");
  };
  const submit = parsed?.success === true ? () => send(parsed.data) : null;

  const hint = geozoneHint(mode, shape, t);
  return (
    <PlaceForm
      testId="geozone-form"
      title={draft.id ? t("places.editGeozone") : t("places.newGeozone")}
      hint={hint}
      draft={draft}
      onDraft={onDraft}
      errors={errors}
      submit={submit}
      onDone={onDone}
      footerStart={
        <Button
          variant="subtle"
          onClick={() => {
            onShape(null);
            onMode(shape?.type === "polygon" ? "polygon" : "circle");
          }}
        >
          {t("places.redraw")}
        </Button>
      }
      after={
        <>
          <Textarea
            label={t("places.field.description")}
            value={draft.description}
            onChange={(e) => onDraft({ ...draft, description: e.currentTarget.value })}
            autosize
            minRows={2}
          />
          <NumberInput
            label={t("alarmEvents.zoneSpeedLimit")}
            description={t("alarmEvents.zoneSpeedLimitHelp")}
            min={1}
            max={400}
            allowDecimal={false}
            value={draft.speedLimit ?? ""}
            onChange={(v) => onDraft({ ...draft, speedLimit: typeof v === "number" ? v : null })}
            data-testid="geozone-speed-limit"
          />
          <Group align="flex-end" gap="xs">
            <TextInput
              style={{ flex: 1 }}
              label={
                shape?.type === "polygon" || mode === "polygon" ? t("places.addVertex") : t("places.centre")
              }
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
        </>
      }
    />
  );
}
