import { z } from "zod";
import {
  appConfigOverrideSchema,
  appConfigSchema,
  companyAppConfigSchema,
  deviceAppConfigSchema,
} from "../model/app-config.ts";
import { defineRoute, idParam } from "../model/contract.ts";

const companyParams = z.object({ companyId: idParam });
const deviceParams = z.object({ companyId: idParam, id: idParam });
const tags = ["appconfig"] as const;

/** The worker app's configuration: company defaults and device overrides (administrators), and the app's fetch. */
export const appConfigApi = {
  get: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/appconfig",
    access: "adminRead",
    summary: "The company's worker app configuration and its app devices with their overrides and state",
    tags,
    params: companyParams,
    response: companyAppConfigSchema,
  }),
  put: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/appconfig",
    access: "admin",
    summary: "Change the company's worker app configuration; its app devices await the change",
    tags,
    params: companyParams,
    body: appConfigSchema,
    response: companyAppConfigSchema,
  }),
  putDevice: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/appconfig/devices/id/:id",
    access: "admin",
    summary: "Set the settings one app device overrides ({} follows the company)",
    tags,
    params: deviceParams,
    body: appConfigOverrideSchema,
    response: companyAppConfigSchema,
  }),
  fetch: defineRoute({
    method: "GET",
    path: "/device/appconfig",
    access: "public",
    summary:
      "The worker app fetches its configuration with its device credentials: HTTP basic auth with the device id as user and the device key as password (or ?id=&key=)",
    tags,
    query: z.object({ id: z.string().max(64).optional(), key: z.string().max(64).optional() }),
    response: deviceAppConfigSchema,
  }),
};
