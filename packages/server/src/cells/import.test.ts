import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../kernel/db/database.ts";
import { migrate } from "../kernel/db/migrate.ts";
import { openPglite } from "../kernel/db/pglite.ts";
import { CELL_CSV_HEADER } from "./cell-csv.ts";
import { importCells, importWifi } from "./import.ts";
import { WIFI_CSV_HEADER } from "./wifi-csv.ts";

let db: Database;
let dir: string;
const now = () => 1_000;

const row = (cid: number, lat: number, updated = 1_700_000_000) =>
  `GSM,214,7,100,${cid},0,-3.7,${lat},1500,12,1,1459692342,${updated},0`;
const LINES = [
  CELL_CSV_HEADER,
  row(1, 40.41),
  row(2, 40.42),
  "GSM,214,7,100,banana,0,-3.7,40.4,1500,12,1,0,0,0",
  row(3, 40.43),
  row(3, 40.431), // the same cell again: the last one wins
  "",
  row(4, 40.44),
];

async function towers(): Promise<{ cid: number; lat: number }[]> {
  return db.query("select cid::int as cid, lat from cell_towers order by cid");
}

beforeAll(async () => {
  db = await openPglite(null);
  await migrate(db);
  dir = await mkdtemp(join(tmpdir(), "vigia-cells-"));
});
afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await db.query("delete from cell_towers");
  await db.query("delete from cell_imports");
  await db.query("delete from wifi_aps");
});

describe("importCells", () => {
  it("imports a plain CSV, counts the bad row, and does nothing the second time", async () => {
    const path = join(dir, "cells.csv");
    await writeFile(path, `${LINES.join("\n")}\n`);
    const progress: number[] = [];
    const first = await importCells(db, path, now, (p) => progress.push(p.imported));
    expect(first).toMatchObject({ imported: 5, errors: 1, alreadyDone: false, resumedAt: 0, lines: 8 });
    expect(first.errorSamples).toEqual(["line 4: bad cell identity"]);
    expect(progress.at(-1)).toBe(5);
    expect(await towers()).toEqual([
      { cid: 1, lat: 40.41 },
      { cid: 2, lat: 40.42 },
      { cid: 3, lat: 40.431 },
      { cid: 4, lat: 40.44 },
    ]);
    const second = await importCells(db, path, now);
    expect(second.alreadyDone).toBe(true);
    expect(await towers()).toHaveLength(4);
  });

  it("reads a gzip file and resumes after the lines an interrupted run committed", async () => {
    const path = join(dir, "cells.csv.gz");
    await writeFile(path, gzipSync(`${LINES.join("\r\n")}\r\n`));
    const info = await stat(path);
    // An earlier run committed up to line 3 (the header and cells 1 and 2), then stopped.
    await db.query(
      "insert into cell_imports (file_key, lines, imported, errors, done, updated_ts) values ($1, 3, 2, 0, false, 0)",
      [`cells.csv.gz:${info.size}:${Math.round(info.mtimeMs)}`],
    );
    const out = await importCells(db, path, now);
    expect(out).toMatchObject({ resumedAt: 3, imported: 5, errors: 1, alreadyDone: false });
    expect((await towers()).map((t) => t.cid)).toEqual([3, 4]);
  });

  it("keeps a stored cell that is newer than the file's row", async () => {
    await db.query(
      "insert into cell_towers (mcc, mnc, lac, cid, lat, lng, updated_ts) values (214, 7, 100, 1, 1, 1, $1)",
      [1_800_000_000_000],
    );
    const path = join(dir, "old.csv");
    await writeFile(path, `${row(1, 40.41)}\n${row(2, 40.42)}\n`);
    await importCells(db, path, now);
    expect(await towers()).toEqual([
      { cid: 1, lat: 1 },
      { cid: 2, lat: 40.42 },
    ]);
  });
});

describe("importWifi", () => {
  it("imports a BSSID table in any MAC spelling, counts bad rows, keeps newer rows, and is idempotent", async () => {
    await db.query(
      "insert into wifi_aps (mac, lat, lng, updated_ts) values ('aa:bb:cc:dd:ee:03', 1, 1, $1)",
      [1_800_000_000_000],
    );
    const path = join(dir, "wifi.csv.gz");
    const lines = [
      WIFI_CSV_HEADER,
      "AA:BB:CC:DD:EE:01,40.41,-3.70,40,3,1700000000",
      "aa-bb-cc-dd-ee-02,40.42,-3.71",
      "not-a-mac,40.4,-3.7",
      "aabb.ccdd.ee03,40.43,-3.72,40,3,1700000000",
      "AA:BB:CC:DD:EE:01,40.411,-3.70,40,4,1700000001",
    ];
    await writeFile(path, gzipSync(`${lines.join("\n")}\n`));
    const first = await importWifi(db, path, now);
    expect(first).toMatchObject({ imported: 4, errors: 1, alreadyDone: false });
    expect(first.errorSamples).toEqual(["line 4: bad MAC"]);
    expect(await db.query("select mac, lat from wifi_aps order by mac")).toEqual([
      { mac: "aa:bb:cc:dd:ee:01", lat: 40.411 },
      { mac: "aa:bb:cc:dd:ee:02", lat: 40.42 },
      { mac: "aa:bb:cc:dd:ee:03", lat: 1 },
    ]);
    expect((await importWifi(db, path, now)).alreadyDone).toBe(true);
    // The Wi-Fi file's resume point never collides with a cell file of the same name.
    const keys = await db.query<{ file_key: string }>("select file_key from cell_imports");
    expect(keys.map((k) => k.file_key.split(":")[0])).toEqual(["wifi"]);
  });
});
