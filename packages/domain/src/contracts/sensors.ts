import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import { sensorSettingsSchema } from "../sensors/present.ts";

const companyParams = z.object({ companyId: idParam });
const tags = ["sensors"] as const;

/** The company's edits of the sensor catalogue (names, units, multipliers, hidden sensors). */
export const sensorSettingsBodySchema = z.object({ settings: sensorSettingsSchema });

export const sensorsApi = {
  settings: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/sensorsettings",
    access: "user",
    summary: "The company's sensor names, units, multipliers and hidden sensors",
    tags,
    params: companyParams,
    response: sensorSettingsBodySchema,
  }),
  saveSettings: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/sensorsettings",
    access: "admin",
    summary: "Replace the company's sensor settings (company administrators)",
    tags,
    params: companyParams,
    body: sensorSettingsBodySchema,
    response: sensorSettingsBodySchema,
  }),
};
