import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DecodedPosition } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IngestJournal, type JournalIo, nodeJournalIo } from "../../src/ingest/index.ts";
import { decodeJournal, encodeRecord } from "../../src/ingest/journal-format.ts";
import { pgliteDir } from "../../src/kernel/db/open.ts";
import { protocolOf, startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/** Every file operation of the journal, in order: what a test can hold the ACK against. */
type Op =
  | { op: "append"; file: string; data: Buffer }
  | { op: "datasync"; file: string }
  | { op: "sync"; file: string };

/** Set to make the next syncs fail as a dying disk would (EIO). */
const disk = { failing: false };

function countingIo(ops: Op[]): JournalIo {
  return {
    syncPath: async (file) => {
      ops.push({ op: "sync", file });
      await nodeJournalIo.syncPath(file);
    },
    openAppend: async (file) => {
      const real = await nodeJournalIo.openAppend(file);
      return {
        append: async (data) => {
          await real.append(data);
          ops.push({ op: "append", file, data: Buffer.from(data) });
        },
        datasync: async () => {
          if (disk.failing) throw Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO" });
          await real.datasync();
          ops.push({ op: "datasync", file });
        },
        close: () => real.close(),
      };
    },
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "vigia-durable-"));
const ops: Op[] = [];
let p: TestPlatform;
let imeis: string[] = [];
/** Each device's own protocol, as its frames would name it. */
let protocols: string[] = [];

beforeAll(async () => {
  // PGlite on disk, whatever DATABASE_URL says: PostgreSQL's own commit is durable, PGlite's is not.
  p = await startTestPlatform({ VIGIA_DATA_DIR: dataDir, DATABASE_URL: "" }, { journalIo: countingIo(ops) });
  const rows = await p.ctx.db.query<{ device_id: string }>(
    `select d.device_id from devices d join companies c on c.id = d.company_id
     where c.name = 'Acme Logistics' and d.item_id is not null order by d.id limit 3`,
  );
  imeis = rows.map((r) => r.device_id);
  protocols = await Promise.all(imeis.map((imei) => protocolOf(p, imei)));
});
afterAll(async () => {
  await p?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const fixes = (n: number, minute: number): DecodedPosition[] =>
  Array.from({ length: n }, (_, i) => ({
    ts: TEST_START - 3_600_000 + (minute + i) * 60_000,
    lat: 40.4,
    lng: -3.7,
    alt: 600,
    spd: 30,
    course: 90,
    satt: 9,
    valid: true,
    src: 1,
    attributes: {},
  }));

async function storedTs(): Promise<number[]> {
  const rows = await p.ctx.db.query<{ ts: string }>(
    "select ts from positions p join devices d on d.id = p.device_id where d.device_id = any($1::text[]) order by ts",
    [imeis],
  );
  return rows.map((r) => Number(r.ts));
}

describe("ACK means durable on PGlite", () => {
  it("answers a batch only after one fdatasync of a journal record that holds its rows", async () => {
    expect(p.ctx.db.kind).toBe("pglite");
    expect(p.journal).not.toBeNull();
    for (const imei of imeis) await p.services.registry.lookup(imei);
    const receipt = ops.length;
    const syncsAtAck: number[] = [];
    const records = imeis.map((imei, i) => ({
      protocol: protocols[i]!,
      imei,
      remote: "test",
      positions: fixes(40, i * 100),
    }));
    await Promise.all(
      records.map((record) =>
        p.services.processor.submit(record).then((result) => {
          expect(result).toBe("stored");
          syncsAtAck.push(ops.slice(receipt).filter((o) => o.op === "datasync").length);
        }),
      ),
    );
    // Three devices, 120 rows, one batch: one sync in all (group commit), and before every ACK.
    expect(syncsAtAck).toEqual([1, 1, 1]);
    const since = ops.slice(receipt);
    const sync = since.findIndex((o) => o.op === "datasync");
    const appended = since.slice(0, sync).filter((o) => o.op === "append");
    expect(appended).toHaveLength(1);
    const journaled = decodeJournal(appended[0]!.op === "append" ? appended[0]!.data : Buffer.alloc(0))
      .records.flat()
      .map((row) => (row as { ts: number }).ts);
    expect(journaled.sort()).toEqual(records.flatMap((r) => r.positions.map((f) => f.ts)).sort());
    expect(since[sync]!.file).toBe(appended[0]!.file);
  });

  it("replays a journal left by a crash once, skips its torn tail, and stores nothing twice", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vigia-journal-"));
    try {
      const [device] = await p.ctx.db.query<{
        id: number;
        company_id: number;
        item_type: number;
        item_id: number;
      }>("select id, company_id, item_type, item_id from devices where device_id = $1", [imeis[0]!]);
      const row = (minute: number) => ({
        c: device!.company_id,
        d: device!.id,
        it: device!.item_type,
        ii: device!.item_id,
        ts: TEST_START - 7_200_000 + minute * 60_000,
        rt: TEST_START,
        lat: 40.5,
        lng: -3.6,
        alt: 650,
        spd: 10,
        co: 0,
        sa: 5,
        va: true,
        sr: 0,
        at: {},
      });
      const before = await storedTs();
      const whole = Buffer.concat([encodeRecord([row(1), row(2)]), encodeRecord([row(2), row(3)])]);
      const torn = encodeRecord([row(4)]).subarray(0, 20);
      writeFileSync(path.join(dir, "00000007.journal"), Buffer.concat([whole, torn]));
      const options = { dir, pgDir: pgliteDir(dataDir), db: p.ctx.db, log: p.ctx.log };
      const journal = await IngestJournal.open(options);
      expect(journal.stats.replayedRows).toBe(4);
      await journal.close();
      // A second start with the same file (as if the first had died before deleting it) adds nothing.
      writeFileSync(path.join(dir, "00000009.journal"), whole);
      await (await IngestJournal.open(options)).close();
      const added = (await storedTs()).filter((ts) => !before.includes(ts));
      expect(added).toEqual([row(1).ts, row(2).ts, row(3).ts]);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("lets a journal file go only after a checkpoint and a sync of every database file", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vigia-journal-"));
    const own: Op[] = [];
    try {
      const counting = countingIo(own);
      // At every sync of a database file, whether file 1 (which holds the record) is still there.
      const firstKept: boolean[] = [];
      const io: JournalIo = {
        ...counting,
        syncPath: async (file) => {
          if (file.startsWith(pgliteDir(dataDir)))
            firstKept.push(existsSync(path.join(dir, "00000001.journal")));
          await counting.syncPath(file);
        },
      };
      const journal = await IngestJournal.open({
        dir,
        pgDir: pgliteDir(dataDir),
        db: p.ctx.db,
        log: p.ctx.log,
        io,
        maxBytes: 1,
      });
      // Opening syncs the database too (the start-up checkpoint), before file 1 exists.
      own.length = 0;
      firstKept.length = 0;
      await journal.secure(() => JSON.stringify([{ c: 1, d: 1, ts: 1 }]));
      await journal.settle();
      // The record went to file 1, which rotated: file 2 is current, and file 1 was deleted only after every
      // database file had been synced (the rotation itself runs behind the ACK, so no listing is taken between).
      expect(firstKept.length).toBeGreaterThan(100);
      expect(firstKept.every(Boolean)).toBe(true);
      expect(readdirSync(dir)).toEqual(["00000002.journal"]);
      const pgSyncs = own.filter((o) => o.op === "sync" && o.file.startsWith(pgliteDir(dataDir)));
      expect(pgSyncs.length).toBeGreaterThan(100);
      expect(pgSyncs.some((o) => o.file.includes(`${path.sep}pg_wal${path.sep}`))).toBe(true);
      expect(pgSyncs.some((o) => o.file.endsWith(`global${path.sep}pg_control`))).toBe(true);
      expect(readFileSync(path.join(dir, "00000002.journal"))).toHaveLength(0);
      await journal.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Last in this file: it leaves the platform's journal failed, as it would stay until a restart.
  it("acknowledges nothing once a journal sync has failed, not even after the disk answers again", async () => {
    const record = (minute: number) => ({
      protocol: protocols[1]!,
      imei: imeis[1]!,
      remote: "test",
      positions: fixes(2, 500 + minute),
    });
    disk.failing = true;
    await expect(p.services.processor.submit(record(0))).rejects.toThrow(/EIO/);
    disk.failing = false;
    await expect(p.services.processor.submit(record(10))).rejects.toThrow(/EIO/);
  });
});
