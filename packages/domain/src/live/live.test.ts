import { describe, expect, it } from "vitest";
import type { AlarmLog } from "../model/alarm-log.ts";
import { emptyAlarmRule } from "../model/alarm-rule-draft.ts";
import type { Geozone, Poi } from "../model/places.ts";
import {
  type DrivingEvent,
  emptyLiveItemState,
  type LiveClientMessage,
  type LiveItemState,
  type LivePosition,
  type LiveServerMessage,
  liveClientMessageSchema,
  liveServerMessageSchema,
} from "./index.ts";

const pos: LivePosition = {
  ts: 1,
  receivedTs: 2,
  lat: 40.4,
  lng: -3.7,
  alt: 650,
  spd: 35,
  course: 90,
  satt: 9,
  valid: true,
  src: 1,
};
const state: LiveItemState = {
  ...emptyLiveItemState(1, 12, 3),
  pos,
  motion: "moving",
  sensors: { t: 4, door: true, fw: "1.2" },
};
const event: DrivingEvent = { kind: "harshBraking", ts: 1, lat: 40, lng: -3, spd: 50, value: 0.4 };
const entry = { value: 0, ts: 1, by: "", text: "" } as const;
const poi: Poi = {
  id: 5,
  name: "Depot",
  lat: 40,
  lng: -3,
  radius: 50,
  color: "#228be6",
  icon: "pin",
  group: null,
  address: "",
  createdTs: 1,
  updatedTs: 1,
};
const geozone: Geozone = {
  id: 6,
  name: "Yard",
  color: "#228be6",
  group: null,
  description: "",
  type: "circle",
  lat: 40,
  lng: -3,
  radius: 100,
  points: [],
  speedLimit: 30,
  geometry: {
    type: "Polygon",
    coordinates: [
      [
        [-3, 40],
        [-3.001, 40],
        [-3, 40.001],
        [-3, 40],
      ],
    ],
  },
  createdTs: 1,
  updatedTs: 1,
};
const alarmLog: AlarmLog = {
  id: 9,
  ts: 1,
  receptionTs: 2,
  itemType: 1,
  itemId: 12,
  itemName: "Van 1",
  companyId: 1,
  info: {
    name: "Depot",
    priority: 3,
    family: 5,
    description: "",
    notification: { ...emptyAlarmRule().notification, recipients: ["ops@acme.demo"] },
    alarmId: 4,
    craCode: "",
    craId: null,
  },
  data: {
    event: "geozoneIn",
    text: "Van 1 entered Depot",
    pos: { lat: 40, lng: -3, spd: 0, alt: 0, src: 1, satt: 7 },
  },
  state: { current: entry, historic: [entry] },
  seen: false,
  late: false,
  delivery: [{ channel: "email", target: "ops@acme.demo", status: "sent", attempts: 1, error: null, ts: 3 }],
};

