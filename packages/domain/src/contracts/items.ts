import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import {
  assetRowSchema,
  assetWriteSchema,
  deletedSchema,
  driverRowSchema,
  driverWriteSchema,
  personRowSchema,
  personWriteSchema,
} from "../model/items.ts";

const companyParams = z.object({ companyId: idParam });
const itemParams = z.object({ companyId: idParam, id: idParam });

/**
 * The five calls of one item collection under /companies/id/:companyId/<collection>: the company-load list
 * keyed by id, one row, create, update and delete. Assets, persons and drivers have the same calls.
 */
function itemRoutes<const P extends string, R extends z.ZodType, W extends z.ZodType>(
  collection: P,
  noun: string,
  row: R,
  write: W,
) {
  const tags = [collection] as const;
  return {
    list: defineRoute({
      method: "GET",
      path: `/companies/id/:companyId/${collection}`,
      access: "user",
      summary: `${noun}s the caller may see, keyed by id`,
      tags: ["company load", ...tags],
      params: companyParams,
      response: z.record(z.string(), row),
    }),
    one: defineRoute({
      method: "GET",
      path: `/companies/id/:companyId/${collection}/id/:id`,
      access: "user",
      summary: `One ${noun.toLowerCase()}`,
      tags,
      params: itemParams,
      response: row,
    }),
    create: defineRoute({
      method: "POST",
      path: `/companies/id/:companyId/${collection}`,
      access: "subadmin",
      summary: `Create a ${noun.toLowerCase()}`,
      tags,
      params: companyParams,
      body: write,
      response: row,
    }),
    update: defineRoute({
      method: "PUT",
      path: `/companies/id/:companyId/${collection}/id/:id`,
      access: "subadmin",
      summary: `Change a ${noun.toLowerCase()}`,
      tags,
      params: itemParams,
      body: write,
      response: row,
    }),
    remove: defineRoute({
      method: "DELETE",
      path: `/companies/id/:companyId/${collection}/id/:id`,
      access: "subadmin",
      summary: `Delete a ${noun.toLowerCase()}`,
      tags,
      params: itemParams,
      response: deletedSchema,
    }),
  };
}

/** Assets (/assets): name unique per company, a type, a group and custom data. */
export const assetsApi = itemRoutes("assets", "Asset", assetRowSchema, assetWriteSchema);
/** Persons (/persons): name unique per company, a group and custom data. */
export const personsApi = itemRoutes("persons", "Person", personRowSchema, personWriteSchema);
/** Drivers (/drivers): identification (card, iButton, beacon), contact, an optional person and group. */
export const driversApi = itemRoutes("drivers", "Driver", driverRowSchema, driverWriteSchema);
