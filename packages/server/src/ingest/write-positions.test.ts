import type { DecodedPosition } from "@vigia/protocols";
import { describe, expect, it } from "vitest";
import type { Database, Transaction } from "../kernel/db/database.ts";
import type { CommittedPosition } from "../live/index.ts";
import { writePositions } from "./write-positions.ts";

const position: DecodedPosition = {
  ts: 1,
  lat: 40,
  lng: -3,
  alt: 0,
  spd: 0,
  course: 0,
  satt: 8,
  valid: true,
  src: 1,
  attributes: {},
};
const rows: CommittedPosition[] = [
  {
    binding: {
      deviceRowId: 1,
      companyId: 1,
      itemType: 1,
      itemId: 1,
      groupId: null,
      odometerSource: 3,
      initialMileageKm: 0,
    },
    position,
    receivedTs: 2,
  },
];

/** A PostgreSQL-like database whose transactions run on the sessions given in turn; records every statement. */
function fakePostgres(sessions: (object | undefined)[], failCopy = false) {
  const statements: string[] = [];
  let next = 0;
  const db: Database = {
    kind: "postgres",
    query: async () => [],
    exec: async () => undefined,
    copyFromCsv: async () => undefined,
    close: async () => undefined,
    transaction: async <T>(fn: (tx: Transaction) => Promise<T>): Promise<T> => {
      const tx: Transaction = {
        session: sessions[next++],
        query: async <R>(sql: string) => {
          statements.push(sql.startsWith("create temp") ? "create" : "insert");
          return [] as R[];
        },
        copyFromCsv: async () => {
          statements.push("copy");
          if (failCopy) throw new Error("copy failed");
        },
      };
      return fn(tx);
    },
  };
  return { db, statements };
}

describe("writePositions on PostgreSQL", () => {
  it("creates the staging table once per session", async () => {
    const a = {};
    const b = {};
    const { db, statements } = fakePostgres([a, a, b, a]);
    for (let i = 0; i < 4; i++) await writePositions(db, rows);
    expect(statements).toEqual([
      ...["create", "copy", "insert"],
      ...["copy", "insert"],
      ...["create", "copy", "insert"],
      ...["copy", "insert"],
    ]);
  });

  it("asks again after a transaction that rolled back, and every time when the session is unknown", async () => {
    const a = {};
    const failing = fakePostgres([a], true);
    await expect(writePositions(failing.db, rows)).rejects.toThrow("copy failed");
    const { db, statements } = fakePostgres([a, undefined, undefined]);
    for (let i = 0; i < 3; i++) await writePositions(db, rows);
    expect(statements.filter((s) => s === "create")).toHaveLength(3);
  });
});