const serverSamples: LiveServerMessage[] = [
  { type: "initialize", data: { ok: true, initTs: 1, userId: 2 } },
  { type: "bindCompany", data: { id: 1, initTs: 1, vehicles: { 12: state }, assets: {}, persons: {} } },
  ...(["vPos", "aPos", "pPos"] as const).map((type) => ({
    type,
    data: { id: 12, pos, motion: "idle" as const, ignition: null, since: null },
  })),
  ...(["vSensor", "aSensor", "pSensor"] as const).map((type) => ({
    type,
    data: { id: 12, sensors: { t: 1 } },
  })),
  ...(["vEvent", "aEvent", "pEvent"] as const).map((type) => ({ type, data: { id: 12, event } })),
  {
    type: "vTrack",
    data: {
      id: 12,
      points: [{ ts: 1, lat: 40, lng: -3, alt: 0, spd: 0, course: 0, src: 1 }],
      stops: [{ startTs: 1, endTs: null, lat: 40, lng: -3, idle: true }],
      events: [event],
      truncated: false,
    },
  },
  { type: "vOdo", data: { id: 12, odometer: 1000 } },
  ...(["vOffline", "aOffline", "pOffline"] as const).map((type) => ({
    type,
    data: { id: 12, offline: true },
  })),
  ...(["vEnded", "aEnded", "pEnded"] as const).map((type) => ({ type, data: { id: 12 } })),
  { type: "reloadTrackers", data: {} },
  { type: "vHour", data: { id: 12, hours: 3600 } },
  { type: "vDriver", data: { id: 12, driverId: null, ts: 1 } },
  { type: "dVehicle", data: { id: 3, vehicleId: 12, ts: 1 } },
  { type: "vDtc", data: { id: 12, dtcs: ["P0300"] } },
  ...(["inVehicle", "inAsset", "inPerson"] as const).map((type) => ({ type, data: state })),
  { type: "sensorTableOn", data: { items: { 12: { t: 1 } } } },
  { type: "addGroup", data: { id: 3 } },
  { type: "addGroups", data: { ids: [3, 4] } },
  { type: "reloadGroup", data: { id: 3 } },
  { type: "companyStatus", data: { id: 1, state: 3 } },
  { type: "actionState", data: { action: "immobilize", ok: true } },
  { type: "alert", data: { text: "Maintenance tonight" } },
  { type: "checkToken", data: { frontVersion: 2 } },
  ...(["vCustomState", "aCustomState", "pCustomState", "dCustomState"] as const).map((type) => ({
    type,
    data: { id: 12, stateId: 2 },
  })),
  ...(["vCustomData", "aCustomData", "pCustomData", "dCustomData"] as const).map((type) => ({
    type,
    data: { id: 12, customData: { colour: "red", seats: 3, ac: true } },
  })),
  { type: "poi", data: poi },
  { type: "poiDel", data: { id: 5 } },
  { type: "geozone", data: geozone },
  { type: "geozoneDel", data: { id: 6 } },
  {
    type: "marker",
    data: {
      id: 7,
      name: "Depot",
      note: "",
      lat: 40,
      lng: -3,
      shared: true,
      author: "a@b.c",
      createdTs: 1,
      authorId: 3,
    },
  },
  { type: "markerDel", data: { id: 7 } },
  {
    type: "ticket",
    data: {
      id: 3,
      companyId: 1,
      companyName: "Acme",
      type: "serviceRequest",
      title: "Replace the tracker",
      priority: "high",
      state: "inProgress",
      assigneeId: 2,
      assigneeName: "Ana",
      requesterId: 4,
      requesterName: "Luis",
      linkKind: "vehicle",
      linkId: 12,
      linkName: "1234-KBC",
      alarmLogId: null,
      createdTs: 1,
      updatedTs: 2,
      commentCount: 1,
      tasksDone: 0,
      tasksTotal: 2,
    },
  },
  { type: "alarmlog", data: alarmLog },
  { type: "alarmlogState", data: { id: 9, state: { current: entry, historic: [entry] } } },
  { type: "alarmlogDelete", data: { id: 9 } },
  {
    type: "error",
    data: { description: "message.invalid", request: "initialize", fields: { data: "invalid_type" } },
  },
];

const clientSamples: LiveClientMessage[] = [
  { type: "initialize", data: { accessToken: "T" } },
  { type: "accessToken", data: { accessToken: "T2" } },
  { type: "bindCompany", data: { id: 1 } },
  { type: "closeCompany" },
  { type: "userInMap", data: { value: false } },
  { type: "addGroup", data: { id: 3 } },
  { type: "removeGroup", data: { id: 3 } },
  { type: "addGroups", data: { ids: [3] } },
  { type: "removeGroups", data: { ids: [3] } },
  { type: "mapGroupsSelected", data: { ids: [] } },
  { type: "vTrack", data: { id: 12, from: 1, to: 2 } },
  ...(["inVehicle", "outVehicle", "inAsset", "outAsset", "inPerson", "outPerson"] as const).map((type) => ({
    type,
    data: { id: 12 },
  })),
  { type: "sensorTableOn", data: { ids: [12] } },
  { type: "sensorTableOff" },
];

