import type { FastifyBaseLogger } from "fastify";
import type { Clock, Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { ReverseGeocoder } from "./geocoding/reverse.ts";
import type { Processor } from "./ingest/processor.ts";
import type { DeviceRegistry } from "./ingest/registry.ts";
import type { LiveBus } from "./live/bus.ts";
import type { RouteService } from "./live/route-service.ts";
import type { LiveStore } from "./live/store.ts";
import type { Mailer } from "./mail/mailer.ts";

/** What every capability needs, built once at start and handed to each route plugin. */
export interface AppContext {
  config: Config;
  db: Database;
  clock: Clock;
  mailer: Mailer;
  jwtKey: Uint8Array;
  /** Start time of this server build: clients reload when it is newer than the front they run. */
  initTs: number;
  log: FastifyBaseLogger;
  telematics: Telematics;
}

/** The live side of the platform: device bindings, live state, the bus and stored routes. */
export interface Telematics {
  registry: DeviceRegistry;
  store: LiveStore;
  bus: LiveBus;
  processor: Processor;
  routes: RouteService;
  geocoder: ReverseGeocoder;
}
