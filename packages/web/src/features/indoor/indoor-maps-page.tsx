import { Button, FileInput, Group, NumberInput, Slider, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconEdit, IconMapPin, IconPlus, IconTrash, IconUpload } from "@tabler/icons-react";
import {
  FILE_KINDS,
  filesApi,
  type IndoorGeometry,
  type IndoorMap,
  indoorApi,
  indoorMapInputSchema,
  parseCoordinate,
} from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { send } from "../../kit/forms/send.ts";
import { type DataColumn, DataTable, type RowAction } from "../../kit/table/index.ts";
import { ApiError } from "../../platform/api/client.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany, useRefreshCompany } from "../../platform/company/index.ts";
import { fieldIssues, Hint, IndoorFrame, useErrorText, useIndoorWritable } from "./indoor-frame.tsx";
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
  const [draft, setDraft] = useState<Draft | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const parsed = draft ? indoorMapInputSchema.safeParse(draft) : null;
  const issues = { ...fieldIssues(parsed?.success === false ? parsed.error : undefined), ...serverErrors };

  const open = (row: IndoorMap | null) => {
    setDraft(row ? { ...row } : { ...EMPTY_DRAFT });
    setServerErrors({});
    setTyped({});
  };
  const patch = (p: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...p } : d));
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

  const save = async () => {
    if (!draft || !parsed?.success) return;
    setBusy(true);
    const id = draft.id;
    const body = parsed.data;
    const result = await send(() =>
      id === null
        ? api.call(indoorApi.createMap, { ...call, body })
        : api.call(indoorApi.updateMap, { params: { companyId: companyId ?? 0, id }, body }),
    );
    setBusy(false);
    if (!result.ok) {
      setServerErrors(result.fields);
      return;
    }
    await refresh(["imaps", "ibeacons/inputs"]);
    setDraft(null);
  };

  const remove = async (row: IndoorMap) => {
    await api.call(indoorApi.removeMap, { params: { companyId: companyId ?? 0, id: row.id } });
    await refresh(["imaps", "ibeacons", "ibeacons/inputs"]);
  };

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
  const actions: RowAction<IndoorMap>[] = writable
    ? [
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
    : [{ key: "view", label: t("indoor.view"), icon: <IconMapPin size={16} />, onClick: (r) => open(r) }];

  const [shown, setShown] = useState<IndoorMap | null>(null);
  const plan: IndoorMap | null = draft
    ? { ...draft, id: draft.id ?? 0, createdTs: 0, updatedTs: 0 }
    : (shown ?? rows.find((r) => r.geometry) ?? null);

  const list = (
    <Stack gap="sm">
      <DataTable
        name="indoor"
        title={t("indoor.maps")}
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        actions={[
          {
            key: "show",
            label: t("indoor.show"),
            icon: <IconMapPin size={16} />,
            onClick: (r) => setShown(r),
          },
          ...actions,
        ]}
        readOnly={!writable}
        height={360}
        toolbar={
          writable ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)} data-testid="mgmt-new">
              {t("mgmt.new")}
            </Button>
          ) : null
        }
      />
      <Hint>{t("indoor.hint.list")}</Hint>
    </Stack>
  );

  const form = draft && (
    <Stack gap="xs" data-testid="indoor-form">
      <Title order={5}>{draft.id === null ? t("indoor.newMap") : t("indoor.editMap")}</Title>
      <TextInput
        label={t("indoor.field.name")}
        value={draft.name}
        onChange={(e) => patch({ name: e.currentTarget.value })}
        error={errorText(issues.name)}
        required
        data-testid="indoor-name"
        disabled={!writable}
      />
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
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setDraft(null)}>
          {t("places.cancel")}
        </Button>
        {writable && (
          <Button
            onClick={() => void save()}
            loading={busy}
            disabled={!parsed?.success}
            data-testid="indoor-save"
          >
            {t("places.save")}
          </Button>
        )}
      </Group>
    </Stack>
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
