import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { type Database, DbError, type Queryable, type SqlParam, serializeParam } from "./database.ts";

// Epoch-millisecond columns are bigint; they fit a JS number exactly, so return numbers as PGlite does.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

function wrap(error: unknown): Error {
  if (error instanceof pg.DatabaseError) {
    return new DbError(error.message, {
      code: error.code,
      constraint: error.constraint,
      detail: error.detail,
      table: error.table,
    });
  }
  return error instanceof Error ? error : new Error(String(error));
}

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R>(sql: string, params?: readonly SqlParam[]) {
      try {
        const result = await client.query(sql, params?.map(serializeParam));
        return result.rows as R[];
      } catch (error) {
        throw wrap(error);
      }
    },
  };
}

async function copyCsv(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  csv: string,
): Promise<void> {
  try {
    const stream = client.query(
      copyFrom(`copy ${table} (${columns.join(", ")}) from stdin with (format csv)`),
    );
    await pipeline(Readable.from([csv]), stream);
  } catch (error) {
    throw wrap(error);
  }
}

/** Opens a pool on a PostgreSQL server; `schema` (if given) is created and put first on the search path. */
export async function openPostgres(url: string, schema: string | null): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: schema ? `-c search_path=${schema},public` : undefined,
  });
  if (schema) await pool.query(`create schema if not exists "${schema}"`);
  const base = queryable(pool);
  return {
    kind: "postgres",
    query: base.query,
    exec: async (sql) => void (await base.query(sql)),
    copyFromCsv: async (table, columns, csv) => {
      const client = await pool.connect();
      try {
        await copyCsv(client, table, columns, csv);
      } finally {
        client.release();
      }
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn({
          ...queryable(client),
          session: client,
          copyFromCsv: (table, columns, csv) => copyCsv(client, table, columns, csv),
        });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw wrap(error);
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
