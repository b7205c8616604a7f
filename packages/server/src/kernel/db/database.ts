/**
 * The one database interface the server codes against. Two engines implement it: embedded PGlite
 * (running in a worker thread so long queries never stall the event loop) and a PostgreSQL server via `pg`.
 * All SQL is plain PostgreSQL.
 */
export type SqlParam = string | number | boolean | null | Date | readonly unknown[] | Record<string, unknown>;

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<R[]>;
}

/** A transaction's session: queries, and COPY … FROM of CSV text into a table inside the transaction. */
export interface Transaction extends Queryable {
  copyFromCsv(table: string, columns: readonly string[], csv: string): Promise<void>;
  /**
   * The database session the transaction runs on, one object for every transaction of that session (PostgreSQL's
   * pooled connection), so that what a session keeps (a temporary table) can be remembered by it; absent: unknown.
   */
  readonly session?: object;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `fn` inside BEGIN/COMMIT; any throw rolls back. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Runs a multi-statement script (migrations). */
  exec(sql: string): Promise<void>;
  /** Bulk-loads CSV text with COPY … FROM (the fastest path into PostgreSQL; used as the ingest reference). */
  copyFromCsv(table: string, columns: readonly string[], csv: string): Promise<void>;
  close(): Promise<void>;
}

/** The fields of a PostgreSQL error that callers map to API errors. */
export interface DbErrorFields {
  code?: string;
  constraint?: string;
  detail?: string;
  table?: string;
}

export class DbError extends Error implements DbErrorFields {
  code?: string;
  constraint?: string;
  detail?: string;
  table?: string;
  constructor(message: string, fields: DbErrorFields) {
    super(message);
    this.name = "DbError";
    Object.assign(this, fields);
  }
}

export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";

export function isUniqueViolation(error: unknown): error is DbError {
  return error instanceof DbError && error.code === UNIQUE_VIOLATION;
}

/** Parameters cross a worker boundary or the pg wire: objects become JSON text, arrays stay arrays. */
export function serializeParam(param: SqlParam): unknown {
  if (param === null || typeof param !== "object" || param instanceof Date) return param;
  // Arrays of scalars are SQL arrays (int[], text[]); arrays of objects are JSON documents (jsonb).
  if (Array.isArray(param) && param.every((v) => v === null || typeof v !== "object")) return param;
  return JSON.stringify(param);
}
