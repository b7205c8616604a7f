import type { DecodedPosition } from "@vigia/protocols";
import { describe, expect, it } from "vitest";
import { type Database, DbError, type Transaction } from "../kernel/db/database.ts";
import { type CandidateRow, commitPositions, isRowError } from "./commit.ts";
import { PartitionManager } from "./partitions.ts";
import { positionsJson } from "./position-rows.ts";
import type { DeviceBinding } from "./registry.ts";

const NOW = Date.UTC(2026, 0, 15, 9);

/** A database that refuses any insert whose rows contain a NUL, as PostgreSQL's jsonb does. */
class FakeDb implements Database {
  readonly kind = "pglite";
  inserts = 0;
  transactions = 0;
  /** The text of every positions insert, in order. */
  insertTexts: string[] = [];
  stored: string[] = [];
  quarantined: { i: string; r: string; e: string }[] = [];
  constructor(private readonly outage = false) {}
  async query<R>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
    if (sql.includes("insert into positions")) {
      this.inserts++;
      if (this.outage) throw new Error("connection terminated");
      const text = String(params[0]);
      this.insertTexts.push(text);
      if (text.includes("\\u0000"))
        throw new DbError("unsupported Unicode escape sequence", { code: "22P05" });
      for (const row of JSON.parse(text) as { at: { n: string } }[]) this.stored.push(row.at.n);
    }
    if (sql.includes("insert into ingest_quarantine"))
      this.quarantined.push(...(JSON.parse(String(params[0])) as { i: string; r: string; e: string }[]));
    return [];
  }
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    this.transactions++;
    return fn({ query: (sql, params) => this.query(sql, params), copyFromCsv: async () => undefined });
  }
  async exec(): Promise<void> {}
  async copyFromCsv(): Promise<void> {}
  async close(): Promise<void> {}
}

const binding: DeviceBinding = {
  deviceRowId: 1,
  imei: "356307042441013",
  companyId: 1,
  itemType: 1,
  itemId: 1,
  groupId: null,
  odometerSource: 3,
  initialMileageKm: 0,
  firstConnectTs: 1,
  key: null,
  protocol: "teltonika",
  keyRequired: false,
};

const row = (n: string, over: Partial<DecodedPosition> = {}): CandidateRow => ({
  binding,
  position: {
    ts: NOW - 60_000,
    lat: 40,
    lng: -3,
    alt: 0,
    spd: 0,
    course: 0,
    satt: 8,
    valid: true,
    src: 1,
    attributes: { n },
    ...over,
  },
  receivedTs: NOW,
  protocol: "osmand",
  raw: `GET /?n=${n}`,
});

describe("commitPositions", () => {
  it("stores the good rows of a batch and quarantines the refused ones, splitting a large batch in halves", async () => {
    const db = new FakeDb();
    const rows = Array.from({ length: 40 }, (_, i) => row(i === 7 || i === 31 ? `bad\u0000${i}` : `${i}`));
    const out = await commitPositions(db, new PartitionManager(), rows, NOW);
    expect(out.committed).toHaveLength(38);
    expect(db.stored).toHaveLength(38);
    expect(out.quarantined.map((q) => [q.row.position.attributes.n, q.reason])).toEqual([
      ["bad\u00007", "database"],
      ["bad\u000031", "database"],
    ]);
    // Halving finds two bad rows in far fewer statements than row by row.
    expect(db.inserts).toBeLessThan(rows.length / 1.5);
    expect(db.quarantined.map((q) => q.r)).toEqual(["database", "database"]);
    expect(db.quarantined[0]!.e).toContain("Unicode");
  });

  it("quarantines the rows that fail the checks without sending them to the database", async () => {
    const db = new FakeDb();
    const out = await commitPositions(
      db,
      new PartitionManager(),
      [
        row("ok"),
        row("zero", { ts: 0 }),
        row("ahead", { ts: NOW + 25 * 3_600_000 }),
        row("lat", { lat: 91 }),
      ],
      NOW,
    );
    expect(db.stored).toEqual(["ok"]);
    expect(out.quarantined.map((q) => q.reason)).toEqual(["badTime", "futureTime", "badCoordinates"]);
  });

  it("stores a batch in one statement without a transaction, and hands back the text it stored", async () => {
    const db = new FakeDb();
    const rows = [row("a"), row("b"), row("zero", { ts: 0 })];
    const out = await commitPositions(db, new PartitionManager(), rows, NOW);
    expect(db.inserts).toBe(1);
    expect(db.transactions).toBe(0);
    // The journal keeps this text: exactly the committed rows, as a fresh write of them would be.
    expect(out.json).toBe(db.insertTexts[0]);
    expect(out.json).toBe(positionsJson(out.committed));
  });

  it("hands back no text when the batch was split around a refused row", async () => {
    const db = new FakeDb();
    const out = await commitPositions(db, new PartitionManager(), [row("a"), row("bad\u0000")], NOW);
    expect(out.committed).toHaveLength(1);
    expect(out.json).toBeNull();
  });

  it("fails the whole batch, quarantining nothing, when the database itself fails", async () => {
    const db = new FakeDb(true);
    await expect(commitPositions(db, new PartitionManager(), [row("a"), row("b")], NOW)).rejects.toThrow(
      "connection terminated",
    );
    expect(db.quarantined).toEqual([]);
  });
});

describe("isRowError", () => {
  it.each([
    ["bad encoding", new DbError("x", { code: "22P05" }), true],
    ["bad JSON", new DbError("x", { code: "22P02" }), true],
    ["a constraint", new DbError("x", { code: "23514" }), true],
    ["a value too large", new DbError("x", { code: "54000" }), true],
    ["a lost connection", new DbError("x", { code: "08006" }), false],
    ["a shutdown", new DbError("x", { code: "57P01" }), false],
    ["an error without a code", new Error("worker exited"), false],
  ])("%s", (_name, error, expected) => {
    expect(isRowError(error)).toBe(expected);
  });
});
