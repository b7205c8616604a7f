import type { FastifyInstance } from "fastify";
import pino from "pino";
import { ensureDefaultSite, ensureDeviceTypes, seedDemo, startDemoSimulation } from "../demo/index.ts";
import { createConfigCommands, type Gateway, startGateway, startMqttIngest } from "../ingest/index.ts";
import { loadJwtKey } from "../kernel/auth/secrets.ts";
import type { Cluster } from "../kernel/cluster.ts";
import { type Clock, type Config, systemClock } from "../kernel/config.ts";
import type { KernelContext } from "../kernel/context.ts";
import type { Database } from "../kernel/db/database.ts";
import { migrate } from "../kernel/db/migrate.ts";
import { openDatabase } from "../kernel/db/open.ts";
import { buildApp, type Mount } from "../kernel/http/app.ts";
import { SiteLinks } from "../kernel/links.ts";
import { type LiveBus, type LiveHub, NatsBus } from "../live/index.ts";
import { ownerTimers } from "./owner-timers.ts";
import { apiRoutes } from "./routes.ts";
import { createServices, type Services } from "./services.ts";

export interface Platform {
  app: FastifyInstance;
  ctx: KernelContext;
  services: Services;
  url: string;
  gateway: Gateway | null;
  hub: LiveHub;
  close(): Promise<void>;
}

export interface PlatformOptions {
  clock?: Clock;
  logLevel?: "silent" | "error" | "warn" | "info" | "debug";
  trustProxy?: boolean;
  db?: Database;
  mounts?: Mount[];
  bus?: LiveBus;
  /** A cluster node (`NATS_URL`): the live bus runs over NATS. */
  cluster?: Cluster;
  /**
   * `all` (`vigia start`): everything in one process. `api` (`vigia api`): HTTP and WebSocket only; positions
   * are committed by processor nodes, whose live messages arrive over NATS.
   */
  role?: "all" | "api";
}

/** Opens the database, migrates, seeds the demo when empty, builds the services and starts the HTTP API. */
export async function startPlatform(config: Config, options: PlatformOptions = {}): Promise<Platform> {
  const clock = options.clock ?? systemClock;
  const db = options.db ?? (await openDatabase(config));
  await migrate(db);
  await ensureDefaultSite(db);
  await ensureDeviceTypes(db);
  if (config.demo) await seedDemo(db, clock);

  const jwtKey = await loadJwtKey(db, config.jwtSecret);
  const log = pino({ level: options.logLevel ?? "info" });
  const links = new SiteLinks(db, config.publicUrl);
  const ctx: KernelContext = { config, db, clock, jwtKey, initTs: clock.now(), log, links };
  const { cluster } = options;
  const api = options.role === "api";
  const bus =
    options.bus ??
    (cluster ? new NatsBus(cluster, (err) => log.warn({ err }, "unreadable live message")) : undefined);
  const services = await createServices(ctx, { bus, cluster, replica: api });
  const { mailer, live, processor, alarms, hub } = services;
  const app = await buildApp(ctx, {
    trustProxy: options.trustProxy ?? config.trustProxy,
    api: apiRoutes(ctx, services),
    mounts: [hub.mount, ...(options.mounts ?? [])],
  });

  const address = await app.listen({ port: config.port, host: config.host });
  const gateway =
    config.gateway && !api
      ? await startGateway(processor, log, {
          host: config.host,
          ports: config.ports,
          now: () => clock.now(),
          commands: createConfigCommands(db, () => clock.now()),
          deviceKey: async (imei) => (await services.registry.lookup(imei))?.key ?? null,
          limits: config.deviceLimits,
        })
      : null;
  const mqttIngest =
    config.gateway && !api && config.mqttUrl
      ? await startMqttIngest(processor, log, { url: config.mqttUrl, now: () => clock.now() })
      : null;
  const stopSimulation =
    gateway && config.simulate && config.demo
      ? await startDemoSimulation(db, config, gateway.ports, (msg) => log.debug(msg))
      : null;

  const timers = [setInterval(() => void mailer.flush().catch(() => undefined), 60_000)];
  // An API node owns no live state and no positions: the processors snapshot and drop old partitions.
  if (!api) timers.push(...ownerTimers(ctx, services, 30_000));
  for (const timer of timers) timer.unref();
  const url = address.replace("0.0.0.0", "127.0.0.1").replace("[::]", "127.0.0.1");
  links.listening(url);
  if (!config.publicUrl && !config.demo) log.warn("PUBLIC_URL is not set: links in mail point at %s", url);
  return {
    app,
    ctx,
    services,
    url,
    gateway,
    hub,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      await stopSimulation?.();
      await gateway?.close();
      await mqttIngest?.close();
      await processor.close();
      await alarms.close();
      await hub.close();
      await app.close();
      await live.close();
      mailer.close();
      if (!options.db) await db.close();
    },
  };
}
