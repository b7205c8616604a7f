import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import { basename } from "node:path";
import { OSMTransform } from "osm-pbf-parser-node";
import type { Database } from "../kernel/db/database.ts";
import { AddressWriter, type WriterProgress } from "./address-writer.ts";
import { DRIVABLE_HIGHWAYS, type StreetWay } from "./pieces.ts";

export interface AddressImportProgress extends WriterProgress {
  /** The file is read twice (ways, then the nodes they need), then the streets are written. */
  phase: "ways" | "nodes" | "streets";
  bytesRead: number;
  size: number;
}

export interface AddressImportSummary extends WriterProgress {
  alreadyDone: boolean;
  /** Features an earlier run had written, skipped by this one. */
  resumedAt: number;
}

const ADDRESS_TAGS = ["addr:housenumber", "addr:street", "addr:place", "addr:postcode", "addr:city"];
const WAY_TAGS = ["highway", "name", "ref", ...ADDRESS_TAGS];

type Tags = Record<string, string>;

interface OsmNode {
  type: "node";
  id: number;
  lat: number;
  lon: number;
  tags?: Tags;
}

interface OsmWay {
  type: "way";
  id: number;
  refs: number[];
  tags?: Tags;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null;
const tagsOf = (x: Record<string, unknown>): Tags | undefined => {
  const tags = x.tags;
  if (!isRecord(tags)) return undefined;
  const out: Tags = {};
  for (const [k, v] of Object.entries(tags)) if (typeof v === "string") out[k] = v;
  return out;
};
function asNode(x: unknown): OsmNode | null {
  if (!isRecord(x) || x.type !== "node") return null;
  const { id, lat, lon } = x;
  if (typeof id !== "number" || typeof lat !== "number" || typeof lon !== "number") return null;
  const tags = tagsOf(x);
  return tags ? { type: "node", id, lat, lon, tags } : { type: "node", id, lat, lon };
}
function asWay(x: unknown): OsmWay | null {
  if (!isRecord(x) || x.type !== "way" || typeof x.id !== "number" || !Array.isArray(x.refs)) return null;
  const refs = x.refs.filter((r): r is number => typeof r === "number");
  const tags = tagsOf(x);
  return tags ? { type: "way", id: x.id, refs, tags } : { type: "way", id: x.id, refs };
}

/** An address from a node's or building's tags: a house number and the street (or place) it is numbered on. */
function addressOf(
  tags: Tags | undefined,
): { street: string; housenumber: string; postcode: string; city: string } | null {
  const housenumber = tags?.["addr:housenumber"]?.trim();
  const street = (tags?.["addr:street"] ?? tags?.["addr:place"])?.trim();
  if (!housenumber || !street) return null;
  return {
    street,
    housenumber,
    postcode: tags?.["addr:postcode"]?.trim() ?? "",
    city: tags?.["addr:city"]?.trim() ?? "",
  };
}

/**
 * The file must start as an OSM PBF does: a short big-endian length, then a BlobHeader of type "OSMHeader". The
 * parser reads anything else as an endless wait for more bytes, so a wrong file is refused here, by name.
 */
export async function checkPbfHeader(path: string): Promise<void> {
  const file = await open(path, "r");
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const length = bytesRead >= 4 ? head.readUInt32BE(0) : 0;
    if (length === 0 || length > 64 * 1024 || !head.subarray(4, bytesRead).includes("OSMHeader"))
      throw new Error(`${basename(path)} is not an OpenStreetMap PBF file (.osm.pbf)`);
  } finally {
    await file.close();
  }
}

/** Streams the file's entities, block by block, with the bytes read so far. */
async function* entities(
  path: string,
  withTags: { node: boolean | string[]; way: boolean | string[]; relation: boolean },
  onBytes: (bytes: number) => void,
): AsyncGenerator<unknown[]> {
  const file = createReadStream(path, { highWaterMark: 1 << 20 });
  const parser = new OSMTransform({ withTags, withInfo: false });
  file.on("error", (error) => parser.destroy(error));
  file.pipe(parser);
  for await (const block of parser) {
    onBytes(file.bytesRead);
    if (Array.isArray(block)) yield block;
  }
}

