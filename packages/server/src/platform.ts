import type { FastifyInstance } from "fastify";
import pino from "pino";
import { loadJwtKey } from "./auth/secrets.ts";
import { type Clock, type Config, systemClock } from "./config.ts";
import type { AppContext } from "./context.ts";
import type { Database } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import { openDatabase } from "./db/open.ts";
import { ensureDefaultSite, ensureDeviceTypes, seedDemo } from "./demo/seed.ts";
import { buildApp, type Mount } from "./http/app.ts";
import { Mailer } from "./mail/mailer.ts";

export interface Platform {
  app: FastifyInstance;
  ctx: AppContext;
  url: string;
  close(): Promise<void>;
}

export interface PlatformOptions {
  clock?: Clock;
  logLevel?: "silent" | "error" | "warn" | "info" | "debug";
  trustProxy?: boolean;
  db?: Database;
  mounts?: Mount[];
}

/** Opens the database, migrates, seeds the demo when empty, and starts the HTTP API. */
export async function startPlatform(config: Config, options: PlatformOptions = {}): Promise<Platform> {
  const clock = options.clock ?? systemClock;
  const db = options.db ?? (await openDatabase(config));
  await migrate(db);
  await ensureDefaultSite(db);
  await ensureDeviceTypes(db);
  if (config.demo) await seedDemo(db, clock);

  const jwtKey = await loadJwtKey(db, config.jwtSecret);
  const log = pino({ level: options.logLevel ?? "info" });
  const mailer = new Mailer(db, clock, log, config.smtpUrl, config.mailFrom);
  const ctx: AppContext = { config, db, clock, mailer, jwtKey, initTs: clock.now(), log };
  const app = await buildApp(ctx, { trustProxy: options.trustProxy ?? false, mounts: options.mounts });

  const address = await app.listen({ port: config.port, host: config.host });
  const retry = setInterval(() => void mailer.flush().catch(() => undefined), 60_000);
  retry.unref();
  const url = address.replace("0.0.0.0", "127.0.0.1").replace("[::]", "127.0.0.1");
  return {
    app,
    ctx,
    url,
    close: async () => {
      clearInterval(retry);
      await app.close();
      mailer.close();
      if (!options.db) await db.close();
    },
  };
}
