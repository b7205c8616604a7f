import type { FastifyBaseLogger } from "fastify";
import type { Clock, Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { Mailer } from "./mail/mailer.ts";

/** What every capability needs, built once at start and handed to each route plugin. */
export interface AppContext {
  config: Config;
  db: Database;
  clock: Clock;
  mailer: Mailer;
  jwtKey: Uint8Array;
  /** Start time of this server build: clients reload when it is newer than the front they run. */
  initTs: number;
  log: FastifyBaseLogger;
}
