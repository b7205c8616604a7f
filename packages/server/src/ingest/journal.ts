import { mkdir, open, readdir, readFile, truncate, unlink } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../kernel/db/database.ts";
import { checkpointDurably, nodeSyncIo, type SyncIo } from "../kernel/db/durable-files.ts";
import type { Durability } from "./durability.ts";
import { decodeJournal, encodeJsonRecord } from "./journal-format.ts";
import { replayJournalRows } from "./journal-replay.ts";

/** File access of the journal; tests wrap it to count the syncs between a receipt and its ACK. */
export interface JournalIo extends SyncIo {
  openAppend(file: string): Promise<JournalFile>;
}

export interface JournalFile {
  append(data: Buffer): Promise<void>;
  /** fdatasync: the appended bytes (and the file's length) reach the disk. */
  datasync(): Promise<void>;
  close(): Promise<void>;
}

export const nodeJournalIo: JournalIo = {
  ...nodeSyncIo,
  openAppend: async (file) => {
    const handle = await open(file, "a");
    return {
      append: async (data) => {
        let offset = 0;
        while (offset < data.length) offset += (await handle.write(data, offset)).bytesWritten;
      },
      datasync: () => handle.datasync(),
      close: () => handle.close(),
    };
  },
};

export interface JournalOptions {
  /** The journal's own directory (never inside the database's). */
  dir: string;
  /** PGlite's data directory: synced file by file before a journal file is let go. */
  pgDir: string;
  db: Database;
  log: FastifyBaseLogger;
  io?: JournalIo;
  /** Past this size the journal starts a new file and checkpoints the database to drop the old one. */
  maxBytes?: number;
}

interface Waiter {
  record: Buffer;
  resolve: () => void;
  reject: (error: Error) => void;
}

const FILE = /^(\d{8})\.journal$/;
const fileName = (seq: number) => `${String(seq).padStart(8, "0")}.journal`;

/**
 * Write-behind-commit journal for the embedded database: after a batch commits, its rows are appended
 * here and fdatasync'ed before any device of the batch gets its ACK. Batches that arrive while a sync is in
 * flight share the next one (group commit: one sync per batch or fewer, never one per row). At start the
 * journal is replayed into the database (positions insert with `on conflict do nothing`, so a row already
 * there is not stored twice); a journal file is deleted only after a checkpoint and a sync of every database
 * file have made its rows durable in the database itself.
 */
export class IngestJournal implements Durability {
  private waiting: Waiter[] = [];
  private writing: Promise<void> | null = null;
  private rotation: Promise<void> | null = null;
  private bytes = 0;
  private closed = false;
  /** After a failed write or sync the file's state is unknown (a later sync proves nothing): no more ACKs. */
  private failed: Error | null = null;
  /** Records synced and syncs made, for /metrics. */
  readonly stats = { records: 0, syncs: 0, replayedRows: 0 };

  private constructor(
    private readonly options: Required<JournalOptions>,
    private file: JournalFile,
    private seq: number,
  ) {}

  /** Replays what an earlier run left, makes it durable in the database, then opens a fresh journal file. */
  static async open(options: JournalOptions): Promise<IngestJournal> {
    const full: Required<JournalOptions> = { io: nodeJournalIo, maxBytes: 64 * 1024 * 1024, ...options };
    const { dir, io, log } = full;
    await mkdir(dir, { recursive: true });
    const leftovers = await journalFiles(dir);
    let replayed = 0;
    for (const seq of leftovers) {
      const file = path.join(dir, fileName(seq));
      const { records, validBytes } = decodeJournal(await readFile(file));
      for (const rows of records) replayed += await replayJournalRows(full.db, rows, log);
      // The torn tail was never acknowledged; cut it so the file reads cleanly if this start fails too.
      await truncate(file, validBytes);
    }
    // Also the baseline: initdb, migrations and the demo seed were written without a single sync.
    await checkpointDurably(full.db, full.pgDir, io);
    if (leftovers.length > 0) {
      for (const seq of leftovers) await unlink(path.join(dir, fileName(seq)));
      log.info({ files: leftovers.length, rows: replayed }, "ingest journal replayed");
    }
    const seq = (leftovers.at(-1) ?? 0) + 1;
    const file = await io.openAppend(path.join(dir, fileName(seq)));
    await io.syncPath(dir);
    const journal = new IngestJournal(full, file, seq);
    journal.stats.replayedRows = replayed;
    return journal;
  }

  secure(rowsJson: () => string): Promise<void> {
    if (this.closed) return Promise.reject(new Error("ingest journal is closed"));
    if (this.failed) return Promise.reject(this.failed);
    const record = encodeJsonRecord(rowsJson());
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ record, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.writing) return;
    this.writing = this.writeWaiting().finally(() => {
      this.writing = null;
      if (this.waiting.length > 0) this.pump();
    });
  }

  private async writeWaiting(): Promise<void> {
    const group = this.waiting.splice(0);
    const data = group.length === 1 ? group[0]!.record : Buffer.concat(group.map((w) => w.record));
    try {
      await this.file.append(data);
      await this.file.datasync();
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      this.failed = e;
      this.options.log.error(
        { err: e },
        "ingest journal write failed; no device is acknowledged until restart",
      );
      for (const waiter of group) waiter.reject(e);
      for (const waiter of this.waiting.splice(0)) waiter.reject(e);
      return;
    }
    this.bytes += data.length;
    this.stats.records += group.length;
    this.stats.syncs += 1;
    for (const waiter of group) waiter.resolve();
    if (this.bytes >= this.options.maxBytes && !this.rotation) await this.startRotation();
  }

  /**
   * Switches to a new file (inside the write chain, so no append interleaves), then in the background
   * checkpoints the database and deletes the old file. Rows in the old file were committed before the
   * switch, hence before the checkpoint: once it is synced they no longer need the journal.
   */
  private async startRotation(): Promise<void> {
    const { dir, io, db, pgDir, log } = this.options;
    const old = this.file;
    const oldPath = path.join(dir, fileName(this.seq));
    this.seq += 1;
    this.file = await io.openAppend(path.join(dir, fileName(this.seq)));
    await io.syncPath(dir);
    this.bytes = 0;
    this.rotation = (async () => {
      await old.close();
      await checkpointDurably(db, pgDir, io);
      await unlink(oldPath);
    })()
      .catch((err: unknown) => log.error({ err }, "ingest journal rotation failed; the old file is kept"))
      .finally(() => {
        this.rotation = null;
      });
  }

  /** Resolves once every pending append is synced and any rotation has finished. */
  async settle(): Promise<void> {
    while (this.writing || this.rotation) await (this.writing ?? this.rotation);
  }

  /** At a clean stop the database is made durable and the journal emptied. Call before closing the database. */
  async close(): Promise<void> {
    this.closed = true;
    await this.settle();
    await this.file.close();
    const { dir, db, pgDir, io } = this.options;
    await checkpointDurably(db, pgDir, io);
    for (const seq of await journalFiles(dir)) await unlink(path.join(dir, fileName(seq)));
    await io.syncPath(dir);
  }
}

async function journalFiles(dir: string): Promise<number[]> {
  const names = await readdir(dir);
  return names
    .map((name) => FILE.exec(name)?.[1])
    .filter((seq): seq is string => seq !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}
