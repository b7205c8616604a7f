import { Button, FileInput, Group, NumberInput, Slider, Stack, Text, TextInput } from "@mantine/core";
import { IconMapPin, IconUpload } from "@tabler/icons-react";
import {
  FILE_KINDS,
  filesApi,
  type IndoorGeometry,
  type IndoorMap,
  type IndoorMapInput,
  indoorApi,
  indoorMapInputSchema,
  parseCoordinate,
} from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCompanySave } from "../../kit/crud/use-company-save.ts";
import { useDraft } from "../../kit/crud/use-draft.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { ApiError } from "../../platform/api/client.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany, useRefreshCompany } from "../../platform/company/index.ts";
import { Hint, IndoorForm, IndoorFrame, useErrorText, useIndoorWritable } from "./indoor-frame.tsx";
import { IndoorList } from "./indoor-list.tsx";
import { FILE_PREFIX } from "./plan-image.ts";
import { PlanMap, placementAround } from "./plan-map.tsx";

interface Draft {
  id: number | null;
  name: string;
  building: string;
  level: number;
  photoUrl: string;
  geometry: IndoorGeometry | null;
}
const EMPTY_DRAFT: Draft = { id: null, name: "", building: "", level: 0, photoUrl: "", geometry: null };
const CORNERS = ["topLeft", "topRight", "bottomLeft"] as const;
const coordText = (p: { lat: number; lng: number }) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;
const PLAN = FILE_KINDS.floorPlan;

