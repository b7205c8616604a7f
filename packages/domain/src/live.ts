/**
 * The real-time channel (spec 01 §7): JSON messages `{ type, data }` over the WebSocket at /fr/ws/.
 * The server may send several messages in one frame as a JSON array. Both ends import these types.
 */
import type { ItemType, PositionSource } from "./codes.ts";

export type ItemKey = "vehicle" | "asset" | "person";
export const ITEM_KEY_BY_TYPE: Record<1 | 2 | 3, ItemKey> = { 1: "vehicle", 2: "asset", 3: "person" };
export const ITEM_TYPE_BY_KEY: Record<ItemKey, 1 | 2 | 3> = { vehicle: 1, asset: 2, person: 3 };
/** Message-name prefix per item type: vPos, aPos, pPos. */
export const ITEM_PREFIX: Record<1 | 2 | 3, "v" | "a" | "p"> = { 1: "v", 2: "a", 3: "p" };

export interface LivePosition {
  ts: number;
  receivedTs: number;
  lat: number;
  lng: number;
  alt: number;
  /** km/h */
  spd: number;
  course: number;
  satt: number;
  valid: boolean;
  src: PositionSource;
}

/** moving: ignition on and travelling; idle: ignition on, standing; stopped: ignition off or parked. */
export type Motion = "moving" | "idle" | "stopped";

export type SensorValue = number | string | boolean;

export interface DrivingEvent {
  kind:
    | "harshBraking"
    | "harshAcceleration"
    | "sharpTurn"
    | "overspeed"
    | "sos"
    | "powerCut"
    | "lowBattery"
    | string;
  ts: number;
  lat: number;
  lng: number;
  spd: number;
  value?: number;
}

/** The live state of one item, as bindCompany's snapshot and the detail messages carry it. */
export interface LiveItemState {
  itemType: ItemType;
  id: number;
  groupId: number | null;
  pos: LivePosition | null;
  motion: Motion;
  ignition: boolean | null;
  /** Total distance in metres, from the vehicle's odometer source. */
  odometer: number;
  /** Engine time in seconds. */
  hours: number;
  driverId: number | null;
  sensors: Record<string, SensorValue>;
  /** Start of the current trip (ms) when moving, start of the current stop when not. */
  since: number | null;
  intrack: boolean;
  dtcs: string[];
  customStateId: number;
}

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
  };
}

/** Position update: the small high-frequency message (vPos, aPos, pPos). */
export interface PosMessageData {
  id: number;
  pos: LivePosition;
  motion: Motion;
  ignition: boolean | null;
  since: number | null;
}

export interface TrackPoint {
  ts: number;
  lat: number;
  lng: number;
  alt: number;
  spd: number;
  course: number;
  src: PositionSource;
}

export interface Stop {
  startTs: number;
  endTs: number | null;
  lat: number;
  lng: number;
  /** Ignition stayed on during the stop (idling). */
  idle: boolean;
}

export type ClientMessage =
  | { type: "initialize"; data: { accessToken: string } }
  | { type: "accessToken"; data: { accessToken: string } }
  | { type: "bindCompany"; data: { id: number } }
  | { type: "closeCompany"; data?: null }
  | { type: "userInMap"; data: { value: boolean } }
  | { type: "addGroup"; data: { id: number } }
  | { type: "removeGroup"; data: { id: number } }
  | { type: "addGroups"; data: { ids: number[] } }
  | { type: "removeGroups"; data: { ids: number[] } }
  | { type: "mapGroupsSelected"; data: { ids: number[] } }
  | { type: "vTrack"; data: { id: number; from?: number; to?: number } }
  | {
      type: "inVehicle" | "outVehicle" | "inAsset" | "outAsset" | "inPerson" | "outPerson";
      data: { id: number };
    }
  | { type: "sensorTableOn"; data: { ids: number[] } }
  | { type: "sensorTableOff"; data?: null };

export interface BindCompanyData {
  id: number;
  initTs: number;
  vehicles: Record<string, LiveItemState>;
  assets: Record<string, LiveItemState>;
  persons: Record<string, LiveItemState>;
}

export type ServerMessage =
  | { type: "initialize"; data: { ok: true; initTs: number; userId: number } }
  | { type: "bindCompany"; data: BindCompanyData }
  | { type: "vPos" | "aPos" | "pPos"; data: PosMessageData }
  | { type: "vSensor" | "aSensor" | "pSensor"; data: { id: number; sensors: Record<string, SensorValue> } }
  | { type: "vEvent" | "aEvent" | "pEvent"; data: { id: number; event: DrivingEvent } }
  | {
      type: "vTrack";
      data: { id: number; points: TrackPoint[]; stops: Stop[]; events: DrivingEvent[]; truncated: boolean };
    }
  | { type: "vOdo"; data: { id: number; odometer: number } }
  | { type: "vHour"; data: { id: number; hours: number } }
  | { type: "vDriver"; data: { id: number; driverId: number | null; ts: number } }
  | { type: "dVehicle"; data: { id: number; vehicleId: number | null; ts: number } }
  | { type: "vDtc"; data: { id: number; dtcs: string[] } }
  | { type: "inVehicle" | "inAsset" | "inPerson"; data: LiveItemState }
  | { type: "sensorTableOn"; data: { items: Record<string, Record<string, SensorValue>> } }
  | { type: "addGroup"; data: { id: number } }
  | { type: "addGroups"; data: { ids: number[] } }
  | { type: "reloadGroup"; data: { id: number } }
  | { type: "companyStatus"; data: { id: number; state: number } }
  | { type: "actionState"; data: { action: string; ok: boolean; text?: string } }
  | { type: "alert"; data: { text: string } }
  | { type: "checkToken"; data: { frontVersion?: number } }
  | {
      type: "vCustomState" | "aCustomState" | "pCustomState" | "dCustomState";
      data: { id: number; stateId: number };
    }
  | {
      type: "vCustomData" | "aCustomData" | "pCustomData" | "dCustomData";
      data: { id: number; customData: Record<string, unknown> };
    }
  | { type: "poi"; data: { id: number } & Record<string, unknown> }
  | { type: "poiDel"; data: { id: number } }
  | { type: "alarmlog" | "alarmlogState"; data: { id: number } & Record<string, unknown> }
  | { type: "alarmlogDelete"; data: { id: number } }
  | { type: "error"; data: { description: string } };

/** Messages the browser worker buffers and applies once a second (spec 01 §7). */
export const HIGH_FREQUENCY_TYPES: ReadonlySet<string> = new Set([
  "vPos",
  "aPos",
  "pPos",
  "vSensor",
  "aSensor",
  "pSensor",
  "vEvent",
  "aEvent",
  "pEvent",
  "vOdo",
  "vHour",
]);
