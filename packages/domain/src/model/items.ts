import { z } from "zod";
import { ASSET_TYPES, VEHICLE_TYPES } from "./codes.ts";
import { colorSchema, optionalEmailSchema, plateSchema } from "./fields.ts";

/**
 * Write bodies of the management items. The server answers 400 with these
 * messages as field errors; the forms use the same schemas for inline messages and a disabled save.
 */

const text = (max: number) => z.string().trim().max(max, "tooLong").default("");
const requiredName = z.string().trim().min(1, "required").max(100, "tooLong");
const optionalNumber = z.number().finite().nonnegative("invalidNumber").nullable().default(null);
/** Items must belong to a group. */
const groupRef = z.number({ error: "groupRequired" }).int().positive("groupRequired");
export const customDataSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

export const consumptionSchema = z
  .object({
    average: optionalNumber,
    highway: optionalNumber,
    urban: optionalNumber,
    idle: optionalNumber,
  })
  .default({ average: null, highway: null, urban: null, idle: null });

export const vehicleWriteSchema = z.object({
  plate: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), plateSchema),
  name: text(100),
  brand: text(60),
  model: text(60),
  type: z.enum(VEHICLE_TYPES, { error: "invalidType" }).default("car"),
  chassisNumber: text(40),
  fuelTank: optionalNumber,
  engineType: z.number().int().min(0).max(4).default(0),
  initialMileage: z.number().finite().nonnegative("invalidNumber").default(0),
  initialHours: z.number().finite().nonnegative("invalidNumber").default(0),
  odometerSource: z.number().int().min(0).max(3).default(1),
  fuelSource: z.number().int().min(0).max(3).default(0),
  /** Fuel correction factor, default 1. */
  fuelFactor: z.number().finite().positive("invalidNumber").default(1),
  consumption: consumptionSchema,
  color: z.union([z.literal(""), colorSchema]).default(""),
  group: groupRef,
  /** At most one driver: the driver's id or none. */
  driverId: z.number().int().positive().nullable().default(null),
  customData: customDataSchema.default({}),
  intrack: z.boolean().default(false),
});
export type VehicleWrite = z.input<typeof vehicleWriteSchema>;

export const assetWriteSchema = z.object({
  name: requiredName,
  type: z.enum(ASSET_TYPES, { error: "invalidType" }).default("generic"),
  group: groupRef,
  customData: customDataSchema.default({}),
});
export type AssetWrite = z.input<typeof assetWriteSchema>;

export const personWriteSchema = z.object({
  name: requiredName,
  group: groupRef,
  customData: customDataSchema.default({}),
});
export type PersonWrite = z.input<typeof personWriteSchema>;

export const driverWriteSchema = z.object({
  name: requiredName,
  group: z.number().int().positive().nullable().default(null),
  personId: z.number().int().positive().nullable().default(null),
  tachographCard: text(32),
  iButton: text(32),
  beacon: text(64),
  email: optionalEmailSchema.default(""),
  reference: text(40),
  phone: z
    .string()
    .trim()
    .max(32, "tooLong")
    .regex(/^[+0-9 ()-]*$/, "invalidPhone")
    .default(""),
  customData: customDataSchema.default({}),
});
export type DriverWrite = z.input<typeof driverWriteSchema>;

export const groupWriteSchema = z.object({
  name: requiredName,
  parentId: z.number().int().positive().nullable().default(null),
});
export type GroupWrite = z.input<typeof groupWriteSchema>;

/** A stored group with the items placed directly in it (the company-load `groups` collection). */
export const groupRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
  vehicles: z.array(z.number()),
  assets: z.array(z.number()),
  persons: z.array(z.number()),
});
export type GroupRow = z.infer<typeof groupRowSchema>;

/** Stored group plus the derived tree fields */
export const groupNodeSchema = groupRowSchema.extend({
  children: z.array(z.number()),
  allChildren: z.array(z.number()),
  ancestors: z.array(z.number()),
  allVehicles: z.array(z.number()),
  allAssets: z.array(z.number()),
  allPersons: z.array(z.number()),
});
export type GroupNode = z.infer<typeof groupNodeSchema>;

/**
 * Derives the group tree: a parent that does not exist counts as none; cycles (which the API refuses, but
 * old data may hold) are cut so every node is reached once.
 */
