import { cellOf, M_PER_DEG, MAX_PIECE_M, mPerDegLng } from "./cells.ts";
import { interpolateNumber } from "./street-match.ts";

/** A street as a source gives it: its vertices, name and class, and house numbers at each vertex if known. */
export interface StreetWay {
  wayId: number;
  name: string;
  kind: string;
  points: readonly { lat: number; lng: number }[];
  /** House numbers on the left and right of the way's direction at each vertex (interpolated in between). */
  numbers?: { left: readonly number[]; right: readonly number[] } | null;
}

/** One row of `address_streets`. */
export interface PieceRow {
  wayId: number;
  seq: number;
  cell: number;
  name: string;
  kind: string;
  lat1: number;
  lng1: number;
  lat2: number;
  lng2: number;
  leftFrom: number | null;
  leftTo: number | null;
  rightFrom: number | null;
  rightTo: number | null;
}

/** The highways a fleet drives on or parks by; footways, paths, steps and planned roads are left out. */
export const DRIVABLE_HIGHWAYS = new Set([
  "motorway",
  "trunk",
  "primary",
  "secondary",
  "tertiary",
  "unclassified",
  "residential",
  "motorway_link",
  "trunk_link",
  "primary_link",
  "secondary_link",
  "tertiary_link",
  "living_street",
  "service",
  "pedestrian",
  "track",
  "road",
  "busway",
]);

function lengthM(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  return Math.hypot((b.lng - a.lng) * mPerDegLng((a.lat + b.lat) / 2), (b.lat - a.lat) * M_PER_DEG);
}

/**
 * A way cut into straight pieces of at most MAX_PIECE_M, in order, each filed under the cell of its middle; house
 * numbers carried onto each piece's ends (of the parity of the vertex's number). Pure.
 */
export function piecesOf(way: StreetWay): PieceRow[] {
  const rows: PieceRow[] = [];
  const { left, right } = way.numbers ?? { left: null, right: null };
  const numberAt = (side: readonly number[] | null, i: number, t: number): number | null => {
    if (!side) return null;
    const from = side[i];
    const to = side[i + 1];
    if (from === undefined || to === undefined) return null;
    return interpolateNumber(from, to, t);
  };
  for (let i = 0; i + 1 < way.points.length; i++) {
    const a = way.points[i]!;
    const b = way.points[i + 1]!;
    const parts = Math.max(1, Math.ceil(lengthM(a, b) / MAX_PIECE_M));
    for (let k = 0; k < parts; k++) {
      const t0 = k / parts;
      const t1 = (k + 1) / parts;
      const lat1 = a.lat + (b.lat - a.lat) * t0;
      const lng1 = a.lng + (b.lng - a.lng) * t0;
      const lat2 = a.lat + (b.lat - a.lat) * t1;
      const lng2 = a.lng + (b.lng - a.lng) * t1;
      rows.push({
        wayId: way.wayId,
        seq: rows.length,
        cell: cellOf((lat1 + lat2) / 2, (lng1 + lng2) / 2),
        name: way.name,
        kind: way.kind,
        lat1,
        lng1,
        lat2,
        lng2,
        leftFrom: numberAt(left, i, t0),
        leftTo: numberAt(left, i, t1),
        rightFrom: numberAt(right, i, t0),
        rightTo: numberAt(right, i, t1),
      });
    }
  }
  return rows;
}

/** A stored piece with the way it belongs to, as the street layer reads it. */
export interface StoredPiece {
  importId: number;
  wayId: number;
  seq: number;
  name: string;
  kind: string;
  lat1: number;
  lng1: number;
  lat2: number;
  lng2: number;
}

/**
 * Pieces joined back into lines: consecutive pieces of one way make one line ([lng, lat] pairs, as GeoJSON
 * wants), so a name can be written along the street. A gap (a piece outside the area read) starts a new line.
 * Pure.
 */
export function chainPieces(
  pieces: readonly StoredPiece[],
): { name: string; kind: string; coordinates: [number, number][] }[] {
  const sorted = [...pieces].sort((a, b) => a.importId - b.importId || a.wayId - b.wayId || a.seq - b.seq);
  const lines: { name: string; kind: string; coordinates: [number, number][] }[] = [];
  let previous: StoredPiece | null = null;
  for (const piece of sorted) {
    const continues =
      previous !== null &&
      previous.importId === piece.importId &&
      previous.wayId === piece.wayId &&
      previous.seq + 1 === piece.seq;
    if (continues) lines.at(-1)!.coordinates.push([piece.lng2, piece.lat2]);
    else
      lines.push({
        name: piece.name,
        kind: piece.kind,
        coordinates: [
          [piece.lng1, piece.lat1],
          [piece.lng2, piece.lat2],
        ],
      });
    previous = piece;
  }
  return lines;
}
