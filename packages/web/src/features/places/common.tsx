import { Alert, Box, ColorInput, Paper, ScrollArea, Select, Stack, Text } from "@mantine/core";
import { allows, type GroupRow, groupsApi, PLACE_PALETTE, placesApi, resolvePlaceColor } from "@vigia/domain";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useCompany } from "../../platform/company/index.ts";
import { useSession } from "../../platform/session/session.ts";
import { usePlacesLive } from "./live.ts";

/** List or form on the left, the map filling the rest: the frame of every places screen. */
export function PlacesFrame({ side, map }: { side: ReactNode; map: ReactNode }) {
  const bound = usePlacesLive();
  return (
    <Box
      data-testid="places-frame"
      data-live={bound ? "bound" : "waiting"}
      style={{
        display: "flex",
        height: "calc(100dvh - var(--app-shell-header-height, 56px) - 32px)",
        gap: 12,
      }}
    >
      <Paper withBorder style={{ width: 420, flexShrink: 0, display: "flex", flexDirection: "column" }}>
        <ScrollArea style={{ flex: 1 }} p="sm">
          {side}
        </ScrollArea>
      </Paper>
      <Paper withBorder style={{ flex: 1, position: "relative", overflow: "hidden", minHeight: 320 }}>
        {map}
      </Paper>
    </Box>
  );
}

/** Whether the signed-in user may change places (subadministrator or above, not read-only). */
export function usePlacesWritable(): boolean {
  const { user } = useSession();
  return allows(placesApi.createGeozone.access, user);
}

const SWATCHES = Object.values(PLACE_PALETTE);

/** Colour from the palette or as hex; a typed palette name ("red") becomes its hex. */
export function PlaceColorInput({ value, onChange }: { value: string; onChange(v: string): void }) {
  const { t } = useTranslation();
  return (
    <ColorInput
      label={t("places.field.color")}
      value={value}
      onChange={onChange}
      onBlur={() => onChange(resolvePlaceColor(value))}
      format="hex"
      swatches={SWATCHES}
      swatchesPerRow={8}
      data-testid="place-color"
    />
  );
}

/** The company-load groups, read with their contract's answer schema; none while not loaded. */
function useGroups(): Record<string, GroupRow> {
  const { data } = useCompany();
  return useMemo(() => {
    const parsed = groupsApi.list.response.safeParse(data.groups ?? {});
    return parsed.success ? parsed.data : {};
  }, [data.groups]);
}

/** The place's group; company-wide (no group) is only offered to users who see every group. */
export function GroupSelect({ value, onChange }: { value: number | null; onChange(v: number | null): void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const groups = Object.values(useGroups());
  const scoped = user !== null && (user.role === "SUBADMIN" || user.role === "OPERATOR");
  const options = [
    ...(scoped ? [] : [{ value: "", label: t("places.companyWide") }]),
    ...groups.map((g) => ({ value: String(g.id), label: g.name })),
  ];
  return (
    <Select
      label={t("places.field.group")}
      data={options}
      value={value === null ? "" : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      allowDeselect={false}
      searchable
      data-testid="place-group"
    />
  );
}

export function useGroupName(): (id: number | null) => string {
  const { t } = useTranslation();
  const groups = useGroups();
  return (id) => (id === null ? t("places.companyWide") : (groups[id]?.name ?? String(id)));
}

/** Field errors from a zod result, as translated lines. */
export function FieldErrors({ errors }: { errors: { path: string; message: string }[] }) {
  const { t } = useTranslation();
  if (errors.length === 0) return null;
  return (
    <Alert color="red" variant="light" p="xs" data-testid="place-errors">
      <Stack gap={2}>
        {errors.map((e) => (
          <Text key={`${e.path}:${e.message}`} size="sm">
            {t(`places.field.${e.path}`, { defaultValue: e.path })}:{" "}
            {t(`places.error.${e.message}`, { defaultValue: e.message })}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

export function Swatch({ color }: { color: string }) {
  return (
    <span
      style={{
        display: "inline-block",
        width: 14,
        height: 14,
        borderRadius: 3,
        background: color,
        border: "1px solid #0002",
      }}
    />
  );
}

/** zod issues → {path, message} with the first path segment (points.3.lat → points). */
export function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] } | undefined) {
  return (error?.issues ?? []).map((i) => ({ path: String(i.path[0] ?? "body"), message: i.message }));
}