export function buildGroupTree(
  groups: readonly Pick<GroupNode, "id" | "name" | "parentId" | "vehicles" | "assets" | "persons">[],
): Record<number, GroupNode> {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const parentOf = (id: number): number | null => {
    const p = byId.get(id)?.parentId ?? null;
    return p !== null && byId.has(p) && p !== id ? p : null;
  };
  const children = new Map<number, number[]>();
  for (const g of groups) {
    const p = parentOf(g.id);
    if (p !== null) children.set(p, [...(children.get(p) ?? []), g.id]);
  }
  const out: Record<number, GroupNode> = {};
  for (const g of groups) {
    const ancestors: number[] = [];
    for (let p = parentOf(g.id); p !== null && !ancestors.includes(p) && p !== g.id; p = parentOf(p))
      ancestors.push(p);
    const all: number[] = [];
    const stack = [...(children.get(g.id) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop() as number;
      if (next === g.id || all.includes(next)) continue;
      all.push(next);
      stack.push(...(children.get(next) ?? []));
    }
    const subtree = [g, ...all.map((id) => byId.get(id)).filter((x) => x !== undefined)];
    out[g.id] = {
      id: g.id,
      name: g.name,
      parentId: parentOf(g.id),
      vehicles: g.vehicles,
      assets: g.assets,
      persons: g.persons,
      children: children.get(g.id) ?? [],
      allChildren: all.sort((a, b) => a - b),
      ancestors,
      allVehicles: subtree.flatMap((s) => s.vehicles),
      allAssets: subtree.flatMap((s) => s.assets),
      allPersons: subtree.flatMap((s) => s.persons),
    };
  }
  return out;
}

/** A new parent must not be the group itself nor one of its descendants (that would make a cycle). */
export function parentError(
  tree: Record<number, Pick<GroupNode, "allChildren">>,
  id: number | null,
  parentId: number | null,
): "parent.self" | "parent.descendant" | null {
  if (parentId === null || id === null) return null;
  if (parentId === id) return "parent.self";
  if (tree[id]?.allChildren.includes(parentId)) return "parent.descendant";
  return null;
}

/** A driver or vehicle link as the lists carry it: who or what, and since when (null for old rows). */
const itemLinkSchema = z.object({ id: z.number(), ts: z.number().nullable() }).nullable();

/** Timestamps every stored item carries. */
const stamps = { createdTs: z.number(), updatedTs: z.number() };

/** A vehicle as the company load and the vehicle calls return it. */
export const vehicleRowSchema = z.object({
  id: z.number(),
  plate: z.string(),
  name: z.string(),
  brand: z.string(),
  model: z.string(),
  type: z.string(),
  chassisNumber: z.string(),
  fuelTank: z.number().nullable(),
  engineType: z.number(),
  initialMileage: z.number(),
  initialHours: z.number(),
  odometerSource: z.number(),
  fuelSource: z.number(),
  fuelFactor: z.number(),
  /** Rows written before the form had every figure may miss some (the column defaults to `{}`). */
  consumption: z.object({
    average: z.number().nullable().optional(),
    highway: z.number().nullable().optional(),
    urban: z.number().nullable().optional(),
    idle: z.number().nullable().optional(),
  }),
  color: z.string(),
  group: z.number().nullable(),
  intrack: z.boolean(),
  driver: itemLinkSchema,
  customData: customDataSchema,
  /** Diagnostic trouble codes last read from the vehicle. */
  dtcs: z.array(z.string()),
  ...stamps,
});
export type VehicleRow = z.infer<typeof vehicleRowSchema>;

export const assetRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  group: z.number().nullable(),
  customData: customDataSchema,
  ...stamps,
});
export type AssetRow = z.infer<typeof assetRowSchema>;

export const personRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  group: z.number().nullable(),
  customData: customDataSchema,
  ...stamps,
});
export type PersonRow = z.infer<typeof personRowSchema>;

export const driverRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  group: z.number().nullable(),
  personId: z.number().nullable(),
  tachographCard: z.string(),
  iButton: z.string(),
  beacon: z.string(),
  email: z.string(),
  reference: z.string(),
  phone: z.string(),
  vehicle: itemLinkSchema,
  customData: customDataSchema,
  ...stamps,
});
export type DriverRow = z.infer<typeof driverRowSchema>;

/** The answer of a delete: the id that is gone. */
export const deletedSchema = z.object({ id: z.number() });

