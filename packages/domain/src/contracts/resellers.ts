import { z } from "zod";
import { supportContactSchema } from "../api/company-load.ts";
import { companyRowSchema, resellerRowSchema, resellerWriteSchema } from "../model/admin.ts";
import { defineRoute, idParam } from "../model/contract.ts";
import { trackerInputsSchema } from "../model/devices.ts";
import {
  costInputsSchema,
  numberCatalogueSchema,
  ticketInputsSchema,
  timezonesSchema,
  userInputsSchema,
} from "../model/inputs.ts";
import { alarmsApi } from "./alarms.ts";

/** A device reporting within this window counts as online on the reseller overview. */
export const RESELLER_ONLINE_WINDOW_MS = 60 * 60 * 1000;

/** The reseller overview: what needs a look in the caller's reseller subtree. */
export const resellerOverviewSchema = z.object({
  companies: z.object({ total: z.number(), byState: z.record(z.string(), z.number()) }),
  licenses: z.object({
    vehicleTotal: z.number(),
    vehicleBillable: z.number(),
    assetTotal: z.number(),
    assetBillable: z.number(),
  }),
  /** Vehicles and assets the subtree's companies hold, and how many companies are near or at/over a licence. */
  licensesUsed: z.object({
    vehicles: z.number(),
    assets: z.number(),
    companiesNear: z.number(),
    companiesFull: z.number(),
  }),
  devices: z.object({ online: z.number(), offline: z.number(), neverSeen: z.number() }),
  unknownDevices: z.number(),
  quarantined: z.number(),
  openServiceRequests: z.number(),
});
export type ResellerOverview = z.infer<typeof resellerOverviewSchema>;

const resellerParams = z.object({ resellerId: idParam });

const tags = ["reseller load"] as const;
const adminTags = ["resellers admin"] as const;

/** The reseller tree (/resellers screen) and the reseller-load calls */
export const resellersApi = {
  list: defineRoute({
    method: "GET",
    path: "/resellers",
    access: "resellerRead",
    summary: "Resellers of the caller's tree, keyed by id",
    tags,
    response: z.record(z.string(), resellerRowSchema),
  }),
  create: defineRoute({
    method: "POST",
    path: "/resellers",
    access: "reseller",
    summary: "Create a reseller under one of the caller's tree",
    tags: adminTags,
    body: resellerWriteSchema,
    response: resellerRowSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/resellers/id/:resellerId",
    access: "reseller",
    summary: "Edit a reseller or move it in the tree (never under itself or below it)",
    tags: adminTags,
    params: resellerParams,
    body: resellerWriteSchema,
    response: resellerRowSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/resellers/id/:resellerId",
    access: "reseller",
    summary: "Delete a reseller with no children, companies or devices (and its users)",
    tags: adminTags,
    params: resellerParams,
    response: z.object({ id: z.number() }),
  }),
  companies: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/companies",
    access: "resellerRead",
    summary: "Companies of the reseller's subtree, keyed by id",
    tags,
    params: resellerParams,
    response: z.record(z.string(), companyRowSchema),
  }),
  overview: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/overview",
    access: "resellerRead",
    summary:
      "Counts of the reseller's subtree: companies by state, licences, devices online/offline/never seen, unknown devices, quarantined frames, open service requests",
    tags,
    params: resellerParams,
    response: resellerOverviewSchema,
  }),
  supports: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/supports",
    access: "resellerRead",
    summary: "The reseller's support contacts, keyed by id",
    tags,
    params: resellerParams,
    response: z.record(z.string(), supportContactSchema),
  }),
  trackerInputs: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/trackers/inputs",
    access: "resellerRead",
    summary: "Device types and SIM types for the device forms",
    tags,
    params: resellerParams,
    response: trackerInputsSchema,
  }),
  ticketInputs: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/tickets/inputs",
    access: "resellerRead",
    summary: "Ticket types, states and priorities",
    tags,
    params: resellerParams,
    response: ticketInputsSchema,
  }),
  costInputs: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/costs/inputs",
    access: "resellerRead",
    summary: "Cost types and currencies",
    tags,
    params: resellerParams,
    response: costInputsSchema,
  }),
  userInputs: defineRoute({
    method: "GET",
    path: "/resellers/users/inputs",
    access: "resellerRead",
    summary: "Roles, languages, countries and timezones for the user form",
    tags,
    response: userInputsSchema,
  }),
  timezones: defineRoute({
    method: "GET",
    path: "/resellers/timezones",
    access: "resellerRead",
    summary: "Every timezone, keyed by its IANA name",
    tags,
    response: timezonesSchema,
  }),
  /** Served by the alarms capability; listed here for the reseller load. */
  cras: alarmsApi.resellerCras,
  states: defineRoute({
    method: "GET",
    path: "/resellers/states",
    access: "resellerRead",
    summary: "Company states, keyed by value",
    tags,
    response: numberCatalogueSchema,
  }),
};

/**
 * The reseller load (all GET), run once per session for reseller-level users: each entry is
 * the contract of one call, by the name its cached answer is read under.
 */
export const resellerLoad = {
  resellers: resellersApi.list,
  companies: resellersApi.companies,
  ticketInputs: resellersApi.ticketInputs,
  userInputs: resellersApi.userInputs,
  trackerInputs: resellersApi.trackerInputs,
  timezones: resellersApi.timezones,
  cras: resellersApi.cras,
  states: resellersApi.states,
  supports: resellersApi.supports,
};
