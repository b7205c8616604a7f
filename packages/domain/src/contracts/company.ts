import { z } from "zod";
import { companyInfoSchema } from "../api/company-load.ts";
import { defineRoute, idParam } from "../model/contract.ts";
import {
  eventCatalogueSchema,
  iconCatalogueSchema,
  ioListSchema,
  sensorListSchema,
} from "../sensors/company-catalogues.ts";
import { reportTypesSchema } from "./reports.ts";

const params = z.object({ companyId: idParam });
const tags = ["company load"] as const;

/** A catalogue keyed by id, as the forms' pickers read it. */
const catalogue = <T extends z.ZodType>(id: T) => z.record(z.string(), z.object({ id, name: z.string() }));
const choices = z.array(z.object({ id: z.string(), name: z.string() }));

/** A company-load GET of one resource under /companies/id/:companyId. */
function load<const P extends string, R extends z.ZodType>(resource: P, summary: string, response: R) {
  return defineRoute({
    method: "GET",
    path: `/companies/id/:companyId/${resource}`,
    access: "user",
    summary,
    tags,
    params,
    response,
  });
}

/** The company's own information and the lookup lists its forms offer. */
export const companyApi = {
  info: load("info", "The selected company: state, configuration, licences, restrictions", companyInfoSchema),
  timezones: load(
    "timezones",
    "Time zones the forms offer, keyed by id",
    z.record(z.string(), z.object({ id: z.string(), name: z.string() })),
  ),
  maintenanceInputs: load(
    "maintenances/inputs",
    "Units and states of maintenance plans",
    z.object({ units: catalogue(z.number()), states: catalogue(z.number()) }),
  ),
  costInputs: load(
    "costs/inputs",
    "Cost types and currencies",
    z.object({ types: catalogue(z.number()), currencies: catalogue(z.number()) }),
  ),
  ticketInputs: load(
    "tickets/inputs",
    "Ticket types, states and priorities",
    z.object({
      types: catalogue(z.number()),
      states: catalogue(z.number()),
      priorities: catalogue(z.number()),
    }),
  ),
  userInputs: load(
    "users/inputs",
    "Roles a company administrator may give, languages, countries and time zones",
    z.object({ roles: choices, languages: choices, countries: choices, timezones: z.array(z.string()) }),
  ),
  events: load("events", "Alarm families a notice can belong to, keyed by code", eventCatalogueSchema),
  sensors: load(
    "sensors",
    "Sensors the company's devices can report, with its names and units",
    sensorListSchema,
  ),
  icons: load("icons", "Icons an item can carry (its type), keyed itemType:type", iconCatalogueSchema),
  ios: load("ios", "Inputs and outputs among the company's sensors, with their direction", ioListSchema),
  reportTypes: load("report_types", "The report catalogue, keyed by id", reportTypesSchema),
};
