import path from "node:path";

/** Everything the server reads from the environment, read once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string | null;
  databaseUrl: string | null;
  databaseSchema: string | null;
  demo: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  jwtSecret: string | null;
  /** Origin of the default site in mail links (`PUBLIC_URL`); other sites set theirs in the sites table. */
  publicUrl: string | null;
  /** Serve the OpenAPI document without signing in. */
  publicDocs: boolean;
  /** Accounts of a brand sign in only on its hosts and the platform's (VIGIA_BRAND_SIGN_IN=any turns it off). */
  brandSignIn: boolean;
  webDist: string;
  /** Whether the ingest gateway listeners and the demo simulator run in this process. */
  gateway: boolean;
  simulate: boolean;
  /**
   * Device listener ports set in the environment, by lower-case protocol name: `<PROTOCOL>_PORT` (e.g.
   * `H02_PORT=6013`; 0 picks a free port), null when disabled with `off`. A protocol not named here listens on
   * its registry's default port (the gateway resolves it; the kernel knows no protocols).
   */
  ports: Record<string, number | null>;
  /** Limits of the device gateway (ingest/device-limits.ts). */
  deviceLimits: {
    handshakeTimeoutMs: number;
    maxPerAddress: number;
    /** Device connections of the whole gateway (DEVICE_MAX_CONNECTIONS); null: under the descriptor limit. */
    maxConnections: number | null;
    osmandBurst: number;
    osmandPerSecond: number;
  };
  mqttUrl: string | null;
  geocoderUrl: string | null;
  /** OSRM-compatible routing service (ROUTER_URL): OSRM, or Valhalla/GraphHopper through their OSRM-style API. */
  routerUrl: string | null;
  /**
   * Self-hosted vector tiles: MAP_PMTILES (a .pmtiles file this server serves, or the URL of one), else the
   * archive `vigia import-map` put in the data directory (`mapImportedArchive`), offered once it exists.
   */
  mapPmtiles: string | null;
  /** Where `vigia import-map` puts the archive: `<data dir>/map/base.pmtiles`; null without a data directory. */
  mapImportedArchive: string | null;
  /**
   * Raster tiles of an OpenStreetMap-style tile server (MAP_OSM_TILES, a {z}/{x}/{y} pattern), offered as the
   * "osm" base map; unset, no base map reaches a third party.
   */
  mapOsmTiles: string | null;
  /** The base map of companies that chose none (MAP_DEFAULT_PROVIDER, an offered provider id). */
  mapDefaultProvider: string | null;
  /**
   * More raster base maps (MAP_TILE_PROVIDERS): `id|name|{z}/{x}/{y} URL|attribution` entries separated by
   * `;`, offered to companies besides the site's own tiles.
   */
  mapTileProviders: string | null;
  /** Geolocation service for cell towers and Wi-Fi APs the local tables do not know (GEOLOCATION_URL). */
  geolocationUrl: string | null;
  trustProxy: boolean;
  /** Private targets the server may fetch from (VIGIA_EGRESS_ALLOW_PRIVATE): `1`, a CIDR list, or none. */
  egressAllowPrivate: string | null;
  /**
   * Every device whose protocol can carry a key must present one, in every company (VIGIA_REQUIRE_DEVICE_KEYS);
   * without it, each company decides.
   */
  requireDeviceKeys: boolean;
  /**
   * Days of demo history generated in bulk at first start (positions and derived rows) when the demo simulates;
   * 0: none. VIGIA_DEMO_HISTORY_DAYS.
   */
  demoHistoryDays: number;
  /** Seconds between positions of each simulated demo device. */
  simIntervalS: number;
  /** Bearer token for /metrics (METRICS_TOKEN); without it only loopback may read, unless VIGIA_METRICS_PUBLIC. */
  metricsToken: string | null;
  metricsPublic: boolean;
  /**
   * S3-compatible storage for uploaded files (S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID,
   * S3_SECRET_ACCESS_KEY); null: files go to `<dataDir>/files`, or stay in memory with VIGIA_DATA_DIR=memory.
   */
  s3: S3Config | null;
  /** Scale-out over NATS (README "Running as a cluster"); `natsUrl` null: one process, in-memory live bus. */
  cluster: {
    natsUrl: string | null;
    prefix: string;
    partitions: number;
    /** How long a processor's claim on a partition lasts without renewal: the fail-over time after a crash. */
    leaseMs: number;
  };
}