/** Sorted unique node ids with a coordinate slot each, for the nodes the kept ways need. */
class NodeTable {
  readonly ids: Float64Array;
  readonly coords: Float64Array;
  constructor(wanted: number[][]) {
    let count = 0;
    for (const refs of wanted) count += refs.length;
    const all = new Float64Array(count);
    let at = 0;
    for (const refs of wanted) for (const r of refs) all[at++] = r;
    all.sort();
    let unique = 0;
    for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[unique++] = all[i]!;
    this.ids = all.slice(0, unique);
    this.coords = new Float64Array(unique * 2).fill(Number.NaN);
  }
  private indexOf(id: number): number {
    let lo = 0;
    let hi = this.ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.ids[mid]!;
      if (v === id) return mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
  set(id: number, lat: number, lng: number): void {
    const i = this.indexOf(id);
    if (i < 0) return;
    this.coords[2 * i] = lat;
    this.coords[2 * i + 1] = lng;
  }
  points(refs: readonly number[]): { lat: number; lng: number }[] {
    const out: { lat: number; lng: number }[] = [];
    for (const r of refs) {
      const i = this.indexOf(r);
      const lat = i < 0 ? Number.NaN : this.coords[2 * i]!;
      if (!Number.isNaN(lat)) out.push({ lat, lng: this.coords[2 * i + 1]! });
    }
    return out;
  }
}

/**
 * `vigia import-addresses FILE.osm.pbf`: the drivable streets (with their names) and the address points (nodes
 * and buildings with a house number) of an OpenStreetMap extract into the address tables, for reverse geocoding
 * and the map's street layer. The file is read twice, ways first, then only the nodes those ways need, so memory
 * grows with the streets kept rather than with every node of the file. Resumable and idempotent through
 * `AddressWriter`; a file imported completely is not read again.
 */
export async function importAddresses(
  db: Database,
  path: string,
  now: () => number,
  onProgress: (progress: AddressImportProgress) => void = () => undefined,
): Promise<AddressImportSummary> {
  const info = await stat(path);
  await checkPbfHeader(path);
  const fileName = basename(path);
  const state: AddressImportProgress = {
    phase: "ways",
    bytesRead: 0,
    size: info.size,
    written: 0,
    streets: 0,
    points: 0,
  };
  const writer = await AddressWriter.open(
    db,
    { fileKey: `${fileName}:${info.size}:${Math.round(info.mtimeMs)}`, fileName, kind: "osm" },
    now,
    (p) => onProgress(Object.assign(state, p)),
  );
  Object.assign(state, writer.saved);
  if (writer.done) return { ...writer.saved, alreadyDone: true, resumedAt: writer.resumedAt };

  const streets: { id: number; name: string; kind: string; refs: number[] }[] = [];
  const buildings: { id: number; refs: number[]; tags: Tags }[] = [];
  const bytes = (phase: AddressImportProgress["phase"]) => (read: number) => {
    state.phase = phase;
    state.bytesRead = read;
    onProgress({ ...state });
  };
  for await (const block of entities(path, { node: false, way: WAY_TAGS, relation: false }, bytes("ways"))) {
    for (const item of block) {
      const way = asWay(item);
      if (!way?.tags) continue;
      const highway = way.tags.highway;
      if (highway && DRIVABLE_HIGHWAYS.has(highway) && way.refs.length >= 2)
        streets.push({
          id: way.id,
          name: way.tags.name ?? way.tags.ref ?? "",
          kind: highway,
          refs: way.refs,
        });
      else if (addressOf(way.tags) && way.refs.length >= 1)
        buildings.push({ id: way.id, refs: way.refs, tags: way.tags });
    }
  }
  const nodes = new NodeTable([...streets.map((s) => s.refs), ...buildings.map((b) => b.refs)]);
  for await (const block of entities(
    path,
    { node: ADDRESS_TAGS, way: false, relation: false },
    bytes("nodes"),
  )) {
    for (const item of block) {
      const node = asNode(item);
      if (!node) continue;
      nodes.set(node.id, node.lat, node.lon);
      const address = addressOf(node.tags);
      if (address)
        await writer.add({ point: { ref: node.id * 2, lat: node.lat, lng: node.lon, ...address } });
    }
  }
  state.phase = "streets";
  for (const s of streets) {
    const way: StreetWay = { wayId: s.id, name: s.name, kind: s.kind, points: nodes.points(s.refs) };
    if (way.points.length >= 2) await writer.add({ street: way });
  }
  for (const b of buildings) {
    // A closed outline repeats its first node last: counted once, so the centre is not pulled towards it.
    const refs = b.refs.length > 1 && b.refs[0] === b.refs.at(-1) ? b.refs.slice(0, -1) : b.refs;
    const points = nodes.points(refs);
    const address = addressOf(b.tags);
    if (points.length === 0 || !address) continue;
    const lat = points.reduce((sum, p) => sum + p.lat, 0) / points.length;
    const lng = points.reduce((sum, p) => sum + p.lng, 0) / points.length;
    await writer.add({ point: { ref: b.id * 2 + 1, lat, lng, ...address } });
  }
  const done = await writer.finish();
  return { ...done, alreadyDone: false, resumedAt: writer.resumedAt };
}
