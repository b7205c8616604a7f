import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Readable } from "node:stream";
import { cleanFileName, FILE_ERROR, FILE_KINDS, type FileKind, type StoredFile } from "@vigia/domain";
import { fileTypeFromBuffer } from "file-type";
import type { Clock, Config } from "../kernel/config.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { ApiError, badRequest } from "../kernel/errors.ts";
import { type BlobStore, LocalBlobStore, MemoryBlobStore } from "./blob-store.ts";
import { S3BlobStore } from "./s3-store.ts";
import { sanitizeSvg } from "./svg-sanitizer.ts";

/** Bytes file-type needs to recognise every format it knows. */
const SNIFF_BYTES = 4100;

interface FileRow {
  id: number;
  company_id: number | null;
  reseller_id: number | null;
  storage_key: string;
  name: string;
  mime: string;
  size: number;
  created_by: number | null;
  created_ts: string;
}

const present = (row: FileRow): StoredFile => ({
  id: row.id,
  name: row.name,
  mime: row.mime,
  size: row.size,
  createdTs: Number(row.created_ts),
});

/** S3 when configured, else `<dataDir>/files`, else memory (VIGIA_DATA_DIR=memory). */
export function createBlobStore(config: Pick<Config, "dataDir" | "s3">, clock: Clock): BlobStore {
  if (config.s3) return new S3BlobStore(config.s3, clock);
  if (config.dataDir) return new LocalBlobStore(path.join(config.dataDir, "files"));
  return new MemoryBlobStore();
}

/**
 * Counts the bytes going by and stops at the limit, so an oversized upload is refused as it streams in
 * instead of after it was all read.
 */
async function* limited(head: Buffer, rest: AsyncIterator<Uint8Array>, max: number, seen: { bytes: number }) {
  seen.bytes = head.length;
  if (head.length > 0) yield head;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    seen.bytes += next.value.length;
    if (seen.bytes > max) throw new ApiError(413, FILE_ERROR.tooLarge);
    yield next.value;
  }
}

const SVG = "image/svg+xml";

/** The whole upload as a sanitised SVG (svg-sanitizer.ts), or undefined when it is not one. */
async function svgUpload(
  head: Buffer,
  rest: AsyncIterator<Uint8Array>,
  max: number,
): Promise<{ mime: string; clean: Buffer } | undefined> {
  if (
    !/^\s*</.test(
      head
        .subarray(0, 64)
        .toString("utf8")
        .replace(/^\uFEFF/, ""),
    )
  )
    return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of limited(head, rest, max, { bytes: 0 })) chunks.push(Buffer.from(chunk));
  const clean = await sanitizeSvg(Buffer.concat(chunks).toString("utf8"));
  return clean === null ? undefined : { mime: SVG, clean: Buffer.from(clean, "utf8") };
}

/** Reads chunks until there are enough bytes to sniff the type (or the body ends). */
async function readHead(source: AsyncIterator<Uint8Array>, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const next = await source.next();
    if (next.done) break;
    chunks.push(Buffer.from(next.value));
    length += next.value.length;
    if (length > max) throw new ApiError(413, FILE_ERROR.tooLarge);
  }
  return Buffer.concat(chunks);
}

/**
 * The one way files are stored and read back. Each row belongs to a company; callers always pass the
 * company of the request's scope, so a file of another tenant is simply not found.
 */
/** What an upload brings, whoever owns it. */
interface Upload {
  userId: number | null;
  name: string;
  kind: FileKind;
  body: AsyncIterable<Uint8Array>;
  declaredLength?: number;
}

/** A stored file belongs to one company or to one reseller. */
export type FileOwner = { companyId: number; resellerId: null } | { companyId: null; resellerId: number };

