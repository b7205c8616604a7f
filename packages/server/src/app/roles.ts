import pino from "pino";
import { ensureDefaultSite, ensureDeviceTypes } from "../demo/index.ts";
import {
  createConfigCommands,
  DeviceRegistry,
  ensureIngestStream,
  JetStreamIngest,
  PartitionConsumer,
  startGateway,
  startMqttIngest,
} from "../ingest/index.ts";
import { type Cluster, connectCluster } from "../kernel/cluster.ts";
import { type Config, systemClock } from "../kernel/config.ts";
import { createKernelContext, type KernelContext } from "../kernel/context.ts";
import { migrate } from "../kernel/db/migrate.ts";
import { openDatabase } from "../kernel/db/open.ts";
import { followBindings, NatsBus } from "../live/index.ts";
import { ItemPartitions } from "./item-partitions.ts";
import { ownerTimers } from "./owner-timers.ts";
import { startPlatform } from "./platform.ts";
import { createServices } from "./services.ts";

/** A running node of one role: its log and how to stop it. */
export interface Node {
  log: KernelContext["log"];
  close(): Promise<void>;
}

/** How often a processor writes live state to item_state, where API nodes read it for newly bound clients. */
const CLUSTER_SNAPSHOT_MS = 1000;

/** Connects to NATS for a role that needs it (`NATS_URL` is required for gateway, processor and api). */
export async function joinCluster(config: Config, role: string): Promise<Cluster> {
  const { natsUrl, prefix, partitions } = config.cluster;
  if (!natsUrl) throw new Error(`vigia ${role} needs NATS_URL (the cluster's NATS server with JetStream)`);
  return connectCluster({ url: natsUrl, prefix, partitions, name: `vigia-${role}-${process.pid}` });
}

async function nodeContext(config: Config): Promise<KernelContext> {
  const clock = systemClock;
  const db = await openDatabase(config);
  await migrate(db);
  await ensureDefaultSite(db);
  await ensureDeviceTypes(db);
  return createKernelContext(config, db, clock, pino({ level: process.env.LOG_LEVEL ?? "info" }));
}

/**
 * `vigia gateway`: device sockets and decoding only. A frame of a known device goes to its JetStream partition
 * and the device is acknowledged once JetStream stored it; unknown devices and configuration commands are read
 * and written in the database directly, as in one process.
 */
export async function startGatewayNode(config: Config): Promise<Node> {
  const cluster = await joinCluster(config, "gateway");
  const ctx = await nodeContext(config);
  const { db, clock, log } = ctx;
  await ensureIngestStream(cluster, config.cluster.leaseMs);
  const registry = new DeviceRegistry(db, clock, config.requireDeviceKeys);
  followBindings(cluster, registry);
  const queue = new JetStreamIngest(cluster, registry, () => clock.now());
  const gateway = await startGateway(queue, log, {
    host: config.host,
    ports: config.ports,
    now: () => clock.now(),
    commands: createConfigCommands(db, () => clock.now()),
    devices: registry,
    limits: config.deviceLimits,
  });
  const mqtt = config.mqttUrl
    ? await startMqttIngest(queue, log, { url: config.mqttUrl, now: () => clock.now() })
    : null;
  return {
    log,
    close: async () => {
      await gateway.close();
      await mqtt?.close();
      await queue.close();
      await cluster.close();
      await db.close();
    },
  };
}

/**
 * `vigia processor`: holds a fair share of the ingest partitions, commits their frames, owns the live state of
 * their items (publishing live messages on NATS, snapshotting to item_state every second) and runs the alarm
 * engine on what it applies. No HTTP.
 */
export async function startProcessorNode(config: Config): Promise<Node> {
  const cluster = await joinCluster(config, "processor");
  const ctx = await nodeContext(config);
  const { log } = ctx;
  await ensureIngestStream(cluster, config.cluster.leaseMs);
  const bus = new NatsBus(cluster, (err) => log.warn({ err }, "unreadable live message"));
  const services = await createServices(ctx, { bus, cluster });
  const { live, alarms } = services;
  const items = new ItemPartitions(ctx.db, cluster.partitions);
  await items.refresh(ctx.clock.now());
  const consumer = new PartitionConsumer(cluster, services.processor, log, config.cluster.leaseMs, {
    // Items of a claimed partition continue from what their previous owner persisted.
    claimed: async (partition) => {
      await items.refresh(ctx.clock.now());
      const taken = items.itemsOf(partition);
      await live.adoptItems(taken);
      await alarms.adopt(taken);
      services.derived.adopt(taken);
    },
    // The next owner reads the state of the items from item_state: write it before the lease goes.
    released: async () => {
      await live.snapshot();
      await services.derived.idle();
    },
  });
  alarms.ownsItem = (itemType, itemId) => {
    const partition = items.partitionOfItem(itemType, itemId);
    return partition !== undefined && consumer.holds(partition);
  };
  await consumer.start();
  const timers = ownerTimers(ctx, services, CLUSTER_SNAPSHOT_MS);
  const refresh = setInterval(
    () => void items.refreshIfOlder(ctx.clock.now(), 60_000).catch((err: unknown) => log.warn({ err })),
    60_000,
  );
  refresh.unref();
  timers.push(refresh);
  log.info({ node: consumer.nodeId, partitions: consumer.partitions() }, "processor consuming");
  return {
    log,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      await consumer.close();
      await services.processor.close();
      await services.alarms.close();
      await services.derived.idle();
      await services.live.close();
      services.mailer.close();
      await cluster.close();
      await ctx.db.close();
    },
  };
}

/** `vigia api`: HTTP and WebSocket; live messages arrive over NATS, snapshots come from item_state. */
export async function startApiNode(config: Config): Promise<Node> {
  const cluster = await joinCluster(config, "api");
  const platform = await startPlatform(config, { cluster, role: "api" });
  return {
    log: platform.ctx.log,
    close: async () => {
      await platform.close();
      await cluster.close();
    },
  };
}
