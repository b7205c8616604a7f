import { z } from "zod";
import { optionalEmailSchema } from "./fields.ts";
import { licenceUsageSchema } from "./licences.ts";
import { userRestrictionsSchema } from "./users.ts";

/** Super-user views: company and reseller forms. */

const text = (max: number) => z.string().trim().max(max, "tooLong").default("");

export const COMPANY_MAIL_FLAGS = [
  "km",
  "geo",
  "poi",
  "uso",
  "door",
  "lock",
  "moto",
  "rule",
  "crash",
  "panic",
  "power",
  "siren",
  "battery",
  "maintenace",
] as const;

/** Licences a company bought: vehicles and assets, each in total and billable. */
export const licensesSchema = z.object({
  vehicleTotal: z.number().int().min(0),
  vehicleBillable: z.number().int().min(0),
  assetTotal: z.number().int().min(0),
  assetBillable: z.number().int().min(0),
});

export const companyWriteSchema = z.object({
  name: z.string().trim().min(1, "required").max(100, "tooLong"),
  email: optionalEmailSchema.default(""),
  address: text(200),
  phone: text(32),
  nif: text(20),
  contact: text(100),
  demo: z.boolean().default(false),
  countryId: text(2),
  productId: z.number().int().min(0).default(0),
  resellerId: z.number().int().positive("required"),
  licenses: licensesSchema.default({ vehicleTotal: 0, vehicleBillable: 0, assetTotal: 0, assetBillable: 0 }),
  state: z.number().int().min(0).max(4).default(1),
  retentionDays: z.number().int().min(1, "invalidNumber").max(3650).default(30),
  passwordExpirationDays: z.number().int().min(1).nullable().default(null),
  mapType: text(20).default("osm"),
  cartography: text(20).default("osm"),
  craCode: text(40),
  restrictions: userRestrictionsSchema.default({ timeRange: null, ip: null }),
  conf: z
    .object({
      general: z
        .object({
          hisTime: z.number().int().min(0).optional(),
          itenerary: z.boolean().optional(),
          fuel_units: z.union([z.literal(0), z.literal(1)]).optional(),
          mapProvider: z.string().optional(),
          trafficManager: z.boolean().optional(),
          movGps: z.boolean().optional(),
          /** Minutes without a report after which the company's items show offline (default 5). */
          offlineAfterMin: z.number().int().min(1, "invalidNumber").max(1440, "invalidNumber").optional(),
        })
        .loose()
        .default({}),
      notifications: z.object({ mail: z.record(z.string(), z.boolean()).default({}) }).default({ mail: {} }),
      supports: z.array(z.unknown()).optional(),
    })
    .loose()
    .default({ general: {}, notifications: { mail: {} } }),
});
export type CompanyWrite = z.input<typeof companyWriteSchema>;

export const resellerWriteSchema = z.object({
  name: z.string().trim().min(1, "required").max(100, "tooLong"),
  parentId: z.number().int().positive().nullable().default(null),
  email: optionalEmailSchema.default(""),
  phone: text(32),
  /** Whether companies of this reseller may change their map provider (extra cost). */
  allowMapProvider: z.boolean().default(false),
});
export type ResellerWrite = z.input<typeof resellerWriteSchema>;

/** A row of the company table (GET resellers/id/{rid}/companies, keyed by id). */
export const companyRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  state: z.number(),
  resellerId: z.number(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  nif: z.string(),
  contact: z.string(),
  demo: z.boolean(),
  countryId: z.string(),
  licenses: licensesSchema,
  /** Vehicles and assets the company holds now, against its licences. */
  used: licenceUsageSchema,
  retentionDays: z.number(),
  createdTs: z.number(),
});
export type CompanyRow = z.infer<typeof companyRowSchema>;

/** The whole company as its form edits it: every written field, its configuration and timestamps. */
export const companyRecordSchema = companyRowSchema.omit({ used: true }).extend({
  productId: z.number(),
  passwordExpirationDays: z.number().nullable(),
  mapType: z.string(),
  cartography: z.string(),
  craCode: z.string(),
  restrictions: userRestrictionsSchema,
  /** Open by design: the form's keys plus supports, custom states and data other screens keep here. */
  conf: z.record(z.string(), z.unknown()),
  updatedTs: z.number(),
});
export type CompanyRecord = z.infer<typeof companyRecordSchema>;

/** A reseller of the caller's tree, with its direct children. */
export const resellerRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
  email: z.string(),
  phone: z.string(),
  allowMapProvider: z.boolean(),
  children: z.array(z.number()),
});
export type ResellerRow = z.infer<typeof resellerRowSchema>;

/** One line of the audit log (GET companies/id/{cid}/log, keyed by id). */
export const auditLogRowSchema = z.object({
  id: z.string(),
  ts: z.number(),
  userEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  /** What the action changed, as the capability that wrote it recorded it. */
  data: z.record(z.string(), z.unknown()),
});
export type AuditLogRow = z.infer<typeof auditLogRowSchema>;
