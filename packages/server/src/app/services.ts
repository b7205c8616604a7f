import { AlarmService } from "../alarms/index.ts";
import { ReverseGeocoder } from "../geocoding/index.ts";
import { DeviceRegistry, PartitionManager, Processor } from "../ingest/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { EgressGuard, parseEgressAllowance } from "../kernel/egress.ts";
import { Mailer } from "../kernel/mail/mailer.ts";
import { SessionEvents } from "../kernel/session-events.ts";
import { type LiveBus, LiveHub, LiveStore, MemoryBus, RouteService } from "../live/index.ts";

/**
 * The long-lived services of one running platform. Built here, in dependency order, and handed to the
 * capabilities that use them: each route plugin names the few it takes.
 */
export interface Services {
  mailer: Mailer;
  /** Every fetch of an outside URL goes through it (WMS, geocoder, SMS gateway, CRA, web push). */
  egress: EgressGuard;
  /** User changes and sign-outs, heard by the live hub so open channels end or narrow. */
  sessions: SessionEvents;
  /** Device bindings the processor resolves frames with; invalidated when devices or items change. */
  registry: DeviceRegistry;
  /** Live state of every item, in memory, snapshotted to the database. */
  store: LiveStore;
  bus: LiveBus;
  partitions: PartitionManager;
  processor: Processor;
  /** Stored day routes and stops of items. */
  routeService: RouteService;
  geocoder: ReverseGeocoder;
  alarms: AlarmService;
  hub: LiveHub;
}

export async function createServices(ctx: KernelContext, options: { bus?: LiveBus } = {}): Promise<Services> {
  const { config, db, clock, log } = ctx;
  const mailer = new Mailer(db, clock, log, config.smtpUrl, config.mailFrom);
  const sessions = new SessionEvents();
  const egress = new EgressGuard({ allowance: parseEgressAllowance(config.egressAllowPrivate) });
  const registry = new DeviceRegistry(db, clock);
  const store = new LiveStore(db, clock);
  await store.load();
  const bus = options.bus ?? new MemoryBus();
  const partitions = new PartitionManager();
  const routeService = new RouteService(db, () => clock.now());
  const geocoder = new ReverseGeocoder(config.geocoderUrl, clock, egress);
  const processor = new Processor(ctx, registry, partitions, store, bus);
  const alarms = new AlarmService({ ...ctx, processor, store, bus, mailer, egress });
  alarms.start();
  const hub = new LiveHub(ctx, bus, store, routeService, sessions);
  return {
    mailer,
    egress,
    sessions,
    registry,
    store,
    bus,
    partitions,
    processor,
    routeService,
    geocoder,
    alarms,
    hub,
  };
}
