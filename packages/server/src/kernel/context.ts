import type { FastifyBaseLogger } from "fastify";
import { loadJwtKey } from "./auth/secrets.ts";
import { EndedSessions } from "./auth/sessions.ts";
import type { Clock, Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { SiteLinks } from "./links.ts";

/**
 * What every capability may take for granted: configuration, the database, the clock, the log and the
 * token key. Capability services (processor, live store, alarms…) are not in here: `src/app/` builds them
 * and hands each capability the few it uses.
 */
export interface KernelContext {
  config: Config;
  db: Database;
  clock: Clock;
  jwtKey: Uint8Array;
  /** Start time of this server build: clients reload when it is newer than the front they run. */
  initTs: number;
  log: FastifyBaseLogger;
  /** Absolute links for mail, from the sites' configured origins. */
  links: SiteLinks;
  /** Sessions ended before their tokens expire, asked on every authenticated request. */
  endedSessions: EndedSessions;
}

/**
 * A server's context on an open, migrated database: the token key stored there, links from the configured
 * origins, and what belongs to this server alone (its start time, its memory of ended sessions).
 */
export async function createKernelContext(
  config: Config,
  db: Database,
  clock: Clock,
  log: FastifyBaseLogger,
): Promise<KernelContext> {
  return {
    config,
    db,
    clock,
    jwtKey: await loadJwtKey(db, config.jwtSecret),
    initTs: clock.now(),
    log,
    links: new SiteLinks(db, config.publicUrl),
    endedSessions: new EndedSessions(db, clock),
  };
}
