import { Button, Group, NumberInput, Select, Text, TextInput } from "@mantine/core";
import { IconMapPin, IconSearch } from "@tabler/icons-react";
import {
  DEFAULT_PLACE_COLOR,
  DEFAULT_POI_RADIUS_M,
  liveApi,
  POI_ICONS,
  type Poi,
  type PoiIcon,
  type PoiInput,
  parseCoordinate,
  placesApi,
  poiInputSchema,
} from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCompanySave } from "../../kit/crud/use-company-save.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany } from "../../platform/company/index.ts";
import { issuesOf, Swatch, useGroupName } from "./common.tsx";
import { usePlacesData } from "./data.ts";
import { type PlaceEditor, usePlaceEditor } from "./place-editor.ts";
import { type PlaceDraft, PlaceForm } from "./place-form.tsx";
import { PlacesListScreen } from "./places-list-screen.tsx";

interface Draft extends PlaceDraft {
  icon: PoiIcon;
  address: string;
}

/** /pois: list, place a point on the map (or by coordinates), radius, icon, colour, group, address lookup. */
export function PoisPage() {
  const { t } = useTranslation();
  const { pois } = usePlacesData();
  const groupName = useGroupName();
  const editor = usePlaceEditor<Draft>();
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
  const open = (p: Poi) =>
    editor.edit(
      { id: p.id, name: p.name, color: p.color, icon: p.icon, group: p.group, address: p.address },
      { shape: { type: "point", center: { lat: p.lat, lng: p.lng }, radius: p.radius }, focus: p.id },
    );
  return (
    <PlacesListScreen
      kind="pois"
      title={t("places.pois")}
      rows={rows}
      columns={columns}
      onOpen={open}
      editor={editor}
      newButtons={
        <Button
          size="xs"
          leftSection={<IconMapPin size={14} />}
          data-testid="new-poi"
          onClick={() =>
            editor.edit(
              { id: null, name: "", color: DEFAULT_PLACE_COLOR, icon: "pin", group: null, address: "" },
              { mode: "point" },
            )
          }
        >
          {t("places.newPoi")}
        </Button>
      }
      form={(draft, done) => <PoiForm draft={draft} editor={editor} onDone={done} />}
    />
  );
}

interface FormProps {
  draft: Draft;
  editor: PlaceEditor<Draft>;
  onDone(saved: Poi | null): void;
}

function PoiForm({ draft, editor, onDone }: FormProps) {
  const { shape, setShape: onShape, setMode: onMode } = editor;
  const onDraft = (next: Draft) => editor.setDraft(next);
  const { t, i18n } = useTranslation();
  const { companyId } = useCompany();
  const send = useCompanySave<PoiInput>(
    draft.id,
    (params, body) => api.call(placesApi.createPoi, { params, body }, { quiet: true }),
    (params, body) => api.call(placesApi.updatePoi, { params, body }, { quiet: true }),
  );
  const [coordinate, setCoordinate] = useState("");
  const [looking, setLooking] = useState(false);
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
      const r = await api.call(liveApi.address, {
        params: { companyId: companyId ?? 0 },
        query: { lat: point.center.lat, lng: point.center.lng, lang: i18n.language },
      });
      onDraft({ ...draft, address: r.address });
    } finally {
      setLooking(false);
    }
  };
  const submit = parsed?.success === true ? () => send(parsed.data) : null;
  return (
    <PlaceForm
      testId="poi-form"
      title={draft.id ? t("places.editPoi") : t("places.newPoi")}
      hint={point ? t("places.hint.point") : t("places.hint.placePoint")}
      draft={draft}
      onDraft={onDraft}
      errors={errors}
      submit={submit}
      onDone={onDone}
      before={
        <>
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
            onChange={(v) =>
              point && onShape({ ...point, radius: typeof v === "number" ? v : Number(v) || 0 })
            }
            min={1}
            max={30000}
            suffix=" m"
            disabled={!point}
          />
          <Select
            label={t("places.field.icon")}
            data={POI_ICONS.map((icon) => ({ value: icon, label: t(`places.icon.${icon}`) }))}
            value={draft.icon}
            onChange={(v) => {
              const icon = POI_ICONS.find((i) => i === v);
              if (icon) onDraft({ ...draft, icon });
            }}
            allowDeselect={false}
          />
        </>
      }
      after={
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
      }
    />
  );
}
