import { z } from "zod";
import { LANGUAGES } from "./codes.ts";
import { emailSchema } from "./fields.ts";
import { roleSchema } from "./roles.ts";

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "invalidTime");

/** IPv4 address or CIDR network ("10.0.0.0/8"), or an IPv6 address. */
export const ipOrNetworkSchema = z
  .string()
  .trim()
  .refine(
    (v) =>
      /^(\d{1,3})(\.\d{1,3}){3}(\/([0-9]|[12]\d|3[0-2]))?$/.test(v) &&
      v
        .split("/")[0]!
        .split(".")
        .every((o) => Number(o) <= 255),
    "invalidIp",
  );

export const userRestrictionsSchema = z.object({
  timeRange: z.object({ from: hhmm, to: hhmm }).nullable().default(null),
  ip: ipOrNetworkSchema.nullable().default(null),
});
export type UserRestrictions = z.infer<typeof userRestrictionsSchema>;

export const loginEntrySchema = z.object({
  ts: z.number(),
  ip: z.string(),
  fail: z.array(z.object({ ip: z.string(), ts: z.number() })),
});
export type LoginEntry = z.infer<typeof loginEntrySchema>;
export const loginChannelSchema = z.object({
  last: loginEntrySchema.nullable(),
  prev: loginEntrySchema.nullable(),
});
export const loginHistorySchema = z.object({ front: loginChannelSchema, app: loginChannelSchema });
export type LoginHistory = z.infer<typeof loginHistorySchema>;

export const mapBoundSchema = z.object({
  active: z.boolean(),
  southWest: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  northEast: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  zoom: z.number().min(0).max(24).nullable(),
});
export type MapBound = z.infer<typeof mapBoundSchema>;

export const notificationFlagsSchema = z.record(z.string(), z.boolean());

export const userConfigSchema = z.object({ alarmFrontSound: z.boolean().default(true) }).loose();

/** The user as the API returns it. */
export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  country: z.string(),
  language: z.enum(LANGUAGES),
  timezone: z.string(),
  description: z.string(),
  role: roleSchema,
  readOnly: z.boolean(),
  companyId: z.number().nullable(),
  resellerId: z.number().nullable(),
  selectedCompanyId: z.number().nullable(),
  groups: z.array(z.number()),
  notifications: notificationFlagsSchema,
  config: userConfigSchema,
  restrictions: userRestrictionsSchema,
  login: loginHistorySchema,
  mapBound: mapBoundSchema.nullable(),
  createdTs: z.number(),
});
export type User = z.infer<typeof userSchema>;

const nameField = z.string().trim().min(1, "required").max(100, "tooLong");

/** What a user may change on their own profile. */
export const profileUpdateSchema = z.object({
  firstName: nameField,
  lastName: nameField,
  phone: z
    .string()
    .trim()
    .max(32)
    .regex(/^[+0-9 ()-]*$/, "invalidPhone"),
  language: z.enum(LANGUAGES),
  timezone: z.string().min(1).max(64),
  config: userConfigSchema,
  mapBound: mapBoundSchema.nullable(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Body for creating or updating a user; the password is set through the create-password link. */
export const userWriteSchema = z.object({
  email: emailSchema,
  firstName: nameField,
  lastName: nameField,
  phone: z
    .string()
    .trim()
    .max(32)
    .regex(/^[+0-9 ()-]*$/, "invalidPhone")
    .default(""),
  country: z.string().trim().max(2).default(""),
  language: z.enum(LANGUAGES).default("es"),
  timezone: z.string().min(1).max(64).default("Europe/Madrid"),
  description: z.string().max(200, "tooLong").default(""),
  role: roleSchema,
  readOnly: z.boolean().default(false),
  groups: z.array(z.number().int()).default([]),
  notifications: notificationFlagsSchema.default({}),
  config: userConfigSchema.default({ alarmFrontSound: true }),
  restrictions: userRestrictionsSchema.default({ timeRange: null, ip: null }),
});
export type UserWrite = z.input<typeof userWriteSchema>;

/**
 * The write body that leaves a user as it is, with their alarm-sound preference set: what the web sends to
 * the users endpoint (company user or reseller user) to save that one preference. Pure.
 */
export function withAlarmSound(user: User, alarmFrontSound: boolean): z.output<typeof userWriteSchema> {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    country: user.country,
    language: user.language,
    timezone: user.timezone,
    description: user.description,
    role: user.role,
    readOnly: user.readOnly,
    groups: user.groups,
    notifications: user.notifications,
    config: { ...user.config, alarmFrontSound },
    restrictions: user.restrictions,
  };
}
