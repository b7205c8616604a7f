import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where the bytes of stored files live. Keys are made by the server (`<companyId>/<uuid>`), never taken
 * from a request, and every store refuses any other shape, so no client text can name a path.
 */
export interface BlobStore {
  readonly kind: "local" | "memory" | "s3";
  /** Writes the whole body under `key`; a body that throws half-way leaves nothing behind. */
  put(key: string, body: Body, mime: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

export type Body = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** `<companyId>/<uuid>`, or `r<resellerId>/<uuid>` for a reseller's own files. */
const KEY = /^r?\d+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${key}`);
  return key;
}

/** Files under a directory (`<dataDir>/files` by default); written to a temporary name, then renamed. */
export class LocalBlobStore implements BlobStore {
  readonly kind = "local";
  constructor(private readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, ...checkKey(key).split("/"));
  }

  async put(key: string, body: Body, _mime?: string): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.part`;
    try {
      await pipeline(Readable.from(body), createWriteStream(partial, { flags: "wx" }));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.file(key);
    try {
      await stat(file);
    } catch {
      return null;
    }
    return createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

/** Files in memory, for `VIGIA_DATA_DIR=memory` and tests: gone with the process, like the database. */
export class MemoryBlobStore implements BlobStore {
  readonly kind = "memory";
  private readonly blobs = new Map<string, Buffer>();

  async put(key: string, body: Body, _mime?: string): Promise<void> {
    checkKey(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk));
    this.blobs.set(key, Buffer.concat(chunks));
  }

  async get(key: string): Promise<Readable | null> {
    const blob = this.blobs.get(checkKey(key));
    return blob ? Readable.from([blob]) : null;
  }

  async delete(key: string): Promise<void> {
    this.blobs.delete(checkKey(key));
  }

  get size(): number {
    return this.blobs.size;
  }
}