export interface S3Config {
  /** Origin of the service, path-style requests: `<endpoint>/<bucket>/<key>`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

function s3Config(env: NodeJS.ProcessEnv): S3Config | null {
  const endpoint = origin("S3_ENDPOINT", env.S3_ENDPOINT);
  const bucket = env.S3_BUCKET;
  if (!endpoint || !bucket) return null;
  return {
    endpoint,
    bucket,
    region: env.S3_REGION || "us-east-1",
    accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
  };
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return !["0", "false", "no", "off"].includes(value.toLowerCase());
}

/** An http(s) origin without a trailing slash; anything else is a configuration error, caught at start. */
function origin(name: string, value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not a URL: ${value}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`${name} must be http(s): ${value}`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** One listener's port: `off`/`no`/`false`/`disabled` disables it, anything not an integer keeps the default. */
function listenerPort(value: string | undefined, fallback: number): number | null {
  if (value !== undefined && ["off", "no", "false", "disabled", "none"].includes(value.toLowerCase()))
    return null;
  return int(value, fallback);
}

/** Every `<NAME>_PORT` variable whose name is one word (so `PORT` and `KUBERNETES_SERVICE_PORT` are not). */
function listenerPorts(env: NodeJS.ProcessEnv): Record<string, number | null> {
  const ports: Record<string, number | null> = {};
  for (const [key, value] of Object.entries(env)) {
    const name = /^([A-Z][A-Z0-9]*)_PORT$/.exec(key)?.[1];
    if (!name || value === undefined) continue;
    const port = listenerPort(value, -1);
    if (port === null || port >= 0) ports[name.toLowerCase()] = port;
  }
  return ports;
}

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(n) ? n : fallback;
}

/** A URL stays as given; a file path becomes absolute. */
function importedArchive(env: NodeJS.ProcessEnv): string | null {
  return env.VIGIA_DATA_DIR === "memory"
    ? null
    : path.resolve(env.VIGIA_DATA_DIR ?? "./data", "map", "base.pmtiles");
}

function resolveLocal(value: string): string {
  return /^https?:\/\//.test(value) ? value : path.resolve(value);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const schema = env.VIGIA_DB_SCHEMA ?? null;
  if (schema !== null && !SCHEMA_NAME.test(schema))
    throw new Error(`VIGIA_DB_SCHEMA is not a plain schema name: ${schema}`);
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? "0.0.0.0",
    dataDir: env.VIGIA_DATA_DIR === "memory" ? null : path.resolve(env.VIGIA_DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL || null,
    databaseSchema: schema,
    demo: flag(env.VIGIA_DEMO, true),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? "Vigia <no-reply@vigia.local>",
    jwtSecret: env.VIGIA_JWT_SECRET || null,
    publicUrl: origin("PUBLIC_URL", env.PUBLIC_URL || env.VIGIA_PUBLIC_URL),
    publicDocs: flag(env.VIGIA_PUBLIC_DOCS, false),
    brandSignIn: env.VIGIA_BRAND_SIGN_IN !== "any",
    webDist: path.resolve(env.VIGIA_WEB_DIST ?? new URL("../../../web/dist", import.meta.url).pathname),
    gateway: flag(env.VIGIA_GATEWAY, true),
    simulate: flag(env.VIGIA_SIMULATE, true),
    ports: listenerPorts(env),
    deviceLimits: {
      handshakeTimeoutMs: positive(env.DEVICE_HANDSHAKE_TIMEOUT, 60) * 1000,
      maxPerAddress: Math.floor(positive(env.DEVICE_MAX_PER_ADDRESS, 500)),
      maxConnections: env.DEVICE_MAX_CONNECTIONS ? Math.floor(positive(env.DEVICE_MAX_CONNECTIONS, 1)) : null,
      osmandBurst: positive(env.OSMAND_RATE_BURST, 60),
      osmandPerSecond: positive(env.OSMAND_RATE_PER_SECOND, 2),
    },
    mqttUrl: env.MQTT_URL || null,
    geocoderUrl: env.GEOCODER_URL || null,
    routerUrl: env.ROUTER_URL || null,
    mapPmtiles: env.MAP_PMTILES ? resolveLocal(env.MAP_PMTILES) : importedArchive(env),
    mapImportedArchive: importedArchive(env),
    mapOsmTiles: env.MAP_OSM_TILES || null,
    mapDefaultProvider: env.MAP_DEFAULT_PROVIDER || null,
    mapTileProviders: env.MAP_TILE_PROVIDERS || null,
    geolocationUrl: env.GEOLOCATION_URL || null,
    trustProxy: flag(env.VIGIA_TRUST_PROXY, false),
    egressAllowPrivate: env.VIGIA_EGRESS_ALLOW_PRIVATE || null,
    requireDeviceKeys: flag(env.VIGIA_REQUIRE_DEVICE_KEYS, false),
    simIntervalS: int(env.VIGIA_SIM_INTERVAL, 5),
    demoHistoryDays: Math.min(60, Math.max(0, int(env.VIGIA_DEMO_HISTORY_DAYS, 30))),
    metricsToken: env.METRICS_TOKEN || null,
    metricsPublic: flag(env.VIGIA_METRICS_PUBLIC, false),
    s3: s3Config(env),
    cluster: {
      natsUrl: env.NATS_URL || null,
      prefix: env.VIGIA_NATS_PREFIX || "vigia",
      partitions: Math.floor(positive(env.VIGIA_PARTITIONS, 8)),
      leaseMs: positive(env.VIGIA_LEASE_MS, 6000),
    },
  };
}

/** Time source; tests drive it by hand so nothing depends on the wall clock. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

export class ManualClock implements Clock {
  constructor(private current: number) {}
  now(): number {
    return this.current;
  }
  set(ts: number): void {
    this.current = ts;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
