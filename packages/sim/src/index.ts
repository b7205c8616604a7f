/**
 * @vigia/sim — a simulated fleet speaking the real device protocols (Teltonika, GT06, OsmAnd; the text protocols
 * H02, GPS103, TK103, watch, Wialon IPS, Queclink, Meitrack and Suntech; the acknowledged binary ones Ruptela,
 * Galileosky, Topflytech, JT/T 808, EGTS, Cellocator, ATrack, Eelink and Navtelecom; CalAmp LM Direct over UDP).
 * `startSimulation` runs devices against a server; the motion model is exported for reuse. The protocol encoders
 * are `@vigia/protocols`, shared with the server's decoders.
 */

export { AckedClient, type AckedProtocolName } from "./clients/acked.ts";
export {
  CalampClient,
  type CalampClientOptions,
  type CalampSocket,
  type CalampSocketFactory,
} from "./clients/calamp.ts";
export { type ClientStats, newStats } from "./clients/common.ts";
export { Gt06Client } from "./clients/gt06.ts";
export { OsmandClient } from "./clients/osmand.ts";
export { sampleToAvl, TeltonikaClient } from "./clients/teltonika.ts";
export { TextClient, type TextProtocolName, textDeviceId } from "./clients/text.ts";
export { TimerWheel } from "./clients/wheel.ts";
export { ALL_PROTOCOLS, makeDevices, PROTOCOLS } from "./fleet.ts";
export {
  alongRoute,
  type IndoorBeacon,
  type IndoorSimOptions,
  type IndoorWalker,
  sightingsAt,
  startIndoorSimulation,
} from "./indoor.ts";
export {
  altitudeAt,
  defaultDriverIds,
  FUEL_IDLE_PER_S,
  FUEL_PER_M,
  initItem,
  type StartCounters,
  step,
  TANK_L,
} from "./motion/item.ts";
export { buildNetwork, type RoadNetwork, shortestPath } from "./motion/network.ts";
export {
  radioAt,
  radioTable,
  SIM_AP_RANGE_M,
  SIM_CELL_RANGE_M,
  type SimAp,
  type SimTower,
} from "./motion/radio.ts";
export { Rng, seedFor } from "./motion/rng.ts";
export { type NetworkStreet, networkStreets } from "./motion/streets.ts";
export type { ItemKind, ItemState, Sample, SimEvent } from "./motion/types.ts";
export {
  type SimDevice,
  type SimHandle,
  type SimOptions,
  type SimStats,
  startSimulation,
} from "./simulation.ts";
