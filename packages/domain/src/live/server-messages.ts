/**
 * What the server sends on the real-time channel: JSON messages `{ type, data }` over the
 * WebSocket at /fr/ws/, several per frame as a JSON array. The browser worker checks each one against
 * `liveServerMessageSchema`; publishers are typed by `LiveServerMessage` so the compiler checks them.
 */
import { z } from "zod";
import { alarmLogSchema, alarmStateEntrySchema } from "../model/alarm-log.ts";
import { customDataSchema } from "../model/items.ts";
import { mapMarkerSchema } from "../model/map-tools.ts";
import { geozoneSchema, poiSchema } from "../model/places.ts";
import { ticketSummarySchema } from "../model/tickets.ts";
import {
  drivingEventSchema,
  liveItemStateSchema,
  posMessageDataSchema,
  sensorsSchema,
  stopSchema,
  trackPointSchema,
} from "./state.ts";

const id = z.number().int();
const withId = z.object({ id });
const items = z.record(z.string(), liveItemStateSchema);

export const bindCompanyDataSchema = z.object({
  id,
  initTs: z.number(),
  vehicles: items,
  assets: items,
  persons: items,
});
export type BindCompanyData = z.infer<typeof bindCompanyDataSchema>;

/**
 * The hub's answer to a client message it could not act on. description: invalid.json, message.invalid
 * (unknown type or missing/wrong fields), or the API error of the request (not.found, not.initialized…);
 * request: the type of the refused message when it had one; fields: path → zod issue code.
 */
export const liveErrorDataSchema = z.object({
  description: z.string(),
  request: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type LiveErrorData = z.infer<typeof liveErrorDataSchema>;

export const liveServerMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("initialize"),
    data: z.object({ ok: z.literal(true), initTs: z.number(), userId: id }),
  }),
  z.object({ type: z.literal("bindCompany"), data: bindCompanyDataSchema }),
  z.object({ type: z.literal(["vPos", "aPos", "pPos"]), data: posMessageDataSchema }),
  z.object({
    type: z.literal(["vSensor", "aSensor", "pSensor"]),
    data: z.object({ id, sensors: sensorsSchema }),
  }),
  z.object({
    type: z.literal(["vEvent", "aEvent", "pEvent"]),
    data: z.object({ id, event: drivingEventSchema }),
  }),
  z.object({
    type: z.literal("vTrack"),
    data: z.object({
      id,
      points: z.array(trackPointSchema),
      stops: z.array(stopSchema),
      events: z.array(drivingEventSchema),
      truncated: z.boolean(),
    }),
  }),
  /** The item went offline (silent past the company's timeout) or came back. */
  z.object({
    type: z.literal(["vOffline", "aOffline", "pOffline"]),
    data: z.object({ id, offline: z.boolean() }),
  }),
  /** The item's live state ended (its device was unassigned): it has no current position any more. */
  z.object({ type: z.literal(["vEnded", "aEnded", "pEnded"]), data: withId }),
  z.object({ type: z.literal("vOdo"), data: z.object({ id, odometer: z.number() }) }),
  z.object({ type: z.literal("vHour"), data: z.object({ id, hours: z.number() }) }),
  z.object({ type: z.literal("vDriver"), data: z.object({ id, driverId: id.nullable(), ts: z.number() }) }),
  z.object({ type: z.literal("dVehicle"), data: z.object({ id, vehicleId: id.nullable(), ts: z.number() }) }),
  z.object({ type: z.literal("vDtc"), data: z.object({ id, dtcs: z.array(z.string()) }) }),
  z.object({ type: z.literal(["inVehicle", "inAsset", "inPerson"]), data: liveItemStateSchema }),
  z.object({
    type: z.literal("sensorTableOn"),
    data: z.object({ items: z.record(z.string(), sensorsSchema) }),
  }),
  z.object({ type: z.literal(["addGroup", "reloadGroup"]), data: withId }),
  z.object({ type: z.literal("addGroups"), data: z.object({ ids: z.array(id) }) }),
  /** The company's devices changed (assigned, taken back, moved): open item forms fetch the device list again. */
  z.object({ type: z.literal("reloadTrackers"), data: z.object({}) }),
  z.object({ type: z.literal("companyStatus"), data: z.object({ id, state: z.number().int() }) }),
  z.object({
    type: z.literal("actionState"),
    data: z.object({ action: z.string(), ok: z.boolean(), text: z.string().optional() }),
  }),
  z.object({ type: z.literal("alert"), data: z.object({ text: z.string() }) }),
  z.object({ type: z.literal("checkToken"), data: z.object({ frontVersion: z.number().optional() }) }),
  z.object({
    type: z.literal(["vCustomState", "aCustomState", "pCustomState", "dCustomState"]),
    data: z.object({ id, stateId: z.number().int() }),
  }),
  z.object({
    type: z.literal(["vCustomData", "aCustomData", "pCustomData", "dCustomData"]),
    data: z.object({ id, customData: customDataSchema }),
  }),
  z.object({ type: z.literal("poi"), data: poiSchema }),
  z.object({ type: z.literal("poiDel"), data: withId }),
  /** A geozone was created or changed (the whole geozone) or deleted (its id): open maps redraw it. */
  z.object({ type: z.literal("geozone"), data: geozoneSchema }),
  z.object({ type: z.literal("geozoneDel"), data: withId }),
  /**
   * A map marker was dropped or deleted: shared ones reach every open map of the company, personal
   * ones only their author's. `mine` is the receiver's to work out from `authorId` (null: an API key's).
   */
  z.object({
    type: z.literal("marker"),
    data: mapMarkerSchema.omit({ mine: true }).extend({ authorId: z.number().int().nullable() }),
  }),
  z.object({ type: z.literal("markerDel"), data: withId }),
  z.object({ type: z.literal("alarmlog"), data: alarmLogSchema }),
  z.object({
    type: z.literal("alarmlogState"),
    data: z.object({
      id,
      state: z.object({ current: alarmStateEntrySchema, historic: z.array(alarmStateEntrySchema) }),
    }),
  }),
  z.object({ type: z.literal("alarmlogDelete"), data: withId }),
  /** A ticket was opened or changed (state, assignee, comment, task): lists update in place. */
  z.object({ type: z.literal("ticket"), data: ticketSummarySchema }),
  z.object({ type: z.literal("error"), data: liveErrorDataSchema }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;
export type ServerMessage = LiveServerMessage;
export type LiveServerMessageType = LiveServerMessage["type"];
/** One message of the given type(s), e.g. `ServerMessageOf<"poi" | "poiDel">`. */
export type ServerMessageOf<T extends LiveServerMessageType> = Extract<LiveServerMessage, { type: T }>;
/** Live `poi` carries the whole POI; `poiDel` its id. */
export type PoiMessage = ServerMessageOf<"poi" | "poiDel">;
/** Live `geozone` carries the whole geozone; `geozoneDel` its id. */
export type GeozoneMessage = ServerMessageOf<"geozone" | "geozoneDel">;

/** Messages the browser worker buffers and applies once a second. */
export const HIGH_FREQUENCY_TYPES: ReadonlySet<string> = new Set<LiveServerMessageType>([
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
