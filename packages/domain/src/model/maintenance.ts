import { z } from "zod";
import { isCalendarDate } from "./costs.ts";
import { fileIdsSchema, storedFileSchema } from "./files.ts";

/**
 * Maintenance revisions: a task of a vehicle or asset that falls due every N km, N days or
 * N engine hours (any mix; the first one reached wins), pending from a warning threshold before. States:
 * 0 planned, 1 pending (inside the warning, or overdue), 2 done. Marking done may schedule the next one.
 */
export const REVISION_STATE = { planned: 0, pending: 1, done: 2 } as const;
export const MAINTENANCE_ERROR = {
  noInterval: "maintenance.noInterval",
  notDone: "maintenance.notDone",
  alreadyDone: "maintenance.alreadyDone",
  nextExists: "maintenance.nextExists",
} as const;

/** Tasks the form offers (free text is allowed too). */
export const MAINTENANCE_TASKS = [
  "oilChange",
  "tyres",
  "inspection",
  "brakes",
  "filters",
  "battery",
  "timingBelt",
  "service",
] as const;

const dateSchema = z.string().refine(isCalendarDate, "date.invalid");
const positive = z.number().finite().positive().nullable().default(null);

export const revisionWriteSchema = z
  .object({
    /** One item (itemType 1 vehicle, 2 asset and itemId), or every vehicle and asset of a group. */
    itemType: z.union([z.literal(1), z.literal(2)]).default(1),
    itemId: z.number().int().positive().nullable().default(null),
    groupId: z.number().int().positive().nullable().default(null),
    task: z.string().trim().min(1).max(100),
    everyKm: positive,
    everyDays: z.number().int().positive().nullable().default(null),
    everyHours: positive,
    warnKm: z.number().finite().min(0).default(0),
    warnDays: z.number().int().min(0).default(0),
    warnHours: z.number().finite().min(0).default(0),
    /** Where counting starts; by default the item's odometer and hour meter now, and today. */
    baseKm: z.number().finite().min(0).nullable().default(null),
    baseDate: dateSchema.nullable().default(null),
    baseHours: z.number().finite().min(0).nullable().default(null),
    notes: z.string().max(1000).default(""),
  })
  .refine((r) => r.itemId !== null || r.groupId !== null, { path: ["itemId"], message: "required" });
export type RevisionWrite = z.input<typeof revisionWriteSchema>;
export type RevisionValues = z.output<typeof revisionWriteSchema>;

export const revisionDoneSchema = z.object({
  date: dateSchema,
  km: z.number().finite().min(0).nullable().default(null),
  hours: z.number().finite().min(0).nullable().default(null),
  workshop: z.string().max(200).default(""),
  notes: z.string().max(1000).default(""),
  costId: z.number().int().positive().nullable().default(null),
  fileIds: fileIdsSchema.default([]),
  /** Schedule the next identical revision from this one's readings. */
  scheduleNext: z.boolean().default(true),
});
export type RevisionDone = z.input<typeof revisionDoneSchema>;

export const revisionSchema = z.object({
  id: z.number(),
  itemType: z.number(),
  itemId: z.number(),
  itemName: z.string(),
  groupId: z.number().nullable(),
  task: z.string(),
  everyKm: z.number().nullable(),
  everyDays: z.number().nullable(),
  everyHours: z.number().nullable(),
  warnKm: z.number(),
  warnDays: z.number(),
  warnHours: z.number(),
  baseKm: z.number().nullable(),
  baseDate: z.string().nullable(),
  baseHours: z.number().nullable(),
  dueKm: z.number().nullable(),
  dueDate: z.string().nullable(),
  dueHours: z.number().nullable(),
  state: z.number(),
  overdue: z.boolean(),
  /** The item's odometer (km) and hour meter (h) now, when known. */
  currentKm: z.number().nullable(),
  currentHours: z.number().nullable(),
  doneDate: z.string().nullable(),
  doneKm: z.number().nullable(),
  doneHours: z.number().nullable(),
  workshop: z.string(),
  notes: z.string(),
  costId: z.number().nullable(),
  files: z.array(storedFileSchema),
  previousId: z.number().nullable(),
  nextId: z.number().nullable(),
  createdTs: z.number(),
  updatedTs: z.number(),
});
export type Revision = z.infer<typeof revisionSchema>;

export const maintenanceCountsSchema = z.object({
  planned: z.number(),
  pending: z.number(),
  overdue: z.number(),
  done: z.number(),
});
export type MaintenanceCounts = z.infer<typeof maintenanceCountsSchema>;

/** Adds whole days to a yyyy-mm-dd day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface RevisionPlan {
  everyKm: number | null;
  everyDays: number | null;
  everyHours: number | null;
}

/** When a revision counted from these readings falls due, per measure (null where it has no interval). */
export function dueFrom(
  plan: RevisionPlan,
  base: { km: number | null; date: string; hours: number | null },
): { dueKm: number | null; dueDate: string | null; dueHours: number | null } {
  return {
    dueKm: plan.everyKm !== null ? (base.km ?? 0) + plan.everyKm : null,
    dueDate: plan.everyDays !== null ? addDays(base.date, plan.everyDays) : null,
    dueHours: plan.everyHours !== null ? (base.hours ?? 0) + plan.everyHours : null,
  };
}

export interface RevisionDue {
  dueKm: number | null;
  dueDate: string | null;
  dueHours: number | null;
  warnKm: number;
  warnDays: number;
  warnHours: number;
}

/**
 * Where an open revision stands given the item's readings and today's date in the company's time zone:
 * pending once any measure is inside its warning, overdue once any measure reached its due value (a date
 * is overdue the day after it).
 */
export function revisionStatus(
  r: RevisionDue,
  now: { km: number | null; hours: number | null; today: string },
): { state: 0 | 1; overdue: boolean } {
  let pending = false;
  let overdue = false;
  if (r.dueKm !== null && now.km !== null) {
    if (now.km >= r.dueKm) overdue = true;
    else if (now.km >= r.dueKm - r.warnKm) pending = true;
  }
  if (r.dueHours !== null && now.hours !== null) {
    if (now.hours >= r.dueHours) overdue = true;
    else if (now.hours >= r.dueHours - r.warnHours) pending = true;
  }
  if (r.dueDate !== null) {
    if (now.today > r.dueDate) overdue = true;
    else if (now.today >= addDays(r.dueDate, -r.warnDays)) pending = true;
  }
  return { state: pending || overdue ? 1 : 0, overdue };
}
