import { AlarmService } from "../alarms/index.ts";
import { CellLocator, OnlineGeolocator } from "../cells/index.ts";
import { DerivedService, trips as derivedTrips, TimeZoneCache } from "../derived/index.ts";
import { createBlobStore, FileService } from "../files/index.ts";
import { Forwarder } from "../forwarding/index.ts";
import { ReverseGeocoder } from "../geocoding/index.ts";
import { BeaconCache } from "../indoor/index.ts";
import {
  DeviceCommandQueue,
  DeviceRegistry,
  type Durability,
  PartitionManager,
  Processor,
} from "../ingest/index.ts";
import { ItineraryPlanCache } from "../itineraries/index.ts";
import type { Cluster } from "../kernel/cluster.ts";
import { companyChanges } from "../kernel/company-changes.ts";
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
import { MaintenanceChecker } from "../maintenance/index.ts";
import { PeriodicScheduler, type RenderReport, reportEngineRenderer } from "../periodic/index.ts";
import { ZoneCache } from "../places/index.ts";
import { ReportJobs } from "../reports/index.ts";
import { SharedRouteChannel } from "../sharing/index.ts";

/** The signal that tells every node a company's alarm rules changed. */
const ALARM_RULES = "alarm-rules";
/** The signal that tells every node a company's places (geozones, POIs) changed. */
const ZONES = "zones";
/** The signal that tells every node a company's beacons or indoor maps changed. */
const BEACONS = "beacons";
/** The signal that tells every node a company's time zone (or every company's, 0) may have changed. */
const TIME_ZONES = "time-zones";

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
  /** Report jobs of this node: progress, cancellation, results kept for their files. */
  reportJobs: ReportJobs;
  alarms: AlarmService;
  /** Trips, stops, idles, visits, driving events and days kept from committed positions (not on API replicas). */
  derived: DerivedService;
  hub: LiveHub;
  /** The public shared-route pages' read-only live channels. */
  sharedChannel: SharedRouteChannel;
  /** The beacons BLE sightings are positioned against, per company. */
  beacons: BeaconCache;
  /** Each company's geozones and POIs, for the alarm engine, derivation and "which places is this point in". */
  zones: ZoneCache;
  /** Each company's itineraries as the alarm engine follows them. */
  itineraryPlans: ItineraryPlanCache;
  /** Each company's time zone, for its local days. */
  timeZones: TimeZoneCache;
  /** Commands from the map waiting for, or written to, device connections of this node's gateway. */
  deviceCommands: DeviceCommandQueue;
  /** Data forwarding to other platforms: queued after live state applied positions, delivered apart. */
  forwarder: Forwarder;
  /** Uploaded files (attachments, photos): one store, local directory, memory or S3. */
  files: FileService;
  /** Moves maintenance revisions to pending/overdue from positions and the owner's timer, and notifies. */
  maintenance: MaintenanceChecker;
  /** Runs periodic reports when due; ticked by the owner timers (one run per period across nodes). */
  periodic: PeriodicScheduler;
}

export interface ServicesOptions {
  bus?: LiveBus;
  /** A cluster node: bindings and alarm rules changed here are announced to the other nodes. */
  cluster?: Cluster;
  /** An API node of a cluster: live state is owned by the processors, the alarm engine runs there. */
  replica?: boolean;
  /** What makes a commit durable before devices are answered (the PGlite journal). */
  durability?: Durability;
  /** How periodic runs render their report (tests inject their own). */
  renderReport?: RenderReport;
}

export async function createServices(ctx: KernelContext, options: ServicesOptions = {}): Promise<Services> {
  const { config, db, clock, log } = ctx;
  const { cluster, replica = false } = options;
  const mailer = new Mailer(db, clock, log, config.smtpUrl, config.mailFrom, config.demo);
  const sessions = new SessionEvents();
  const egress = new EgressGuard({ allowance: parseEgressAllowance(config.egressAllowPrivate) });
  const registry = new DeviceRegistry(db, clock, config.requireDeviceKeys);
  if (cluster) followBindings(cluster, registry);
  const bindings = cluster ? clusterBindings(cluster, registry) : registry;
  const live = new LiveState(ctx, bindings, options.bus, { replica });
  await live.load();
  const partitions = new PartitionManager();
  const tracks = new TrackService(
    db,
    () => clock.now(),
    (scope, range) => derivedTrips(db, scope, range),
  );
  const geocoder = new ReverseGeocoder(config.geocoderUrl, clock, egress, db);
  const reportJobs = new ReportJobs(db, () => clock.now());
  const online = config.geolocationUrl
    ? new OnlineGeolocator(config.geolocationUrl, egress, clock, log)
    : null;
  const locator = new CellLocator(db, online);
  // Per-company caches: each drops a company's copy when told of a change, on this node and (through the
  // cluster's signal of its kind) on every other one.
  const beacons = new BeaconCache(db, companyChanges(cluster, BEACONS));
  const zones = new ZoneCache(db, companyChanges(cluster, ZONES));
  const timeZones = new TimeZoneCache(db, companyChanges(cluster, TIME_ZONES));
  // Dropped with the company's alarm rules (itinerary writes reload them), its places and its time zone, so it
  // needs no signal of its own.
  const itineraryPlans = new ItineraryPlanCache(db, timeZones, zones);
  const processor = new Processor(ctx, registry, partitions, live, {
    durability: options.durability,
    locator,
    beacons,
  });
  const alarms = new AlarmService({
    ...ctx,
    live,
    mailer,
    egress,
    beacons,
    zones,
    itineraryPlans,
    geocoder,
    ruleChanges: companyChanges(cluster, ALARM_RULES),
  });
  if (!replica) alarms.start();
  const derived = new DerivedService(ctx, partitions, { zones, beacons, timeZones });
  if (!replica) derived.attach(live);
  const forwarder = new Forwarder({ ...ctx, egress });
  // Where positions are applied (not on an API node), they are queued; every node delivers what is due.
  if (!replica) live.onApplied(forwarder.enqueue);
  forwarder.start();
  const hub = new LiveHub(ctx, live, tracks, sessions);
  const sharedChannel = new SharedRouteChannel({ ...ctx, live });
  const deviceCommands = new DeviceCommandQueue(db, () => clock.now());
  const files = new FileService(db, clock, createBlobStore(config, clock));
  const maintenance = new MaintenanceChecker({ ...ctx, live, alarms, mailer });
  // After the alarm engine's listener: positions are committed and acknowledged before either runs.
  if (!replica) live.onApplied((applied) => maintenance.onApplied(applied));
  const periodic = new PeriodicScheduler(ctx, {
    mailer,
    egress,
    render: options.renderReport ?? reportEngineRenderer(ctx, geocoder),
  });
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
    reportJobs,
    alarms,
    derived,
    hub,
    sharedChannel,
    beacons,
    zones,
    itineraryPlans,
    timeZones,
    deviceCommands,
    forwarder,
    files,
    maintenance,
    periodic,
  };
}
