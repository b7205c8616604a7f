/**
 * The live state of items as the real-time channel carries it: positions, motion, sensors,
 * driving events and the full per-item state of snapshots and detail messages. Types derive from the schemas
 * so the two ends and the checks cannot drift apart.
 */
import { z } from "zod";
import type { ItemType, PositionSource } from "../model/codes.ts";

export type ItemKey = "vehicle" | "asset" | "person";
export const ITEM_KEY_BY_TYPE: Record<1 | 2 | 3, ItemKey> = { 1: "vehicle", 2: "asset", 3: "person" };
export const ITEM_TYPE_BY_KEY: Record<ItemKey, 1 | 2 | 3> = { vehicle: 1, asset: 2, person: 3 };
/** Message-name prefix per item type: vPos, aPos, pPos. */
export const ITEM_PREFIX: Record<1 | 2 | 3, "v" | "a" | "p"> = { 1: "v", 2: "a", 3: "p" };

export const itemTypeSchema = z.literal([0, 1, 2, 3] satisfies ItemType[]);
export const positionSourceSchema = z.literal([1, 2, 3, 4, 5] satisfies PositionSource[]);

export const livePositionSchema = z.object({
  ts: z.number(),
  receivedTs: z.number(),
  lat: z.number(),
  lng: z.number(),
  alt: z.number(),
  /** km/h */
  spd: z.number(),
  course: z.number(),
  satt: z.number(),
  valid: z.boolean(),
  src: positionSourceSchema,
  /** Radius in metres within which the item is, for positions from cell towers, Wi-Fi or beacons (src 3-5). */
  acc: z.number().optional(),
});
export type LivePosition = z.infer<typeof livePositionSchema>;

/** moving: ignition on and travelling; idle: ignition on, standing; stopped: ignition off or parked. */
export const motionSchema = z.enum(["moving", "idle", "stopped"]);
export type Motion = z.infer<typeof motionSchema>;

export const sensorValueSchema = z.union([z.number(), z.string(), z.boolean()]);
export type SensorValue = z.infer<typeof sensorValueSchema>;
export const sensorsSchema = z.record(z.string(), sensorValueSchema);

/** kind: harshBraking, harshAcceleration, sharpTurn, overspeed, sos, powerCut, lowBattery, or a device's own. */
export const drivingEventSchema = z.object({
  kind: z.string(),
  ts: z.number(),
  lat: z.number(),
  lng: z.number(),
  spd: z.number(),
  value: z.number().optional(),
});
export type DrivingEvent = z.infer<typeof drivingEventSchema>;

const idSchema = z.number().int();

/** The live state of one item, as bindCompany's snapshot and the detail messages carry it. */
export const liveItemStateSchema = z.object({
  itemType: itemTypeSchema,
  id: idSchema,
  groupId: idSchema.nullable(),
  pos: livePositionSchema.nullable(),
  motion: motionSchema,
  ignition: z.boolean().nullable(),
  /** Total distance in metres, from the vehicle's odometer source. */
  odometer: z.number(),
  /** Engine time in seconds. */
  hours: z.number(),
  driverId: idSchema.nullable(),
  sensors: sensorsSchema,
  /** Start of the current trip (ms) when moving, start of the current stop when not. */
  since: z.number().nullable(),
  intrack: z.boolean(),
  dtcs: z.array(z.string()),
  customStateId: z.number().int(),
  /**
   * Nothing heard from the item's device for longer than the company's offline timeout
   * (`conf.general.offlineAfterMin`): its position and motion are old, not current.
   */
  offline: z.boolean(),
});
export type LiveItemState = z.infer<typeof liveItemStateSchema>;

/** The state of an item nothing has been heard from yet. */
export function emptyLiveItemState(
  itemType: ItemType,
  id: number,
  groupId: number | null = null,
): LiveItemState {
  return {
    itemType,
    id,
    groupId,
    pos: null,
    motion: "stopped",
    ignition: null,
    odometer: 0,
    hours: 0,
    driverId: null,
    sensors: {},
    since: null,
    intrack: false,
    dtcs: [],
    customStateId: 0,
    offline: false,
  };
}

/** Minutes without a report after which an item counts as offline, when the company has not set its own. */
export const DEFAULT_OFFLINE_AFTER_MIN = 5;
/** Bounds of the company's offline timeout (`conf.general.offlineAfterMin`). */
export const OFFLINE_AFTER_MIN_RANGE = { min: 1, max: 1440 } as const;

/** The company's offline timeout in ms from its stored configuration; anything out of range: the default. */
export function offlineAfterMs(general: unknown): number {
  const value =
    typeof general === "object" && general !== null && "offlineAfterMin" in general
      ? general.offlineAfterMin
      : undefined;
  const { min, max } = OFFLINE_AFTER_MIN_RANGE;
  const minutes =
    typeof value === "number" && Number.isInteger(value) && value >= min && value <= max
      ? value
      : DEFAULT_OFFLINE_AFTER_MIN;
  return minutes * 60_000;
}

/** Position update: the small high-frequency message (vPos, aPos, pPos). */
export const posMessageDataSchema = z.object({
  id: idSchema,
  pos: livePositionSchema,
  motion: motionSchema,
  ignition: z.boolean().nullable(),
  since: z.number().nullable(),
});
export type PosMessageData = z.infer<typeof posMessageDataSchema>;

export const trackPointSchema = z.object({
  ts: z.number(),
  lat: z.number(),
  lng: z.number(),
  alt: z.number(),
  spd: z.number(),
  course: z.number(),
  src: positionSourceSchema,
});
export type TrackPoint = z.infer<typeof trackPointSchema>;

export const stopSchema = z.object({
  startTs: z.number(),
  endTs: z.number().nullable(),
  lat: z.number(),
  lng: z.number(),
  /** Ignition stayed on during the stop (idling). */
  idle: z.boolean(),
});
export type Stop = z.infer<typeof stopSchema>;

/** The stored track of one item over a period: its points (thinned evenly when `truncated`), stops and events. */
export const dayTrackSchema = z.object({
  points: z.array(trackPointSchema),
  stops: z.array(stopSchema),
  events: z.array(drivingEventSchema),
  truncated: z.boolean(),
});
export type DayTrack = z.infer<typeof dayTrackSchema>;
