import { Table, Text } from "@mantine/core";
import { type ReactNode, useEffect } from "react";
import { coordsText } from "./address-key.ts";
import { drawTool, pointsOf } from "./tool-layer.ts";
import type { MapToolProps } from "./types.ts";
import { useAddresses } from "./use-addresses.ts";

interface Place {
  startTs: number;
  lat: number;
  lng: number;
}

/**
 * A day tool's places the item stayed at (stops, idle periods): drawn as points on the map and listed one a row
 * with the address (the coordinates until the geocoder answers) last; a click or Enter on a row centres the map
 * on the place. Nothing is listed for none.
 */
export function PlacesTable<P extends Place>({
  tool,
  places,
  heads,
  cells,
  testId,
}: {
  tool: Pick<MapToolProps, "companyId" | "getMap">;
  places: readonly P[];
  /** The column titles, the address's last. */
  heads: readonly string[];
  /** A place's cells before its address. */
  cells(place: P): ReactNode;
  testId: string;
}) {
  const { companyId, getMap } = tool;
  const addressOf = useAddresses(companyId, places);
  useEffect(() => {
    drawTool(getMap(), places.length > 0 ? pointsOf(places.map((p) => [p.lng, p.lat])) : null);
  }, [places, getMap]);
  if (places.length === 0) return null;
  const focus = (p: P) => getMap()?.easeTo({ center: [p.lng, p.lat], zoom: 16, duration: 0 });
  return (
    <Table striped highlightOnHover data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {heads.map((head) => (
            <Table.Th key={head}>{head}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {places.map((p) => (
          <Table.Tr
            key={p.startTs}
            style={{ cursor: "pointer" }}
            tabIndex={0}
            onClick={() => focus(p)}
            onKeyDown={(e) => {
              if (e.key === "Enter") focus(p);
            }}
          >
            {cells(p)}
            <Table.Td>
              <Text size="xs">{addressOf(p.lat, p.lng) ?? coordsText(p.lat, p.lng)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
