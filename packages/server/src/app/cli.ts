import { parseArgs } from "node:util";
import { parseRole } from "@vigia/domain";
import { ensureDefaultSite, ensureDeviceTypes } from "../demo/index.ts";
import { hashPassword } from "../kernel/auth/passwords.ts";
import { readConfig, systemClock } from "../kernel/config.ts";
import { migrate } from "../kernel/db/migrate.ts";
import { openDatabase } from "../kernel/db/open.ts";
import { startPlatform } from "./platform.ts";
import { joinCluster, type Node, startApiNode, startGatewayNode, startProcessorNode } from "./roles.ts";
import { SteerableClock, testClockMount, testClockRequested } from "./test-clock.ts";

const USAGE = `vigia <command>

  start                       run the platform (API, web app, gateway, processor; demo on an empty database)
  gateway                     cluster role: device sockets; frames go to the NATS JetStream ingest stream
  processor                   cluster role: commits frames from the stream, live state, alarms
  api                         cluster role: HTTP API, web app and live channel (live messages over NATS)
  migrate                     apply pending database migrations and exit
  create-user --email E --password P --role ROLE (--company-id N | --reseller-id N) [--first-name F --last-name L]
  decode <protocol> <hex-or-request>
                              decode one device message and print it as JSON
  quarantine [--reason R] [--imei I] [--limit N]
                              list the frames and positions the ingest kept apart, newest first
  quarantine redecode         decode the 'undecoded' frames again with the current decoders and restore the
                              positions of those now read whole (progress and a summary; idempotent)
  import-cells FILE.csv[.gz]  import an OpenCellID-format cell table (streamed, resumable, idempotent)
  import-wifi FILE.csv[.gz]   import a Wi-Fi access-point table: mac,lat,lon[,range,samples,updated] (same)
  import-addresses FILE.osm.pbf
                              import the streets and house numbers of an OpenStreetMap extract for addresses
                              and the map's street layer (resumable, idempotent; replaces an older FILE)
  import-map FILE.pmtiles     copy a PMTiles vector map archive into the data directory as the base map
                              (checked, resumable)
  rebuild-derived --company N --from YYYY-MM-DD (--to YYYY-MM-DD | --item TYPE:ID)
                              derive trips, stops, idles, visits, driving events and days again from stored
                              positions for a period (company time zone, both days included; replaces the period);
                              --item: one item (1 vehicle, 2 asset, 3 person) from --from to its newest position

Environment: PORT, DATABASE_URL, VIGIA_DATA_DIR, VIGIA_DEMO, SMTP_URL, MAIL_FROM, VIGIA_JWT_SECRET
Cluster: NATS_URL (required by the roles), VIGIA_NATS_PREFIX, VIGIA_PARTITIONS, VIGIA_LEASE_MS`;

/** Stops the node on SIGINT or SIGTERM, letting work in hand finish (acknowledged frames commit). */
function stopOnSignal(node: Node): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    node.log.info({ signal }, "shutting down");
    await node.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

async function start(): Promise<void> {
  const config = readConfig();
  // NATS_URL set: the live bus runs over NATS, so API nodes (`vigia api`) can serve this node's live messages.
  const cluster = config.cluster.natsUrl ? await joinCluster(config, "start") : undefined;
  // Browser tests only: a clock they can move forward, and the route that moves it.
  const testClock = testClockRequested() ? new SteerableClock() : null;
  let sweep: () => Promise<unknown> = async () => undefined;
  const platform = await startPlatform(config, {
    cluster,
    ...(testClock ? { clock: testClock, mounts: [testClockMount(testClock, () => sweep())] } : {}),
  });
  // What the owner timers would have run meanwhile: the offline sweep and the periodic reports that fell due.
  sweep = () => Promise.all([platform.services.live.markSilentItems(), platform.services.periodic.tick()]);
  if (testClock) platform.ctx.log.warn("VIGIA_TEST_CLOCK=manual: the test clock route is open (tests only)");
  platform.ctx.log.info(`Vigia is running at http://localhost:${config.port}`);
  stopOnSignal({
    log: platform.ctx.log,
    close: async () => {
      await platform.close();
      await cluster?.close();
    },
  });
}

async function role(name: "gateway" | "processor" | "api"): Promise<void> {
  const config = readConfig();
  const starters = { gateway: startGatewayNode, processor: startProcessorNode, api: startApiNode };
  const node = await starters[name](config);
  if (name === "api") node.log.info(`Vigia API is running at http://localhost:${config.port}`);
  stopOnSignal(node);
}

async function migrateOnly(): Promise<void> {
  const db = await openDatabase(readConfig());
  const applied = await migrate(db);
  await ensureDefaultSite(db);
  await ensureDeviceTypes(db);
  console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
  await db.close();
}

async function createUser(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
      "company-id": { type: "string" },
      "reseller-id": { type: "string" },
      "first-name": { type: "string", default: "" },
      "last-name": { type: "string", default: "" },
    },
  });
  const role = parseRole(values.role ?? "");
  if (!values.email || !values.password || !role)
    throw new Error("create-user needs --email, --password and a valid --role");
  const companyId = values["company-id"] ? Number(values["company-id"]) : null;
  const resellerId = values["reseller-id"] ? Number(values["reseller-id"]) : null;
  if ((companyId === null) === (resellerId === null))
    throw new Error("give exactly one of --company-id or --reseller-id");
  const db = await openDatabase(readConfig());
  await migrate(db);
  const now = systemClock.now();
  const rows = await db.query<{ id: number }>(
    `insert into users (email, password_hash, first_name, last_name, role, company_id, reseller_id,
       password_changed_ts, created_ts, updated_ts) values ($1, $2, $3, $4, $5, $6, $7, $8, $8, $8) returning id`,
    [
      values.email,
      await hashPassword(values.password),
      values["first-name"] ?? "",
      values["last-name"] ?? "",
      role,
      companyId,
      resellerId,
      now,
    ],
  );
  console.log(`created user ${rows[0]!.id} <${values.email}> as ${role}`);
  await db.close();
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case "start":
      return start();
    case "gateway":
    case "processor":
    case "api":
      return role(command);
    case "migrate":
      return migrateOnly();
    case "create-user":
      return createUser(rest);
    case "decode": {
      const { decodeCommand } = await import("./cli-decode.ts");
      return decodeCommand(rest);
    }
    case "quarantine": {
      const { quarantineCommand } = await import("./cli-quarantine.ts");
      return quarantineCommand(rest);
    }
    case "import-cells": {
      const { importCellsCommand } = await import("./cli-import-cells.ts");
      return importCellsCommand(rest);
    }
    case "import-addresses": {
      const { importAddressesCommand } = await import("./cli-import-addresses.ts");
      return importAddressesCommand(rest);
    }
    case "import-map": {
      const { importMapCommand } = await import("./cli-import-map.ts");
      return importMapCommand(rest);
    }
    case "import-wifi": {
      const { importCellsCommand } = await import("./cli-import-cells.ts");
      return importCellsCommand(rest, "wifi");
    }
    case "rebuild-derived": {
      const { rebuildDerivedCommand } = await import("./cli-rebuild-derived.ts");
      return rebuildDerivedCommand(rest);
    }
    default:
      console.log(USAGE);
      if (command && command !== "help" && command !== "--help") process.exitCode = 2;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