export class FileService {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    readonly store: BlobStore,
  ) {}

  /**
   * Streams an upload into the store: the declared length and the running count are held to the kind's
   * limit, and the type is sniffed from the first bytes (the name and the declared type are not trusted).
   */
  async save(input: Upload & { companyId: number }): Promise<StoredFile> {
    return this.keep({ companyId: input.companyId, resellerId: null }, input);
  }

  /**
   * A reseller's own file (a support contact's photo), under a key that names the reseller; the key's random
   * part is what `openPublished` asks for, so the file can be shown to the reseller's customers by link.
   */
  async saveForReseller(input: Upload & { resellerId: number }): Promise<StoredFile & { token: string }> {
    const saved = await this.keep({ companyId: null, resellerId: input.resellerId }, input);
    const rows = await this.db.query<{ storage_key: string }>(
      "select storage_key from stored_files where id = $1",
      [saved.id],
    );
    return { ...saved, token: rows[0]!.storage_key.split("/").pop()! };
  }

  /** A reseller's file by id and the random part of its key, for anyone given its link. */
  async openPublished(id: number, token: string): Promise<{ file: StoredFile; body: Readable } | null> {
    const rows = await this.db.query<FileRow>(
      `select * from stored_files where id = $1 and reseller_id is not null
         and storage_key = concat('r', reseller_id, '/', $2::text)`,
      [id, token],
    );
    const row = rows[0];
    if (!row) return null;
    const body = await this.store.get(row.storage_key);
    return body ? { file: present(row), body } : null;
  }

  /** A reseller's published file by id, whichever reseller keeps it (a brand's replaced image). */
  async removePublished(id: number): Promise<boolean> {
    const rows = await this.db.query<{ storage_key: string }>(
      "delete from stored_files where id = $1 and reseller_id is not null returning storage_key",
      [id],
    );
    await this.deleteBlobs(rows.map((row) => row.storage_key));
    return rows.length > 0;
  }

  async removeForReseller(resellerId: number, id: number): Promise<boolean> {
    const rows = await this.db.query<{ storage_key: string }>(
      "delete from stored_files where reseller_id = $1 and id = $2 returning storage_key",
      [resellerId, id],
    );
    await this.deleteBlobs(rows.map((row) => row.storage_key));
    return rows.length > 0;
  }

  private async keep(owner: FileOwner, input: Upload): Promise<StoredFile> {
    const limits = FILE_KINDS[input.kind];
    if (input.declaredLength !== undefined && input.declaredLength > limits.maxBytes)
      throw new ApiError(413, FILE_ERROR.tooLarge);
    const source = input.body[Symbol.asyncIterator]();
    const head = await readHead(source, limits.maxBytes);
    if (head.length === 0) throw badRequest(FILE_ERROR.empty);
    const mimes: readonly string[] = limits.mimes;
    // SVG is text, which file-type does not recognise: a kind that takes SVG gets it read whole and sanitised.
    const detected = await fileTypeFromBuffer(head);
    const textual = detected === undefined || detected.mime === "application/xml" || detected.mime === SVG;
    const sniffed =
      mimes.includes(SVG) && textual ? await svgUpload(head, source, limits.maxBytes) : detected;
    if (!sniffed || !mimes.includes(sniffed.mime)) {
      await source.return?.();
      throw new ApiError(415, FILE_ERROR.type);
    }
    const key =
      owner.companyId !== null
        ? `${owner.companyId}/${randomUUID()}`
        : `r${owner.resellerId}/${randomUUID()}`;
    const seen = { bytes: 0 };
    const body = "clean" in sniffed ? [sniffed.clean] : limited(head, source, limits.maxBytes, seen);
    if ("clean" in sniffed) seen.bytes = sniffed.clean.length;
    await this.store.put(key, body, sniffed.mime);
    try {
      const rows = await this.db.query<FileRow>(
        `insert into stored_files (company_id, reseller_id, storage_key, name, mime, size, created_by, created_ts)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
        [
          owner.companyId,
          owner.resellerId,
          key,
          cleanFileName(input.name),
          sniffed.mime,
          seen.bytes,
          input.userId,
          this.clock.now(),
        ],
      );
      return present(rows[0]!);
    } catch (error) {
      await this.store.delete(key);
      throw error;
    }
  }

  /** The file's row and bytes, when it belongs to the company. */
  async open(companyId: number, id: number): Promise<{ file: StoredFile; body: Readable } | null> {
    const row = await this.row(companyId, id);
    if (!row) return null;
    const body = await this.store.get(row.storage_key);
    return body ? { file: present(row), body } : null;
  }

  private async row(companyId: number, id: number): Promise<FileRow | null> {
    const rows = await this.db.query<FileRow>(
      "select * from stored_files where company_id = $1 and id = $2",
      [companyId, id],
    );
    return rows[0] ?? null;
  }

  /** Who uploaded it (for the delete rule), or undefined when the company has no such file. */
  async uploader(companyId: number, id: number): Promise<number | null | undefined> {
    const row = await this.row(companyId, id);
    return row ? row.created_by : undefined;
  }

  async remove(companyId: number, id: number): Promise<boolean> {
    const rows = await this.db.query<{ storage_key: string }>(
      "delete from stored_files where company_id = $1 and id = $2 returning storage_key",
      [companyId, id],
    );
    await this.deleteBlobs(rows.map((row) => row.storage_key));
    return rows.length > 0;
  }

  /**
   * Deletes these files' rows in the caller's transaction (whatever they hang on cascades with them) and
   * answers their storage keys. Only for ids the server itself holds on its rows, never ids from a request:
   * the caller drops the bytes with `deleteBlobs` once the transaction has committed, so a rollback leaves
   * no row without its bytes.
   */
  async deleteRows(db: Queryable, ids: readonly number[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db.query<{ storage_key: string }>(
      "delete from stored_files where id = any($1::int[]) returning storage_key",
      [[...new Set(ids)]],
    );
    return rows.map((row) => row.storage_key);
  }

  /**
   * Deletes every file row of a company or reseller about to be deleted (their rows would go by cascade,
   * their bytes would not), in the caller's transaction; answers the keys for `deleteBlobs` after commit.
   */
  async deleteRowsOf(db: Queryable, owner: FileOwner): Promise<string[]> {
    const rows = await db.query<{ storage_key: string }>(
      owner.companyId !== null
        ? "delete from stored_files where company_id = $1 returning storage_key"
        : "delete from stored_files where reseller_id = $1 returning storage_key",
      [owner.companyId ?? owner.resellerId],
    );
    return rows.map((row) => row.storage_key);
  }

  /**
   * The bytes of rows already deleted. Every key is tried; one the store refuses is kept in `blob_leftovers` and
   * tried again by `retryLeftovers`, so the caller's deletion, already committed, still succeeds. Answers how many
   * were left over.
   */
  async deleteBlobs(keys: readonly string[]): Promise<number> {
    let left = 0;
    for (const key of keys) {
      try {
        await this.store.delete(key);
      } catch (error) {
        left += 1;
        await this.db.query(
          `insert into blob_leftovers (storage_key, since_ts, last_error) values ($1, $2, $3)
           on conflict (storage_key) do update set attempts = blob_leftovers.attempts + 1, last_error = excluded.last_error`,
          [key, this.clock.now(), String(error).slice(0, 500)],
        );
      }
    }
    return left;
  }

  /** Tries the left-over bytes again (the owner's hourly timer); answers how many are still left. */
  async retryLeftovers(limit = 500): Promise<number> {
    const rows = await this.db.query<{ storage_key: string }>(
      "select storage_key from blob_leftovers order by since_ts limit $1",
      [limit],
    );
    let left = 0;
    for (const { storage_key: key } of rows) {
      try {
        await this.store.delete(key);
        await this.db.query("delete from blob_leftovers where storage_key = $1", [key]);
      } catch (error) {
        left += 1;
        await this.db.query(
          "update blob_leftovers set attempts = attempts + 1, last_error = $2 where storage_key = $1",
          [key, String(error).slice(0, 500)],
        );
      }
    }
    return left;
  }

  /**
   * The company's files with these ids, in the order given; throws `file.unknown` (400) when one is not the
   * company's. Entities call it before storing attachment ids (inside their transaction when they have one).
   */
  async owned(companyId: number, ids: readonly number[], db: Queryable = this.db): Promise<StoredFile[]> {
    if (ids.length === 0) return [];
    const rows = await db.query<FileRow>(
      "select * from stored_files where company_id = $1 and id = any($2::int[])",
      [companyId, [...new Set(ids)]],
    );
    const byId = new Map(rows.map((row) => [row.id, present(row)]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) throw badRequest(FILE_ERROR.unknown, { fileIds: missing.join(",") });
    return ids.map((id) => byId.get(id)!);
  }

  /** The listed files the company still has (for showing an entity's attachments; deleted ones drop out). */
  async describe(companyId: number, ids: readonly number[]): Promise<StoredFile[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<FileRow>(
      "select * from stored_files where company_id = $1 and id = any($2::int[]) order by id",
      [companyId, [...new Set(ids)]],
    );
    return rows.map(present);
  }
}
