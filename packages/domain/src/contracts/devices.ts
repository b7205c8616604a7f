import { z } from "zod";
import { defineRoute, idParam } from "../contract.ts";

const companyParams = z.object({ companyId: idParam });
const keyedById = <T extends z.ZodType>(row: T) => z.record(z.string(), row);

/** A device type of the catalogue (device_types). */
export const deviceTypeRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  factory: z.string(),
  description: z.string(),
  port: z.number().nullable(),
  proto: z.string(),
  prefix: z.string(),
  idLength: z.number().nullable(),
  /** Configuration figures the form proposes for the type (speed limit, interval…). */
  configDefaults: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type DeviceTypeRow = z.infer<typeof deviceTypeRowSchema>;

/** A device as the lists read it (spec 02 §3): identifier decoded, with its item and last position. */
export const deviceRowSchema = z.object({
  id: z.number(),
  deviceId: z.string(),
  typeId: z.number(),
  name: z.string(),
  description: z.string(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  resellerId: z.number().nullable(),
  itemType: z.number(),
  itemId: z.number().nullable(),
  itemName: z.string().nullable(),
  vehicleName: z.string().nullable(),
  vehiclePlate: z.string().nullable(),
  groupId: z.number().nullable(),
  /** Imported and seeded devices carry only some SIM fields; the timestamps move when a value changes. */
  sim: z.object({
    phone: z.string().optional(),
    type: z.number().optional(),
    iccid: z.string().optional(),
    imsi: z.string().optional(),
    apn: z.string().optional(),
    iccidTs: z.number().nullable().optional(),
    imsiTs: z.number().nullable().optional(),
    apnTs: z.number().nullable().optional(),
  }),
  /** Per-type settings plus the last command result (lastResult, lastResultTs). */
  config: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  configActive: z.boolean(),
  configState: z.string(),
  countryId: z.string(),
  createdTs: z.number(),
  updatedTs: z.number(),
  firstConnectTs: z.number().nullable(),
  itemPos: z.object({ lat: z.number(), lng: z.number(), ts: z.number() }).nullable(),
});
export type CompanyDeviceRow = z.infer<typeof deviceRowSchema>;

/** Devices (trackers) seen from a company. */
export const devicesApi = {
  companyTrackers: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/trackers",
    summary: "The company's devices, keyed by id",
    tags: ["company load", "devices"],
    params: companyParams,
    response: keyedById(deviceRowSchema),
  }),
  trackerInputs: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/trackers/inputs",
    summary: "Device types and SIM types the device form offers",
    tags: ["company load", "devices"],
    params: companyParams,
    response: z.object({
      types: keyedById(deviceTypeRowSchema),
      simTypes: keyedById(z.object({ id: z.number(), name: z.string() })),
    }),
  }),
};
