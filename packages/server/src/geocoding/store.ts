import type { Queryable } from "../kernel/db/database.ts";
import { cellsAround, cellsInBox } from "./cells.ts";
import type { StoredPiece } from "./pieces.ts";
import {
  type AddressPoint,
  matchStreet,
  STREET_RADIUS_M,
  type StreetMatch,
  type StreetPiece,
} from "./street-match.ts";

/** Cells asked for in one statement. */
const CELLS_PER_QUERY = 2000;

interface PieceRow {
  cell: number;
  name: string;
  lat1: number;
  lng1: number;
  lat2: number;
  lng2: number;
  left_from: number | null;
  left_to: number | null;
  right_from: number | null;
  right_to: number | null;
  demo: boolean;
}

interface PointRow {
  cell: number;
  lat: number;
  lng: number;
  street: string;
  housenumber: string;
  postcode: string;
  city: string;
}

/** The named street pieces and address points filed under the given cells, grouped by cell. */
async function readCells(
  db: Queryable,
  cells: readonly number[],
): Promise<{ pieces: Map<number, StreetPiece[]>; points: Map<number, AddressPoint[]> }> {
  const pieces = new Map<number, StreetPiece[]>();
  const points = new Map<number, AddressPoint[]>();
  for (let i = 0; i < cells.length; i += CELLS_PER_QUERY) {
    const chunk = cells.slice(i, i + CELLS_PER_QUERY);
    const [pieceRows, pointRows] = await Promise.all([
      db.query<PieceRow>(
        `select s.cell::float8 as cell, s.name, s.lat1, s.lng1, s.lat2, s.lng2, s.left_from, s.left_to,
           s.right_from, s.right_to, i.source = 'demo' as demo
         from address_streets s join address_imports i on i.id = s.import_id
         where s.cell = any($1::bigint[]) and s.name <> ''`,
        [chunk],
      ),
      db.query<PointRow>(
        `select cell::float8 as cell, lat, lng, street, housenumber, postcode, city
         from address_points where cell = any($1::bigint[])`,
        [chunk],
      ),
    ]);
    for (const r of pieceRows) {
      const list = pieces.get(Number(r.cell)) ?? [];
      list.push({
        name: r.name,
        lat1: r.lat1,
        lng1: r.lng1,
        lat2: r.lat2,
        lng2: r.lng2,
        leftFrom: r.left_from,
        leftTo: r.left_to,
        rightFrom: r.right_from,
        rightTo: r.right_to,
        demo: r.demo,
      });
      pieces.set(Number(r.cell), list);
    }
    for (const r of pointRows) {
      const list = points.get(Number(r.cell)) ?? [];
      list.push({
        lat: r.lat,
        lng: r.lng,
        street: r.street,
        housenumber: r.housenumber,
        postcode: r.postcode,
        city: r.city,
      });
      points.set(Number(r.cell), list);
    }
  }
  return { pieces, points };
}

/**
 * The street and house number of each point from the imported (or demo) streets and address points: the cells
 * around all the points are read together, a few thousand per statement, so a report naming thousands of
 * places costs a few queries. Null for a point with no street or address point near.
 */
export async function matchStreets(
  db: Queryable,
  at: readonly { lat: number; lng: number }[],
): Promise<(StreetMatch | null)[]> {
  const around = at.map((p) => cellsAround(p.lat, p.lng, STREET_RADIUS_M));
  const cells = [...new Set(around.flat())];
  if (cells.length === 0) return [];
  const { pieces, points } = await readCells(db, cells);
  return at.map((p, i) => {
    const mine = around[i]!;
    return matchStreet(
      p.lat,
      p.lng,
      mine.flatMap((c) => pieces.get(c) ?? []),
      mine.flatMap((c) => points.get(c) ?? []),
    );
  });
}

/** A box in degrees. */
export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * Every street piece (named or not) and address point filed under the cells of a box, for the map's street
 * layer; at most `limit` pieces, the larger roads first when a box holds more.
 */
export async function streetsInBox(
  db: Queryable,
  box: Box,
  options: { points: boolean; limit: number },
): Promise<{ pieces: StoredPiece[]; points: { lat: number; lng: number; housenumber: string }[] }> {
  const cells = cellsInBox(box.south, box.west, box.north, box.east);
  const pieces: StoredPiece[] = [];
  const points: { lat: number; lng: number; housenumber: string }[] = [];
  for (let i = 0; i < cells.length && pieces.length < options.limit; i += CELLS_PER_QUERY) {
    const chunk = cells.slice(i, i + CELLS_PER_QUERY);
    const rows = await db.query<{
      import_id: number;
      way_id: string;
      seq: number;
      name: string;
      kind: string;
      lat1: number;
      lng1: number;
      lat2: number;
      lng2: number;
    }>(
      `select import_id, way_id, seq, name, kind, lat1, lng1, lat2, lng2 from address_streets
       where cell = any($1::bigint[]) order by ${KIND_RANK} limit $2`,
      [chunk, options.limit - pieces.length],
    );
    for (const r of rows)
      pieces.push({
        importId: r.import_id,
        wayId: Number(r.way_id),
        seq: r.seq,
        name: r.name,
        kind: r.kind,
        lat1: r.lat1,
        lng1: r.lng1,
        lat2: r.lat2,
        lng2: r.lng2,
      });
    if (options.points)
      points.push(
        ...(await db.query<{ lat: number; lng: number; housenumber: string }>(
          "select lat, lng, housenumber from address_points where cell = any($1::bigint[]) limit $2",
          [chunk, options.limit],
        )),
      );
  }
  return { pieces, points };
}

/** Larger roads first: what a crowded tile keeps. */
const KIND_RANK = `case kind when 'motorway' then 0 when 'trunk' then 1 when 'ring' then 1 when 'primary' then 2
  when 'avenue' then 2 when 'secondary' then 3 when 'arterial' then 3 when 'tertiary' then 4 else 5 end`;