/** Work timetables (/trackRules): per weekday, Monday first, Sunday id 0. */
export const WORKWEEK_DAY_IDS = [1, 2, 3, 4, 5, 6, 0] as const;
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "invalidTime");
export const worktimeDaySchema = z
  .object({ id: z.number().int().min(0).max(6), enabled: z.boolean(), from: hhmm, to: hhmm })
  .refine((d) => !d.enabled || d.from < d.to, { message: "range.minOverMax", path: ["to"] });
export const worktimeWriteSchema = z.object({
  name: requiredName,
  timezone: z.string().min(1).max(64).default("Europe/Madrid"),
  days: z
    .array(worktimeDaySchema)
    .length(7)
    .refine((days) => new Set(days.map((d) => d.id)).size === 7, "days.duplicate"),
  vehicles: z.array(z.number().int()).default([]),
  assets: z.array(z.number().int()).default([]),
  persons: z.array(z.number().int()).default([]),
});
export type WorktimeWrite = z.input<typeof worktimeWriteSchema>;

/** A stored timetable. */
export const worktimeRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  timezone: z.string(),
  days: z.array(z.object({ id: z.number(), enabled: z.boolean(), from: z.string(), to: z.string() })),
  vehicles: z.array(z.number()),
  assets: z.array(z.number()),
  persons: z.array(z.number()),
});
export type WorktimeRow = z.infer<typeof worktimeRowSchema>;

export function defaultWorkWeek(): z.infer<typeof worktimeDaySchema>[] {
  return WORKWEEK_DAY_IDS.map((id) => ({ id, enabled: id >= 1 && id <= 5, from: "08:00", to: "18:00" }));
}

/** Custom states per item type; id 0 is the white no-state and -1 the all-states pseudo entry. */
export const CUSTOM_STATE_ITEM_KINDS = ["vehicle", "asset", "person", "driver"] as const;
export const customStateSchema = z.object({
  id: z.number().int().positive("customState.reservedId"),
  description: z.string().trim().min(1, "required").max(60, "tooLong"),
  color: colorSchema,
});
export const customStatesWriteSchema = z.object({
  kind: z.enum(CUSTOM_STATE_ITEM_KINDS),
  states: z
    .array(customStateSchema)
    .refine((s) => new Set(s.map((x) => x.id)).size === s.length, "duplicate"),
});
/** The value types a custom data field may declare. */
export const CUSTOM_DATA_TYPES = ["text", "number", "date", "boolean"] as const;
/** Custom data fields declared per item kind: name and type of each free field. */
export const customDataFieldSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, "required")
    .max(40, "tooLong")
    .regex(/^[\w -]+$/u, "invalidKey"),
  label: z.string().trim().min(1, "required").max(60, "tooLong"),
  type: z.enum(CUSTOM_DATA_TYPES).default("text"),
});
export const customDatasWriteSchema = z.object({
  kind: z.enum(CUSTOM_STATE_ITEM_KINDS),
  fields: z.array(customDataFieldSchema),
});
/** A live custom-state change of one item. */
export const itemCustomStateSchema = z.object({ stateId: z.number().int().min(0) });

/** One custom state as stored and listed (id 0 is the no-state). */
export const customStateRowSchema = z.object({ id: z.number(), color: z.string(), description: z.string() });
export type CustomStateRow = z.infer<typeof customStateRowSchema>;
/** A kind's custom states keyed by id. */
export const customStatesByIdSchema = z.record(z.string(), customStateRowSchema);
/** GET states: every item kind's custom states, each with the no-state (id 0). */
export const customStatesSchema = z.object({
  vehicle: customStatesByIdSchema,
  asset: customStatesByIdSchema,
  person: customStatesByIdSchema,
  driver: customStatesByIdSchema,
});
export type CustomStates = z.infer<typeof customStatesSchema>;
/** The custom data fields declared per item kind (a kind never declared has none). */
export const customDataFieldRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(CUSTOM_DATA_TYPES),
});
export type CustomDataField = z.infer<typeof customDataFieldRowSchema>;
export const customDatasSchema = z.object({
  vehicle: z.array(customDataFieldRowSchema).optional(),
  asset: z.array(customDataFieldRowSchema).optional(),
  person: z.array(customDataFieldRowSchema).optional(),
  driver: z.array(customDataFieldRowSchema).optional(),
});
export type CustomDatas = z.infer<typeof customDatasSchema>;
