import { Badge, Group, Modal, NumberInput, Stack, Table, Text, TextInput } from "@mantine/core";
import { useMemo, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useNumberFormat } from "../../../kit/format/number.ts";
import { useCompany } from "../../../platform/company/index.ts";
import { liveItems, parseKey } from "../../../platform/live/store.ts";
import { overlayData } from "../overlays.ts";
import { parseLatLng } from "./measure-format.ts";
import { nearby, type Placed } from "./nearby.ts";
import { PointInput } from "./point-input.tsx";
import type { MapToolProps } from "./types.ts";

const DEFAULT_RADIUS = 1000;

/**
 * Nearby items: items and POIs within a radius of the selected item (or of a typed point / the map's
 * centre), nearest first, kept up to date as positions arrive.
 */
export function NearbyModal({ catalog, selected, getMap, onClose }: MapToolProps) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const { data } = useCompany();
  const [radius, setRadius] = useState(DEFAULT_RADIUS);
  const [text, setText] = useState(() => {
    const c = getMap()?.getCenter();
    return c ? `${c.lat.toFixed(5)}, ${c.lng.toFixed(5)}` : "";
  });
  const version = useSyncExternalStore(liveItems.subscribe, liveItems.getVersion);
  const selectedPos = selected ? liveItems.items.get(selected)?.pos : null;
  const center = selectedPos ? { lat: selectedPos.lat, lng: selectedPos.lng } : parseLatLng(text);

  const places = useMemo<Placed[]>(() => {
    void version;
    const out: Placed[] = [];
    for (const [key, state] of liveItems.items) {
      if (!state.pos) continue;
      const item = catalog.items.get(key);
      if (!item) continue;
      out.push({ key, name: item.name, kind: parseKey(key).kind, lat: state.pos.lat, lng: state.pos.lng });
    }
    overlayData(data.pois, null).pois.features.forEach((f, i) => {
      if (f.geometry.type !== "Point") return;
      const [lng, lat] = f.geometry.coordinates as [number, number];
      out.push({ key: `poi:${i}`, name: String(f.properties?.name ?? ""), kind: "poi", lat, lng });
    });
    return out;
  }, [version, catalog, data.pois]);
  const found = center ? nearby(center, places, radius, selected) : [];
  const centreName = selected ? catalog.items.get(selected)?.name : null;

  return (
    <Modal opened onClose={onClose} title={t("maptools.nearby.title")} size="lg">
      <Stack gap="sm">
        <Group grow align="flex-end">
          {centreName ? (
            <TextInput label={t("maptools.nearby.around")} value={centreName} readOnly />
          ) : (
            <PointInput
              label={t("maptools.nearby.around")}
              value={text}
              onChange={setText}
              valid={center !== null}
            />
          )}
          <NumberInput
            label={t("maptools.nearby.radius")}
            min={1}
            max={30_000}
            step={100}
            value={radius}
            onChange={(v) =>
              setRadius(typeof v === "number" && v >= 1 ? Math.min(v, 30_000) : DEFAULT_RADIUS)
            }
            data-testid="nearby-radius"
          />
        </Group>
        {found.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("maptools.nearby.none")}
          </Text>
        ) : (
          <Table striped highlightOnHover data-testid="nearby-table">
            <Table.Tbody>
              {found.map((p) => (
                <Table.Tr
                  key={p.key}
                  tabIndex={0}
                  style={{ cursor: "pointer" }}
                  onClick={() => getMap()?.easeTo({ center: [p.lng, p.lat], zoom: 16, duration: 0 })}
                  onKeyDown={(e) => {
                    if (e.key === "Enter")
                      getMap()?.easeTo({ center: [p.lng, p.lat], zoom: 16, duration: 0 });
                  }}
                >
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>
                    <Badge size="xs" variant="light">
                      {t(`maptools.nearby.kinds.${p.kind}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{fmt.distance(p.distanceM)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