/** Every type a schema's discriminated union accepts. */
function typesOf(schema: typeof liveServerMessageSchema | typeof liveClientMessageSchema): string[] {
  return schema.options.flatMap((option) => [...option.shape.type.values]);
}

/** The samples went through JSON, as they do on the socket. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe("live server messages", () => {
  it("has a sample of every type", () => {
    expect(new Set(serverSamples.map((m) => m.type))).toEqual(new Set(typesOf(liveServerMessageSchema)));
  });

  it.each(serverSamples.map((m) => [m.type, m] as const))("%s parses unchanged", (_type, message) => {
    const parsed = liveServerMessageSchema.safeParse(wire(message));
    expect(parsed.error).toBeUndefined();
    expect(parsed.data).toEqual(message);
  });

  it.each([
    ["no type", { data: { id: 1 } }],
    ["an unknown type", { type: "vTeleport", data: { id: 1 } }],
    ["no data", { type: "vPos" }],
    [
      "a position without coordinates",
      { type: "vPos", data: { id: 1, motion: "moving", ignition: true, since: null, pos: { ts: 1 } } },
    ],
    ["a string id", { type: "poiDel", data: { id: "5" } }],
    ["an unknown motion", { type: "inVehicle", data: { ...state, motion: "flying" } }],
    [
      "an unknown position source",
      { type: "vPos", data: { id: 1, pos: { ...pos, src: 9 }, motion: "idle", ignition: null, since: null } },
    ],
    ["a sensor object value", { type: "vSensor", data: { id: 1, sensors: { t: { c: 1 } } } }],
    [
      "a snapshot item without state",
      {
        type: "bindCompany",
        data: { id: 1, initTs: 1, vehicles: { 1: { id: 1 } }, assets: {}, persons: {} },
      },
    ],
    ["an error without description", { type: "error", data: {} }],
    ["a POI without name", { type: "poi", data: { ...poi, name: undefined } }],
    ["an alarm notice without state", { type: "alarmlog", data: { ...alarmLog, state: undefined } }],
    ["null", null],
    ["an array", [{ type: "alert", data: { text: "x" } }]],
  ])("rejects %s", (_name, value) => {
    expect(liveServerMessageSchema.safeParse(wire(value)).success).toBe(false);
  });
});

describe("live client messages", () => {
  it("has a sample of every type", () => {
    expect(new Set(clientSamples.map((m) => m.type))).toEqual(new Set(typesOf(liveClientMessageSchema)));
  });

  it.each(clientSamples.map((m) => [m.type, m] as const))("%s parses unchanged", (_type, message) => {
    const parsed = liveClientMessageSchema.safeParse(wire(message));
    expect(parsed.error).toBeUndefined();
    expect(parsed.data).toEqual(message);
  });

  it.each([
    ["an empty object", {}],
    ["initialize without data", { type: "initialize" }],
    ["initialize without token", { type: "initialize", data: {} }],
    ["a numeric token", { type: "accessToken", data: { accessToken: 5 } }],
    ["bindCompany with a string id", { type: "bindCompany", data: { id: "1" } }],
    ["a fractional id", { type: "inVehicle", data: { id: 1.5 } }],
    ["groups as a single id", { type: "mapGroupsSelected", data: { ids: 3 } }],
    ["userInMap without value", { type: "userInMap", data: {} }],
    ["a server-only type", { type: "vPos", data: { id: 1 } }],
    ["an unknown type", { type: "teleport", data: { id: 1 } }],
    ["a string", "initialize"],
  ])("rejects %s", (_name, value) => {
    expect(liveClientMessageSchema.safeParse(value).success).toBe(false);
  });
});
