import path from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import {
  ensureDefaultSite,
  ensureDeviceTypes,
  seedDemo,
  seedDemoStreets,
  startDemoHistory,
  startDemoSimulation,
} from "../demo/index.ts";
import {
  createConfigCommands,
  type Gateway,
  IngestJournal,
  type JournalIo,
  startGateway,
  startMqttIngest,
} from "../ingest/index.ts";
import type { Cluster } from "../kernel/cluster.ts";
import { type Clock, type Config, systemClock } from "../kernel/config.ts";
import { createKernelContext, type KernelContext } from "../kernel/context.ts";
import type { Database } from "../kernel/db/database.ts";
import { migrate } from "../kernel/db/migrate.ts";
import { openDatabase, pgliteDir } from "../kernel/db/open.ts";
import { buildApp, type Mount } from "../kernel/http/app.ts";
import { type LiveBus, type LiveHub, NatsBus } from "../live/index.ts";
import { pmtilesMount, streetTilesMount } from "../map-tiles/index.ts";
import { brandedIndexHtml, siteForHost, workerManifestMount } from "../sites/index.ts";
import { metricsMount } from "./metrics.ts";
import { ownerTimers } from "./owner-timers.ts";
import { apiRoutes } from "./routes.ts";
import { createServices, type Services } from "./services.ts";

/** How often items are checked for silence; a fraction of the shortest offline timeout (1 min). */

export interface Platform {
  app: FastifyInstance;
  ctx: KernelContext;
  services: Services;
  url: string;
  gateway: Gateway | null;
  hub: LiveHub;
  /** The PGlite-on-disk ingest journal, null where commits are durable by themselves. */
  journal: IngestJournal | null;
  close(): Promise<void>;
}

export interface PlatformOptions {
  clock?: Clock;
  logLevel?: "silent" | "error" | "warn" | "info" | "debug";
  trustProxy?: boolean;
  db?: Database;
  mounts?: Mount[];
  bus?: LiveBus;
  /** File access of the PGlite ingest journal (tests count its syncs). */
  journalIo?: JournalIo;
  /** A cluster node (`NATS_URL`): the live bus runs over NATS. */
  cluster?: Cluster;
  /**
   * Whether the owner's wall-clock timers run (snapshots, sweeps, closing ended days…). A test on a manual clock
   * calls those jobs itself: a timer firing at a moment the test did not choose would change what it reads.
   */
  ownerTimers?: boolean;
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

  const log = pino({ level: options.logLevel ?? "info" });
  const ctx = await createKernelContext(config, db, clock, log);
  // PGlite never syncs its files: on disk, the journal is what makes an ACK mean durable (ingest/journal.ts).
  const journal =
    db.kind === "pglite" && config.dataDir && !options.db
      ? await IngestJournal.open({
          dir: path.join(config.dataDir, "ingest-journal"),
          pgDir: pgliteDir(config.dataDir),
          db,
          log,
          ...(options.journalIo ? { io: options.journalIo } : {}),
        })
      : null;
  const { cluster } = options;
  const api = options.role === "api";
  const bus =
    options.bus ??
    (cluster ? new NatsBus(cluster, (err) => log.warn({ err }, "unreadable live message")) : undefined);
  const services = await createServices(ctx, {
    bus,
    cluster,
    replica: api,
    durability: journal ?? undefined,
  });
  const { mailer, live, processor, alarms, hub } = services;
  let gatewayRef: Gateway | null = null;
  const app = await buildApp(ctx, {
    trustProxy: options.trustProxy ?? config.trustProxy,
    api: apiRoutes(ctx, services),
    indexHtml: async (host, html) => brandedIndexHtml(html, await siteForHost(db, host)),
    mounts: [
      hub.mount,
      services.sharedChannel.mount,
      pmtilesMount(ctx),
      workerManifestMount(ctx),
      streetTilesMount(ctx),
      metricsMount(
        services,
        { gateway: () => gatewayRef, journal, db },
        { token: config.metricsToken, public: config.metricsPublic },
      ),
      ...(options.mounts ?? []),
    ],
  });

  const address = await app.listen({ port: config.port, host: config.host });
  const gateway =
    config.gateway && !api
      ? await startGateway(processor, log, {
          host: config.host,
          ports: config.ports,
          now: () => clock.now(),
          commands: createConfigCommands(db, () => clock.now()),
          deviceCommands: services.deviceCommands,
          devices: services.registry,
          limits: config.deviceLimits,
        })
      : null;
  gatewayRef = gateway;
  const mqttIngest =
    config.gateway && !api && config.mqttUrl
      ? await startMqttIngest(processor, log, { url: config.mqttUrl, now: () => clock.now() })
      : null;
  const stopSimulation =
    gateway && config.simulate && config.demo
      ? await startDemoSimulation(db, config, gateway.ports, (msg) => log.debug(msg))
      : null;
  // Thirty days behind the live demo, generated in bulk in the background (never in tests: they do not simulate).
  const demoHistory =
    config.demo && config.simulate && !api && config.demoHistoryDays > 0
      ? startDemoHistory(ctx, services.partitions, config.demoHistoryDays)
      : null;

  // The streets the simulated fleet drives on, for the map's street layer and the geocoder, written in the
  // background once (never in tests: they do not simulate); addresses asked before then are forgotten after.
  const demoStreets =
    config.demo && config.simulate && !api
      ? seedDemoStreets(db, () => clock.now())
          .then(() => services.geocoder.forget())
          .catch((err: unknown) => log.warn({ err }, "demo streets not written"))
      : null;

  const timers = [setInterval(() => void mailer.flush().catch(() => undefined), 60_000)];
  // An API node owns no live state and no positions: the processors snapshot and drop old partitions.
  if (!api && options.ownerTimers !== false) timers.push(...ownerTimers(ctx, services, 30_000));
  for (const timer of timers) timer.unref();
  const url = address.replace("0.0.0.0", "127.0.0.1").replace("[::]", "127.0.0.1");
  ctx.links.listening(url);
  if (!config.publicUrl && !config.demo) log.warn("PUBLIC_URL is not set: links in mail point at %s", url);
  return {
    app,
    ctx,
    services,
    url,
    gateway,
    hub,
    journal,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      await stopSimulation?.();
      await demoHistory?.stop();
      await demoStreets;
      await gateway?.close();
      await mqttIngest?.close();
      await processor.close();
      await alarms.close();
      await services.derived.idle();
      await services.forwarder.close();
      await hub.close();
      await services.sharedChannel.close();
      await app.close();
      await services.reportJobs.idle();
      await live.close();
      mailer.close();
      // Last, after every writer: the final checkpoint makes the whole database durable and empties the journal.
      await journal?.close();
      if (!options.db) await db.close();
    },
  };
}
