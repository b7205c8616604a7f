/**
 * What the browser sends on the real-time channel, one JSON message `{ type, data }` per frame.
 * The hub checks every frame against `liveClientMessageSchema` before acting on it.
 */
import { z } from "zod";

const id = z.number().int();
const ids = z.array(id);
const token = z.object({ accessToken: z.string() });
/** closeCompany and sensorTableOff carry nothing. */
const nothing = z.null().optional();

export const liveClientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("initialize"), data: token }),
  z.object({ type: z.literal("accessToken"), data: token }),
  z.object({ type: z.literal("bindCompany"), data: z.object({ id }) }),
  z.object({ type: z.literal("closeCompany"), data: nothing }),
  z.object({ type: z.literal("userInMap"), data: z.object({ value: z.boolean() }) }),
  // One member per type where the hub narrows on it (addGroup vs addGroups share a case).
  z.object({ type: z.literal("addGroup"), data: z.object({ id }) }),
  z.object({ type: z.literal("removeGroup"), data: z.object({ id }) }),
  z.object({ type: z.literal("addGroups"), data: z.object({ ids }) }),
  z.object({ type: z.literal("removeGroups"), data: z.object({ ids }) }),
  z.object({ type: z.literal("mapGroupsSelected"), data: z.object({ ids }) }),
  z.object({
    type: z.literal("vTrack"),
    data: z.object({ id, from: z.number().optional(), to: z.number().optional() }),
  }),
  z.object({
    type: z.literal(["inVehicle", "outVehicle", "inAsset", "outAsset", "inPerson", "outPerson"]),
    data: z.object({ id }),
  }),
  z.object({ type: z.literal("sensorTableOn"), data: z.object({ ids }) }),
  z.object({ type: z.literal("sensorTableOff"), data: nothing }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;
export type ClientMessage = LiveClientMessage;
export type LiveClientMessageType = LiveClientMessage["type"];