/** /indoor: the company's floor plans, one per building level, uploaded and placed on the map by three corners. */
export function IndoorMapsPage() {
  const { t } = useTranslation();
  const { companyId, data, info } = useCompany();
  const refresh = useRefreshCompany();
  const writable = useIndoorWritable();
  const errorText = useErrorText();
  const rows = useMemo(() => Object.values(data.imaps ?? {}), [data.imaps]);
  const editor = useDraft((d: Draft) => indoorMapInputSchema.safeParse(d));
  const { draft, patch, issues, setServerErrors } = editor;
  const [uploading, setUploading] = useState(false);
  const [typed, setTyped] = useState<Record<string, string>>({});

  const open = (row: IndoorMap | null) => {
    editor.open(row ? { ...row } : { ...EMPTY_DRAFT });
    setTyped({});
  };
  const call = { params: { companyId: companyId ?? 0 } };

  const upload = async (file: File | null) => {
    if (!file || !draft) return;
    if (file.size > PLAN.maxBytes) {
      setServerErrors({ photoUrl: "indoor.planTooLarge" });
      return;
    }
    setUploading(true);
    try {
      const stored = await api.upload(
        filesApi.upload,
        { ...call, query: { name: file.name, kind: "floorPlan" } },
        file,
        { quiet: true },
      );
      setServerErrors({});
      patch({
        photoUrl: `${FILE_PREFIX}${stored.id}`,
        geometry: draft.geometry ?? placementAround(info?.centroId?.pos ?? { lat: 40.4168, lng: -3.7038 }),
      });
    } catch (e) {
      setServerErrors({ photoUrl: e instanceof ApiError ? e.description : "indoor.uploadFailed" });
    } finally {
      setUploading(false);
    }
  };

  const send = useCompanySave<IndoorMapInput>(
    draft?.id ?? null,
    (params, body) => api.call(indoorApi.createMap, { params, body }),
    (params, body) => api.call(indoorApi.updateMap, { params, body }),
  );
  const save = () => editor.save(send, () => refresh(["imaps", "ibeacons/inputs"]));

  const columns: DataColumn<IndoorMap>[] = [
    { key: "name", header: t("indoor.field.name"), value: (r) => r.name, sortable: true },
    { key: "building", header: t("indoor.field.building"), value: (r) => r.building, sortable: true },
    { key: "level", header: t("indoor.field.level"), value: (r) => r.level, sortable: true, width: 80 },
    {
      key: "placed",
      header: t("indoor.placed"),
      value: (r) => (r.geometry ? t("indoor.yes") : t("indoor.no")),
      width: 90,
    },
  ];
  const [shown, setShown] = useState<IndoorMap | null>(null);
  const plan: IndoorMap | null = draft
    ? { ...draft, id: draft.id ?? 0, createdTs: 0, updatedTs: 0 }
    : (shown ?? rows.find((r) => r.geometry) ?? null);

  const list = (
    <Stack gap="sm">
      <IndoorList
        name="indoor"
        title={t("indoor.maps")}
        rows={rows}
        columns={columns}
        height={360}
        extraActions={[
          // Showing a plan and opening it to look at it only read: read-only users get them too.
          {
            key: "show",
            label: t("indoor.show"),
            icon: <IconMapPin size={16} />,
            read: true,
            onClick: setShown,
          },
          ...(writable
            ? []
            : [
                {
                  key: "view",
                  label: t("indoor.view"),
                  icon: <IconMapPin size={16} />,
                  read: true,
                  onClick: open,
                },
              ]),
        ]}
        onOpen={open}
        remove={(params) => api.call(indoorApi.removeMap, { params }, { quiet: true })}
        reload={() => refresh(["imaps", "ibeacons", "ibeacons/inputs"])}
      />
      <Hint>{t("indoor.hint.list")}</Hint>
    </Stack>
  );

  const form = draft && (
    <IndoorForm
      editor={editor}
      what="indoor"
      title={draft.id === null ? t("indoor.newMap") : t("indoor.editMap")}
      readOnly={!writable}
      onSave={() => void save()}
    >
      <Group grow>
        <TextInput
          label={t("indoor.field.building")}
          value={draft.building}
          onChange={(e) => patch({ building: e.currentTarget.value })}
          error={errorText(issues.building)}
          disabled={!writable}
        />
        <NumberInput
          label={t("indoor.field.level")}
          value={draft.level}
          onChange={(v) => patch({ level: typeof v === "number" ? v : 0 })}
          error={errorText(issues.level)}
          allowDecimal={false}
          disabled={!writable}
        />
      </Group>
      <FileInput
        label={t("indoor.field.plan")}
        placeholder={draft.photoUrl ? t("indoor.planUploaded") : t("indoor.choosePlan")}
        accept={PLAN.mimes.join(",")}
        leftSection={<IconUpload size={14} />}
        onChange={(f) => void upload(f)}
        error={errorText(issues.photoUrl)}
        disabled={!writable || uploading}
        data-testid="indoor-plan-file"
      />
      <Hint>{t("indoor.hint.plan", { mb: PLAN.maxBytes / 1024 / 1024 })}</Hint>
      {draft.geometry ? (
        <>
          <Hint>{t("indoor.hint.corners")}</Hint>
          {CORNERS.map((corner) => (
            <TextInput
              key={corner}
              label={t(`indoor.corner.${corner}`)}
              value={typed[corner] ?? coordText(draft.geometry![corner])}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setTyped((s) => ({ ...s, [corner]: text }));
                const at = parseCoordinate(text);
                if (at && draft.geometry) patch({ geometry: { ...draft.geometry, [corner]: at } });
              }}
              onBlur={() =>
                setTyped((s) => {
                  // Leaving the field shows the stored corner again: the typed text is dropped.
                  const { [corner]: _left, ...rest } = s;
                  return rest;
                })
              }
              error={
                typed[corner] !== undefined && parseCoordinate(typed[corner]) === null
                  ? errorText("coordinate.invalid")
                  : errorText(issues[`geometry.${corner}.lat`] ?? issues[`geometry.${corner}.lng`])
              }
              disabled={!writable}
              data-testid={`indoor-${corner}`}
            />
          ))}
          <Text size="sm">{t("indoor.field.opacity")}</Text>
          <Slider
            min={0.1}
            max={1}
            step={0.05}
            value={draft.geometry.opacity}
            onChange={(v) => draft.geometry && patch({ geometry: { ...draft.geometry, opacity: v } })}
            label={(v) => `${Math.round(v * 100)} %`}
            disabled={!writable}
          />
        </>
      ) : (
        writable && (
          <Button
            variant="light"
            leftSection={<IconMapPin size={14} />}
            onClick={() =>
              patch({ geometry: placementAround(info?.centroId?.pos ?? { lat: 40.4168, lng: -3.7038 }) })
            }
            data-testid="indoor-place"
          >
            {t("indoor.place")}
          </Button>
        )
      )}
    </IndoorForm>
  );

  return (
    <IndoorFrame
      testId="indoor-page"
      side={form ?? list}
      map={
        <PlanMap
          plan={plan}
          corners={draft?.geometry ?? null}
          onCorners={writable && draft ? (g) => patch({ geometry: g }) : undefined}
          focusKey={draft ? `d${draft.id ?? "new"}${draft.geometry ? "p" : ""}` : (plan?.id ?? null)}
        />
      }
    />
  );
}
