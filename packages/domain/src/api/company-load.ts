import { z } from "zod";
import { customDatasSchema, customStatesSchema } from "../model/items.ts";

/**
 * The company-load calls: every one is GET companies/id/{id}/{resource}.
 * The web loads all of them when a company is selected; the server must answer all of them.
 */
export const COMPANY_LOAD_RESOURCES = [
  "groups",
  "vehicles",
  "assets",
  "timezones",
  "drivers",
  "geozones",
  "events",
  "sensors",
  "pois",
  "trackers",
  "info",
  "worktimes",
  "maintenances/inputs",
  "costs/inputs",
  "tickets/inputs",
  "users/inputs",
  "report_types",
  "trackers/inputs",
  "icons",
  "cras",
  "states",
  "ios",
  "imaps",
  "ibeacons",
  "ibeacons/inputs",
  "layers",
  "persons",
] as const;
export type CompanyLoadResource = (typeof COMPANY_LOAD_RESOURCES)[number];

export const supportContactSchema = z.object({
  id: z.number(),
  name: z.string(),
  photoUrl: z.string(),
  helpline: z.string(),
  email: z.string(),
  mobile: z.string(),
  whatsapp: z.string(),
  description: z.string(),
});
export type SupportContact = z.infer<typeof supportContactSchema>;

/**
 * GET companies/id/{id}/info. `conf` is the company's open configuration: the keys the shell
 * reads are checked, the others (notifications, settings of later issues) pass through as stored.
 */
export const companyInfoSchema = z.object({
  id: z.number(),
  name: z.string(),
  resellerId: z.number(),
  state: z.object({ current: z.object({ value: z.number(), name: z.string(), id: z.number() }) }),
  conf: z
    .object({
      general: z
        .object({
          units: z.object({ fuelConsumption: z.number() }).loose(),
          mapProvider: z.string().nullable().optional(),
          offlineAfterMin: z.number().int().optional(),
          /** Itineraries shown to the company (spec's spelling); anything but true is off. */
          itenerary: z.boolean().optional().catch(undefined),
        })
        .loose(),
      customDatas: customDatasSchema,
      customStates: customStatesSchema,
      supports: z.array(supportContactSchema),
    })
    .loose(),
  centroId: z.object({ pos: z.object({ lat: z.number(), lng: z.number() }) }).nullable(),
  licenses: z.record(z.string(), z.number()),
  retentionDays: z.number(),
  passwordExpirationDays: z.number().nullable(),
  restrictions: z.object({
    timeRange: z.object({ from: z.string(), to: z.string() }).nullable(),
    ip: z.string().nullable(),
  }),
  mapType: z.string(),
  cartography: z.string(),
  craCode: z.string(),
  demo: z.boolean(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;
