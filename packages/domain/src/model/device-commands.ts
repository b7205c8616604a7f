import { z } from "zod";
import { ITEM_TYPE } from "./codes.ts";
import { isAdminOrHigher, type Role } from "./roles.ts";

/**
 * Commands sent to a device from the map: engine stop and resume, reboot and a custom text. Which kinds a device
 * takes depends on its protocol (each codec's command set in @vigia/protocols) and on the item it is fitted to
 * (`commandsForItem`); the server answers them with each list so the panel offers only what the device can do.
 */
export const DEVICE_COMMAND_KINDS = ["engineStop", "engineResume", "reboot", "custom"] as const;
export const deviceCommandKindSchema = z.enum(DEVICE_COMMAND_KINDS);
export type DeviceCommandKind = z.infer<typeof deviceCommandKindSchema>;

/**
 * pending: queued until the device connects; sent: written to the device, waiting for its answer; answered
 * or failed: the device's answer; timeout: no answer in time; expired: the device did not connect in time.
 */
export const DEVICE_COMMAND_STATUSES = [
  "pending",
  "sent",
  "answered",
  "failed",
  "timeout",
  "expired",
] as const;
export type DeviceCommandStatus = (typeof DEVICE_COMMAND_STATUSES)[number];

/** A queued command is dropped when the device has not connected within this time. */
export const COMMAND_QUEUE_TTL_MS = 24 * 60 * 60_000;
/** A sent command without an answer after this long has timed out. */
export const COMMAND_ANSWER_TIMEOUT_MS = 2 * 60_000;
export const COMMAND_TEXT_MAX = 160;
/** Printable ASCII only: the text goes into a device frame as-is. */
export const COMMAND_TEXT_PATTERN = /^[\x20-\x7e]+$/;

export const deviceCommandSchema = z.object({
  id: z.number().int(),
  kind: deviceCommandKindSchema,
  text: z.string(),
  status: z.enum(DEVICE_COMMAND_STATUSES),
  result: z.string().nullable(),
  createdTs: z.number(),
  sentTs: z.number().nullable(),
  answeredTs: z.number().nullable(),
  expiresTs: z.number(),
  by: z.string(),
});
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

export const deviceCommandInputSchema = z
  .object({
    kind: deviceCommandKindSchema,
    text: z.string().trim().max(COMMAND_TEXT_MAX, "tooLong").default(""),
  })
  .refine((b) => b.kind !== "custom" || (b.text !== "" && COMMAND_TEXT_PATTERN.test(b.text)), {
    message: "invalid",
    path: ["text"],
  });
export type DeviceCommandInput = z.input<typeof deviceCommandInputSchema>;

/** The commands that act on an engine. */
export const ENGINE_COMMANDS: readonly DeviceCommandKind[] = ["engineStop", "engineResume"];

/** Vehicle types with no engine to stop. */
export const ENGINELESS_VEHICLE_TYPES: ReadonlySet<string> = new Set(["bicycle"]);

/**
 * Why an item cannot take a command its device's protocol carries, or null when it can: only vehicles with an
 * engine take engine stop or resume, so assets (boxes, containers, pets…), persons and bicycles are never sent
 * them, whatever tracker they carry. `vehicleType`: the vehicle's type, when the item is one.
 */
export function itemRefusal(
  itemType: number,
  kind: DeviceCommandKind,
  vehicleType: string | null = null,
): "noEngine" | null {
  if (!ENGINE_COMMANDS.includes(kind)) return null;
  const engine = itemType === ITEM_TYPE.vehicle && !ENGINELESS_VEHICLE_TYPES.has(vehicleType ?? "");
  return engine ? null : "noEngine";
}

/** The commands an item takes: those its device's protocol carries that make sense for the item. */
export const commandsForItem = (
  itemType: number,
  protocolKinds: readonly DeviceCommandKind[],
  vehicleType: string | null = null,
): DeviceCommandKind[] => protocolKinds.filter((k) => itemRefusal(itemType, k, vehicleType) === null);

export const itemCommandsSchema = z.object({
  /** What the item's device can do; empty without a device or for protocols without a command channel. */
  available: z.array(deviceCommandKindSchema),
  /**
   * The available commands the device's protocol has no answer to: `sent` is the last news of them, which the
   * panel says so that it is not read as "done".
   */
  unanswered: z.array(deviceCommandKindSchema),
  /** Whether the caller may send commands to this item. */
  allowed: z.boolean(),
  /** Whether the device is connected to this server now (otherwise commands wait for it). */
  connected: z.boolean(),
  commands: z.array(deviceCommandSchema),
});
export type ItemCommands = z.infer<typeof itemCommandsSchema>;

/**
 * Who may send commands: admins and above always; sub-administrators and operators only where the company
 * allows it (`conf.commands.operators`); read-only users and plain users never.
 */
export function maySendCommands(role: Role, readOnly: boolean, operatorsAllowed: boolean): boolean {
  if (readOnly) return false;
  if (isAdminOrHigher(role)) return true;
  return operatorsAllowed && (role === "SUBADMIN" || role === "OPERATOR");
}

/** Pending and sent commands whose time ran out show as expired and timed out (pure; the server stores it too). */
export function effectiveCommandStatus(
  c: Pick<DeviceCommand, "status" | "sentTs" | "expiresTs">,
  now: number,
): DeviceCommandStatus {
  if (c.status === "pending" && now >= c.expiresTs) return "expired";
  if (c.status === "sent" && c.sentTs !== null && now - c.sentTs >= COMMAND_ANSWER_TIMEOUT_MS)
    return "timeout";
  return c.status;
}

/** A device answer that reports an error rather than a success (firmwares answer in free text). */
export const isFailureAnswer = (text: string): boolean =>
  /\b(fail(ed|ure)?|error|invalid|unknown|not supported|wrong)\b/i.test(text);
