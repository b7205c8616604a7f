import { AlarmService } from "../alarms/index.ts";
import { CellLocator, OnlineGeolocator } from "../cells/index.ts";
import { ReverseGeocoder } from "../geocoding/index.ts";
import {
  DeviceCommandQueue,
  DeviceRegistry,
  type Durability,
  PartitionManager,
  Processor,
} from "../ingest/index.ts";
import type { Cluster } from "../kernel/cluster.ts";
import type { KernelContext } from "../kernel/context.ts";
import { EgressGuard, parseEgressAllowance } from "../kernel/egress.ts";
import { Mailer } from "../kernel/mail/mailer.ts";
import { SessionEvents } from "../kernel/session-events.ts";
import {
  clusterBindings,
  followBindings,
  type LiveBus,
  LiveHub,
  LiveState,
  TrackService,
} from "../live/index.ts";
import { announceZoneChanges, forgetZones } from "../places/index.ts";

/** The signal that tells every node a company's alarm rules changed. */
const ALARM_RULES = "alarm-rules";
/** The signal that tells every node a company's places (geozones, POIs) changed. */
const ZONES = "zones";

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
  /** Device bindings the processor resolves frames with; `live` invalidates them when devices or items change. */
  registry: DeviceRegistry;
  /** The one owner of live state and the only publisher on the live bus. */
  live: LiveState;
  partitions: PartitionManager;
  processor: Processor;
  /** Stored day tracks and stops of items. */
  tracks: TrackService;
  geocoder: ReverseGeocoder;
  alarms: AlarmService;
  hub: LiveHub;
  /** Commands from the map waiting for, or written to, device connections of this node's gateway. */
  deviceCommands: DeviceCommandQueue;
}

export interface ServicesOptions {
  bus?: LiveBus;
  /** A cluster node: bindings and alarm rules changed here are announced to the other nodes. */
  cluster?: Cluster;
  /** An API node of a cluster: live state is owned by the processors, the alarm engine runs there. */
  replica?: boolean;
  /** What makes a commit durable before devices are answered (the PGlite journal). */
  durability?: Durability;
}

export async function createServices(ctx: KernelContext, options: ServicesOptions = {}): Promise<Services> {
  const { config, db, clock, log } = ctx;
  const { cluster, replica = false } = options;
  const mailer = new Mailer(db, clock, log, config.smtpUrl, config.mailFrom, config.demo);
  const sessions = new SessionEvents();
  const egress = new EgressGuard({ allowance: parseEgressAllowance(config.egressAllowPrivate) });
  const registry = new DeviceRegistry(db, clock);
  if (cluster) followBindings(cluster, registry);
  const bindings = cluster ? clusterBindings(cluster, registry) : registry;
  const live = new LiveState(ctx, bindings, options.bus, { replica });
  await live.load();
  const partitions = new PartitionManager();
  const tracks = new TrackService(db, () => clock.now());
  const geocoder = new ReverseGeocoder(config.geocoderUrl, clock, egress);
  const online = config.geolocationUrl
    ? new OnlineGeolocator(config.geolocationUrl, egress, clock, log)
    : null;
  const locator = new CellLocator(db, online);
  const processor = new Processor(ctx, registry, partitions, live, {
    durability: options.durability,
    locator,
  });
  const alarms = new AlarmService({ ...ctx, live, mailer, egress });
  if (cluster) {
    alarms.onInvalidate = (companyId) => cluster.signal(ALARM_RULES, String(companyId));
    cluster.onSignal(ALARM_RULES, (companyId) => alarms.reload(Number(companyId)));
  }
  if (cluster) {
    announceZoneChanges((companyId) => cluster.signal(ZONES, String(companyId)));
    cluster.onSignal(ZONES, (companyId) => forgetZones(Number(companyId)));
  }
  if (!replica) alarms.start();
  const hub = new LiveHub(ctx, live, tracks, sessions);
  const deviceCommands = new DeviceCommandQueue(db, () => clock.now());
  return {
    mailer,
    egress,
    sessions,
    registry,
    live,
    partitions,
    processor,
    tracks,
    geocoder,
    alarms,
    hub,
    deviceCommands,
  };
}
