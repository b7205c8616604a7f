import type { FastifyInstance } from "fastify";
import pino from "pino";
import { startAlarms } from "./alarms/service.ts";
import { loadJwtKey } from "./auth/secrets.ts";
import { type Clock, type Config, systemClock } from "./config.ts";
import type { AppContext } from "./context.ts";
import type { Database } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import { openDatabase } from "./db/open.ts";
import { ensureDefaultSite, ensureDeviceTypes, seedDemo } from "./demo/seed.ts";
import { startDemoSimulation } from "./demo/simulation.ts";
import { createConfigCommands } from "./devices/config-commands.ts";
import { ReverseGeocoder } from "./geocoding/reverse.ts";
import { buildApp, type Mount } from "./http/app.ts";
import { type Gateway, startGateway } from "./ingest/gateway.ts";
import { startMqttIngest } from "./ingest/mqtt.ts";
import { dropExpiredPartitions, PartitionManager } from "./ingest/partitions.ts";
import { Processor } from "./ingest/processor.ts";
import { DeviceRegistry } from "./ingest/registry.ts";
import { type LiveBus, MemoryBus } from "./live/bus.ts";
import { LiveHub } from "./live/hub.ts";
import { RouteService } from "./live/route-service.ts";
import { LiveStore } from "./live/store.ts";
import { Mailer } from "./mail/mailer.ts";

export interface Platform {
  app: FastifyInstance;
  ctx: AppContext;
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
  const registry = new DeviceRegistry(db, clock);
  const store = new LiveStore(db, clock);
  await store.load();
  const bus = options.bus ?? new MemoryBus();
  const partitions = new PartitionManager();
  const base = { config, db, clock, mailer, jwtKey, initTs: clock.now(), log };
  const telematics = {
    registry,
    store,
    bus,
    processor: null as unknown as Processor,
    routes: new RouteService(db, () => clock.now()),
    geocoder: new ReverseGeocoder(config.geocoderUrl, clock),
  };
  const ctx: AppContext = { ...base, telematics };
  telematics.processor = new Processor(ctx, registry, partitions, store, bus);
  const alarms = startAlarms(ctx);
  const hub = new LiveHub(ctx, bus, store, telematics.routes);
  const app = await buildApp(ctx, {
    trustProxy: options.trustProxy ?? config.trustProxy,
    mounts: [hub.mount, ...(options.mounts ?? [])],
  });

  const address = await app.listen({ port: config.port, host: config.host });
  const gateway = config.gateway
    ? await startGateway(telematics.processor, log, {
        host: config.host,
        ports: config.ports,
        now: () => clock.now(),
        commands: createConfigCommands(db, () => clock.now()),
      })
    : null;
  const mqttIngest =
    config.gateway && config.mqttUrl
      ? await startMqttIngest(telematics.processor, log, { url: config.mqttUrl, now: () => clock.now() })
      : null;
  const stopSimulation =
    gateway && config.simulate && config.demo
      ? await startDemoSimulation(db, config, gateway.ports, (msg) => log.debug(msg))
      : null;

  const timers = [
    setInterval(() => void mailer.flush().catch(() => undefined), 60_000),
    setInterval(
      () => void store.snapshot().catch((err: unknown) => log.warn({ err }, "live state snapshot failed")),
      30_000,
    ),
    setInterval(
      () =>
        void dropExpiredPartitions(db, partitions, clock.now()).catch((err: unknown) =>
          log.warn({ err }, "retention failed"),
        ),
      3_600_000,
    ),
  ];
  for (const timer of timers) timer.unref();
  const url = address.replace("0.0.0.0", "127.0.0.1").replace("[::]", "127.0.0.1");
  return {
    app,
    ctx,
    url,
    gateway,
    hub,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      await stopSimulation?.();
      await gateway?.close();
      await mqttIngest?.close();
      await telematics.processor.close();
      await alarms.close();
      await hub.close();
      await app.close();
      await store.snapshot().catch(() => undefined);
      await bus.close();
      mailer.close();
      if (!options.db) await db.close();
    },
  };
}
