import { z } from "zod";

/**
 * The company-load calls of spec 01 §7: every one is GET companies/id/{id}/{resource}.
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

export const companyLoadPath = (companyId: number, resource: CompanyLoadResource): string =>
  `companies/id/${companyId}/${resource}`;

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

/** GET companies/id/{id}/info. Only the fields the shell reads are strict; the rest pass through. */
export const companyInfoSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    state: z.object({ current: z.object({ value: z.number(), name: z.string(), id: z.number() }) }),
    conf: z
      .object({
        general: z
          .object({
            units: z.object({ fuelConsumption: z.number() }).loose(),
            mapProvider: z.string().nullable().optional(),
          })
          .loose(),
        customDatas: z.unknown().optional(),
        customStates: z.unknown().optional(),
        supports: z.array(supportContactSchema).default([]),
      })
      .loose(),
    centroId: z.object({ pos: z.object({ lat: z.number(), lng: z.number() }) }).nullable(),
    retentionDays: z.number().optional(),
    passwordExpirationDays: z.number().nullable().optional(),
  })
  .loose();
export type CompanyInfo = z.infer<typeof companyInfoSchema>;
