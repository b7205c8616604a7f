import type { Database } from "../kernel/db/database.ts";
import { cellOf } from "./cells.ts";
import { type PieceRow, piecesOf, type StreetWay } from "./pieces.ts";

/** Rows (street pieces and address points) per committed batch, and so per saved resume point. */
export const ADDRESS_BATCH = 2000;

/** An address point as a source gives it; `ref` is unique within the import (the OSM node or way). */
export interface PointFeature {
  ref: number;
  lat: number;
  lng: number;
  street: string;
  housenumber: string;
  postcode: string;
  city: string;
}

export type AddressFeature = { street: StreetWay } | { point: PointFeature };

export interface WriterProgress {
  /** Features written, over every run of this import. */
  written: number;
  streets: number;
  points: number;
}

const PIECES_INSERT = `insert into address_streets (import_id, way_id, seq, cell, name, kind, lat1, lng1, lat2, lng2,
    left_from, left_to, right_from, right_to)
  select $1, r."wayId", r.seq, r.cell, r.name, r.kind, r.lat1, r.lng1, r.lat2, r.lng2, r."leftFrom", r."leftTo",
    r."rightFrom", r."rightTo"
  from jsonb_to_recordset($2::jsonb) as r("wayId" bigint, seq int, cell bigint, name text, kind text, lat1 float8,
    lng1 float8, lat2 float8, lng2 float8, "leftFrom" int, "leftTo" int, "rightFrom" int, "rightTo" int)
  on conflict do nothing`;

const POINTS_INSERT = `insert into address_points (import_id, ref, cell, lat, lng, street, housenumber, postcode, city)
  select $1, r.ref, r.cell, r.lat, r.lng, r.street, r.housenumber, r.postcode, r.city
  from jsonb_to_recordset($2::jsonb) as r(ref bigint, cell bigint, lat float8, lng float8, street text,
    housenumber text, postcode text, city text)
  on conflict do nothing`;

/**
 * Writes one import's features into the address tables, resumably: a source hands its features in the same order
 * on every run; each batch commits together with the count of features written, so a run that stopped skips what
 * was committed and goes on (rows of a batch cut short are absorbed by the primary keys). A completed import
 * replaces the earlier imports of the same file name.
 */
export class AddressWriter {
  private pieces: PieceRow[] = [];
  private points: (PointFeature & { cell: number })[] = [];
  private seen = 0;
  private pending: WriterProgress;

  private constructor(
    private readonly db: Database,
    private readonly importId: number,
    private readonly fileName: string,
    readonly resumedAt: number,
    readonly done: boolean,
    readonly saved: WriterProgress,
    private readonly now: () => number,
    private readonly onProgress: (progress: WriterProgress) => void,
  ) {
    this.pending = { ...saved };
  }

  static async open(
    db: Database,
    source: { fileKey: string; fileName: string; kind: "osm" | "demo" },
    now: () => number,
    onProgress: (progress: WriterProgress) => void = () => undefined,
  ): Promise<AddressWriter> {
    const rows = await db.query<{
      id: number;
      written: string;
      streets: string;
      points: string;
      done: boolean;
    }>(
      `insert into address_imports (file_key, file_name, source, updated_ts) values ($1, $2, $3, $4)
       on conflict (file_key) do update set updated_ts = address_imports.updated_ts
       returning id, written, streets, points, done`,
      [source.fileKey, source.fileName, source.kind, now()],
    );
    const row = rows[0]!;
    const saved = { written: Number(row.written), streets: Number(row.streets), points: Number(row.points) };
    return new AddressWriter(db, row.id, source.fileName, saved.written, row.done, saved, now, onProgress);
  }

  /** The next feature in the source's order; skipped when an earlier run committed it. */
  async add(feature: AddressFeature): Promise<void> {
    this.seen += 1;
    if (this.seen <= this.resumedAt) return;
    if ("street" in feature) {
      this.pieces.push(...piecesOf(feature.street));
      this.pending.streets += 1;
    } else {
      this.points.push({ ...feature.point, cell: cellOf(feature.point.lat, feature.point.lng) });
      this.pending.points += 1;
    }
    this.pending.written = this.seen;
    if (this.pieces.length + this.points.length >= ADDRESS_BATCH) await this.flush(false);
  }

  /** Commits the rest and marks the import complete; the earlier imports of the same file name go. */
  async finish(): Promise<WriterProgress> {
    await this.flush(true);
    return { ...this.pending };
  }

  private async flush(done: boolean): Promise<void> {
    const pieces = this.pieces;
    const points = this.points;
    this.pieces = [];
    this.points = [];
    const progress = { ...this.pending };
    await this.db.transaction(async (tx) => {
      if (pieces.length > 0) await tx.query(PIECES_INSERT, [this.importId, JSON.stringify(pieces)]);
      if (points.length > 0) await tx.query(POINTS_INSERT, [this.importId, JSON.stringify(points)]);
      await tx.query(
        `update address_imports set written = $2, streets = $3, points = $4, done = $5, updated_ts = $6
         where id = $1`,
        [this.importId, progress.written, progress.streets, progress.points, done, this.now()],
      );
      if (done)
        await tx.query("delete from address_imports where file_name = $1 and id <> $2", [
          this.fileName,
          this.importId,
        ]);
    });
    this.onProgress(progress);
  }
}
