/**
 * The step between "committed" and "acknowledged". On PostgreSQL a commit is already durable; the embedded
 * PGlite never fsyncs its files, so there an fsynced ingest journal (ingest/journal.ts) stands behind the ACK.
 * The processor awaits `secure` after its commit and before it answers any device of the batch.
 */
export interface Durability {
  /**
   * Resolves once the committed rows would survive a power failure; rejects when they might not. `rowsJson` gives
   * them as the JSON array the positions insert reads (`positionsJson`), asked for only by a durability that keeps
   * the rows: PGlite's insert already wrote that text, PostgreSQL never needs it.
   */
  secure(rowsJson: () => string): Promise<void>;
}

/** The back end's own commit is durable (PostgreSQL, or an in-memory database that keeps nothing anyway). */
export const commitIsDurable: Durability = { secure: async () => undefined };
