import type { FastifyBaseLogger } from "fastify";
import type { EndedSessions } from "./auth/sessions.ts";
import type { Clock, Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { SiteLinks } from "./links.ts";

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
