import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

/**
 * Owns the embedded PGlite instance off the main thread. Messages are processed strictly in order,
 * which matches PGlite's single connection; the main thread serialises transactions with a lock.
 */
interface Request {
  id: number;
  op: "query" | "exec" | "copy" | "close";
  sql?: string;
  params?: unknown[];
  /** CSV payload for COPY … FROM '/dev/blob'. */
  data?: string;
}

const port = parentPort;
if (!port) throw new Error("pglite-worker must run in a worker thread");
const { dataDir } = workerData as { dataDir: string | null };
const db = dataDir ? new PGlite(dataDir) : new PGlite();

let chain: Promise<void> = db.waitReady;

port.on("message", (req: Request) => {
  chain = chain.then(async () => {
    try {
      if (req.op === "query") {
        const result = await db.query(req.sql ?? "", req.params ?? []);
        port.postMessage({ id: req.id, ok: true, rows: result.rows });
      } else if (req.op === "copy") {
        await db.query(req.sql ?? "", [], { blob: new Blob([req.data ?? ""]) });
        port.postMessage({ id: req.id, ok: true, rows: [] });
      } else if (req.op === "exec") {
        await db.exec(req.sql ?? "");
        port.postMessage({ id: req.id, ok: true, rows: [] });
      } else {
        await db.close();
        port.postMessage({ id: req.id, ok: true, rows: [] });
      }
    } catch (error) {
      const e = error as {
        message?: string;
        code?: string;
        constraint?: string;
        detail?: string;
        table?: string;
      };
      port.postMessage({
        id: req.id,
        ok: false,
        error: {
          message: e.message ?? String(error),
          code: e.code,
          constraint: e.constraint,
          detail: e.detail,
          table: e.table,
        },
      });
    }
  });
});
