import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readFile, rename, stat, writeFile } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { pipeline } from "node:stream/promises";
import { type Header, PMTiles, type RangeResponse, type Source, TileType } from "pmtiles";
import { z } from "zod";

/** A PMTiles archive on disk, read by the `pmtiles` reader through Node's file API. */
class LocalArchive implements Source {
  constructor(private readonly path: string) {}
  getKey(): string {
    return this.path;
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const file = await open(this.path, "r");
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, offset);
      const bytes = buffer.subarray(0, bytesRead);
      return { data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) };
    } finally {
      await file.close();
    }
  }
}

export interface ArchiveSummary {
  tileType: string;
  minZoom: number;
  maxZoom: number;
  tiles: number;
  bounds: [number, number, number, number];
}

const TILE_TYPES: Record<number, string> = {
  [TileType.Mvt]: "vector (MVT)",
  [TileType.Png]: "PNG",
  [TileType.Jpeg]: "JPEG",
  [TileType.Webp]: "WebP",
  [TileType.Avif]: "AVIF",
};

/**
 * Reads an archive's header, directory and metadata as the map will (the `pmtiles` reader itself), so a file
 * that is not a PMTiles v3 vector archive, or is cut short, is refused with its name before anything is served.
 */
export async function checkArchive(path: string): Promise<ArchiveSummary> {
  const name = basename(path);
  const size = (await stat(path)).size;
  let header: Header;
  try {
    const archive = new PMTiles(new LocalArchive(path));
    header = await archive.getHeader();
    await archive.getMetadata();
    // The root directory is where every tile is looked up: reading one tile proves it can be.
    await archive.getZxy(header.minZoom, 0, 0);
  } catch (error) {
    throw new Error(
      `${name} is not a readable PMTiles archive (${error instanceof Error ? error.message : error})`,
    );
  }
  const end = Math.max(
    header.rootDirectoryOffset + header.rootDirectoryLength,
    header.jsonMetadataOffset + header.jsonMetadataLength,
    header.tileDataOffset + (header.tileDataLength ?? 0),
    header.leafDirectoryOffset + (header.leafDirectoryLength ?? 0),
  );
  if (end > size) throw new Error(`${name} is cut short: ${size} bytes of the ${end} its header announces`);
  if (header.tileType !== TileType.Mvt)
    throw new Error(
      `${name} holds ${TILE_TYPES[header.tileType] ?? "unknown"} tiles; the base map needs vector tiles (MVT)`,
    );
  return {
    tileType: TILE_TYPES[header.tileType] ?? "unknown",
    minZoom: header.minZoom,
    maxZoom: header.maxZoom,
    tiles: header.numAddressedTiles,
    bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
  };
}

export interface CopyProgress {
  copied: number;
  size: number;
}

export interface MapImportSummary extends ArchiveSummary {
  alreadyDone: boolean;
  /** Bytes an earlier, interrupted run had copied. */
  resumedAt: number;
  size: number;
}

/** Which file the archive in place came from (next to it), so the same file is not copied twice. */
const stampSchema = z.object({ name: z.string(), size: z.number(), mtimeMs: z.number() });
type SourceStamp = z.infer<typeof stampSchema>;

async function readStamp(path: string): Promise<SourceStamp | null> {
  const text = await readFile(path, "utf8").catch(() => null);
  if (text === null) return null;
  try {
    return stampSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * `vigia import-map FILE.pmtiles`: checks the archive, then copies it to `target` (the data directory's base map)
 * through `target.part`: an interrupted copy goes on from the bytes already there, the finished copy is checked
 * again and renamed into place in one step, so the server (which opens the archive per request) never serves half
 * a file. Copying the same file again does nothing.
 */
export async function importMapArchive(
  source: string,
  target: string,
  onProgress: (progress: CopyProgress) => void = () => undefined,
): Promise<MapImportSummary> {
  const summary = await checkArchive(source);
  const info = await stat(source);
  const stamp: SourceStamp = { name: basename(source), size: info.size, mtimeMs: Math.round(info.mtimeMs) };
  const stampPath = `${target}.source.json`;
  const placed = await stat(target).catch(() => null);
  const previous = await readStamp(stampPath);
  if (
    placed?.size === info.size &&
    previous?.name === stamp.name &&
    previous.size === stamp.size &&
    previous.mtimeMs === stamp.mtimeMs
  )
    return { ...summary, alreadyDone: true, resumedAt: 0, size: info.size };

  await mkdir(dirname(target), { recursive: true });
  const part = `${target}.part`;
  const partStamp = await readStamp(`${part}.source.json`);
  const partSize = (await stat(part).catch(() => null))?.size ?? 0;
  // Only a copy of this very file is carried on; anything else starts over.
  const sameSource =
    partStamp?.name === stamp.name && partStamp.size === stamp.size && partStamp.mtimeMs === stamp.mtimeMs;
  const resumedAt = sameSource && partSize <= info.size ? partSize : 0;
  if (resumedAt === 0) await writeFile(`${part}.source.json`, JSON.stringify(stamp));
  let copied = resumedAt;
  onProgress({ copied, size: info.size });
  await pipeline(
    createReadStream(source, { start: resumedAt, highWaterMark: 1 << 20 }),
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        yield chunk;
        copied += chunk.length;
        onProgress({ copied, size: info.size });
      }
    },
    createWriteStream(part, { flags: resumedAt > 0 ? "r+" : "w", start: resumedAt }),
  );
  const copy = await stat(part);
  if (copy.size !== info.size) throw new Error(`the copy has ${copy.size} bytes, the archive ${info.size}`);
  await checkArchive(part);
  await rename(part, target);
  await rename(`${part}.source.json`, stampPath);
  return { ...summary, alreadyDone: false, resumedAt, size: info.size };
}
