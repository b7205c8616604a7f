import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import {
  csvImportBodySchema,
  csvImportQuerySchema,
  deleteBulkResultSchema,
  importResultSchema,
} from "../model/csv.ts";
import {
  deviceAssignCompanySchema,
  deviceAssignItemSchema,
  deviceKeyPolicySchema,
  deviceRowSchema,
  deviceWriteSchema,
  trackerInputsSchema,
  unknownDeviceSchema,
} from "../model/devices.ts";
import {
  cellTablesStatusSchema,
  quarantinePageSchema,
  quarantineQuerySchema,
  unlocatedReportSchema,
} from "../model/quarantine.ts";

const companyParams = z.object({ companyId: idParam });
const companyDeviceParams = z.object({ companyId: idParam, id: idParam });
const resellerParams = z.object({ resellerId: idParam });
const resellerDeviceParams = z.object({ resellerId: idParam, id: idParam });

const devicesById = z.record(z.string(), deviceRowSchema);

const tags = ["devices"] as const;

/**
 * Devices (trackers): the company's devices and their assignment to items, the reseller's stock (create,
 * edit, assign to a company, import, bulk delete) and the identifiers heard but not registered.
 */
export const devicesApi = {
  keyPolicy: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/devicekeys",
    summary: "Whether every device of the company whose protocol can carry a key must present one",
    access: "adminRead",
    tags,
    params: companyParams,
    response: deviceKeyPolicySchema,
  }),
  setKeyPolicy: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/devicekeys",
    summary: "Require (or not) a key of every device of the company whose protocol can carry one",
    access: "admin",
    tags,
    params: companyParams,
    body: deviceKeyPolicySchema,
    response: deviceKeyPolicySchema,
  }),
  companyTrackers: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/trackers",
    access: "user",
    summary: "The company's devices, keyed by id (group-scoped users: those on their groups' items)",
    tags: ["company load"],
    params: companyParams,
    response: devicesById,
  }),
  trackerInputs: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/trackers/inputs",
    access: "user",
    summary: "Device types and SIM types for the device forms",
    tags: ["company load"],
    params: companyParams,
    response: trackerInputsSchema,
  }),
  available: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/trackers/available",
    access: "user",
    summary: "The company's devices on no item, keyed by id, for the item forms",
    tags,
    params: companyParams,
    response: devicesById,
  }),
  get: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/trackers/id/:id",
    access: "user",
    summary: "One device of the company",
    tags,
    params: companyDeviceParams,
    response: deviceRowSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/trackers/id/:id",
    access: "subadmin",
    summary: "Edit a device of the company (identifier and type stay the reseller's)",
    tags,
    params: companyDeviceParams,
    body: deviceWriteSchema,
    response: deviceRowSchema,
  }),
  assignItem: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/trackers/id/:id/item",
    access: "subadmin",
    summary: "Put a device on an item of the company (the item's previous device is released) or take it off",
    tags,
    params: companyDeviceParams,
    body: deviceAssignItemSchema,
    response: deviceRowSchema,
  }),
  resellerList: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/trackers",
    access: "resellerRead",
    summary: "Devices of the reseller tree (its stock and its companies' devices), keyed by id",
    tags,
    params: resellerParams,
    response: devicesById,
  }),
  resellerCreate: defineRoute({
    method: "POST",
    path: "/resellers/id/:resellerId/trackers",
    access: "reseller",
    summary: "Register a device in the reseller's stock",
    tags,
    params: resellerParams,
    body: deviceWriteSchema,
    response: deviceRowSchema,
  }),
  resellerUpdate: defineRoute({
    method: "PUT",
    path: "/resellers/id/:resellerId/trackers/id/:id",
    access: "reseller",
    summary: "Edit a device of the reseller tree",
    tags,
    params: resellerDeviceParams,
    body: deviceWriteSchema,
    response: deviceRowSchema,
  }),
  resellerRemove: defineRoute({
    method: "DELETE",
    path: "/resellers/id/:resellerId/trackers/id/:id",
    access: "reseller",
    summary: "Delete a device that is on no company",
    tags,
    params: resellerDeviceParams,
    response: z.object({ id: z.number() }),
  }),
  assignCompany: defineRoute({
    method: "PUT",
    path: "/resellers/id/:resellerId/trackers/id/:id/company",
    access: "reseller",
    summary: "Give a device to a company of the tree, or take it back into stock (companyId null)",
    tags,
    params: resellerDeviceParams,
    body: deviceAssignCompanySchema,
    response: deviceRowSchema,
  }),
  unassignItem: defineRoute({
    method: "PUT",
    path: "/resellers/id/:resellerId/trackers/id/:id/item",
    access: "reseller",
    summary: "Take a device off its item",
    tags,
    params: resellerDeviceParams,
    body: z.object({ itemId: z.null() }),
    response: deviceRowSchema,
  }),
  import: defineRoute({
    method: "POST",
    path: "/resellers/id/:resellerId/trackers/import",
    access: "reseller",
    summary: "Check a devices CSV, or with commit=1 register its valid lines",
    tags,
    params: resellerParams,
    query: csvImportQuerySchema,
    body: csvImportBodySchema,
    response: importResultSchema,
  }),
  deleteBulk: defineRoute({
    method: "POST",
    path: "/resellers/id/:resellerId/trackers/deletebulk",
    access: "reseller",
    summary: "Delete many devices; each id not deleted is listed with its reason",
    tags,
    params: resellerParams,
    body: z.object({ deviceIds: z.array(z.number().int()).min(1).max(50_000) }),
    response: deleteBulkResultSchema,
  }),
  unknown: defineRoute({
    method: "GET",
    path: "/resellers/unknowndevices",
    access: "resellerRead",
    summary: "Identifiers heard by the gateways and registered by nobody, keyed by identifier, newest first",
    tags: ["reseller load"],
    response: z.record(z.string(), unknownDeviceSchema),
  }),
  dismissUnknown: defineRoute({
    method: "DELETE",
    path: "/resellers/unknowndevices/id/:deviceId",
    access: "reseller",
    summary: "Forget an unknown identifier",
    tags: ["reseller load"],
    params: z.object({ deviceId: z.string().min(1).max(64) }),
    response: z.object({ deviceId: z.string() }),
  }),
  quarantine: defineRoute({
    method: "GET",
    path: "/resellers/quarantine",
    access: "resellerRead",
    summary:
      "Positions the ingest kept apart (refused by the database, time or coordinates out of range), newest first, of the caller's resellers' devices",
    tags: ["reseller load"],
    query: quarantineQuerySchema,
    response: quarantinePageSchema,
  }),
  cellTables: defineRoute({
    method: "GET",
    path: "/resellers/cells",
    access: "resellerRead",
    summary:
      "The cell-tower and Wi-Fi tables positions without a fix are resolved from: sizes, imports, learned access points and unresolved frames of the caller's resellers",
    tags: ["reseller load"],
    response: cellTablesStatusSchema,
  }),
  unlocated: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/unlocated/:itemType/id/:itemId",
    access: "user",
    summary:
      "The newest report of the item's device that had no GPS fix and no known cell tower or Wi-Fi access point",
    tags,
    params: z.object({
      companyId: idParam,
      itemType: z.coerce.number().int().min(1).max(3),
      itemId: idParam,
    }),
    response: unlocatedReportSchema,
  }),
};
