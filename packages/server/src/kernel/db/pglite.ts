import { Worker } from "node:worker_threads";
import {
  type Database,
  DbError,
  type DbErrorFields,
  type SqlParam,
  serializeParam,
  type Transaction,
} from "./database.ts";

interface Reply {
  id: number;
  ok: boolean;
  rows?: Record<string, unknown>[];
  error?: DbErrorFields & { message: string };
}

/** A small FIFO lock: PGlite has one session, so a transaction must not interleave with other queries. */
class Lock {
  private tail: Promise<void> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
    workerData: { dataDir },
  });
  const pending = new Map<
    number,
    { resolve: (rows: Record<string, unknown>[]) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  let failure: Error | null = null;
  worker.on("message", (reply: Reply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (reply.ok) waiter.resolve(reply.rows ?? []);
    else waiter.reject(new DbError(reply.error?.message ?? "database error", reply.error ?? {}));
  });
  const failAll = (error: Error) => {
    failure = error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  worker.on("error", failAll);
  worker.on("exit", (code) => failAll(new Error(`database worker exited with code ${code}`)));

  const send = (
    op: "query" | "exec" | "copy" | "close",
    sql?: string,
    params?: readonly SqlParam[],
    data?: string,
  ) =>
    new Promise<Record<string, unknown>[]>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, sql, params: params?.map(serializeParam), data });
    });

  const lock = new Lock();
  const direct: Transaction = {
    query: <R>(sql: string, params?: readonly SqlParam[]) => send("query", sql, params) as Promise<R[]>,
    copyFromCsv: async (table, columns, csv) =>
      void (await send(
        "copy",
        `copy ${table} (${columns.join(", ")}) from '/dev/blob' with (format csv)`,
        [],
        csv,
      )),
  };
  const db: Database = {
    kind: "pglite",
    query: <R>(sql: string, params?: readonly SqlParam[]) => lock.run(() => direct.query<R>(sql, params)),
    exec: (sql) => lock.run(async () => void (await send("exec", sql))),
    copyFromCsv: (table, columns, csv) => lock.run(() => direct.copyFromCsv(table, columns, csv)),
    transaction: (fn) =>
      lock.run(async () => {
        await send("exec", "BEGIN");
        try {
          const result = await fn(direct);
          await send("exec", "COMMIT");
          return result;
        } catch (error) {
          await send("exec", "ROLLBACK").catch(() => undefined);
          throw error;
        }
      }),
    close: async () => {
      await lock.run(() => send("close")).catch(() => undefined);
      worker.removeAllListeners("exit");
      await worker.terminate();
    },
  };
  // Surface a failed start (bad data dir, corrupt files) here rather than on the first request.
  await db.query("select 1");
  return db;
}
