import type { Route } from "./network.ts";

export type ItemKind = "vehicle" | "asset" | "person";

export type HarshType = "harshAcceleration" | "harshBraking" | "harshCornering";

export type SimEvent =
  | { type: "ignitionOn"; driverId: string | null }
  | { type: "ignitionOff" }
  | { type: "refuel"; litres: number }
  | { type: HarshType; g: number };

/** What a device reports at one instant; protocol clients map it onto their wire formats. */
export interface Sample {
  timeMs: number;
  lat: number;
  lng: number;
  altitudeM: number;
  speedKmh: number;
  heading: number;
  satellites: number;
  /** Vehicles only: assets and phones have no ignition wire. */
  ignition?: boolean;
  moving: boolean;
  odometerM: number;
  fuelPct?: number;
  engineSeconds?: number;
  externalMv?: number;
  batteryMv: number;
  batteryPct: number;
  charging: boolean;
  /** 0..5 bars. */
  gsm: number;
  /** iButton key of the current driver, 16 hex digits, while the ignition is on. */
  driverId?: string;
  /** Limit of the road being driven, when on a road. */
  speedLimitKmh?: number;
  /** The trip is a deliberately fast one: speeds may exceed the limit. */
  speeding: boolean;
  /** Everything that happened since the previous sample. */
  events: SimEvent[];
}

/** Per-item constants; shared by reference between successive states. */
export interface ItemConfig {
  kind: ItemKind;
  driverIds: readonly string[];
  tankL: number;
}

export type Phase = "parked" | "idle" | "moving";

/**
 * Everything that changes. Kept flat and small: a load run holds tens of thousands of these, and `step` returns a
 * shallow copy each time.
 */
export interface ItemState {
  config: ItemConfig;
  timeMs: number;
  phase: Phase;
  phaseLeftMs: number;
  /** What an idle phase leads to: a trip, or switching the engine off. */
  afterIdle: "move" | "park";
  node: number;
  route: Route | null;
  leg: number;
  s: number;
  /** Speed, m/s. */
  v: number;
  heading: number;
  speedFactor: number;
  harshAccelS: number;
  harshBrakeS: number;
  brakeTarget: number;
  /** Take the corner at the end of the current leg too fast (harsh cornering). */
  cornerBoost: boolean;
  ignition: boolean;
  odometerM: number;
  fuelL: number;
  engineS: number;
  driverIdx: number;
  satellites: number;
  gsm: number;
  batteryPct: number;
  charging: boolean;
}
