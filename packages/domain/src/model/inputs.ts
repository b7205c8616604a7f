import { z } from "zod";

/**
 * Lookup lists the forms offer (the `…/inputs`, timezones and states calls of the company and reseller loads):
 * catalogues of the platform, keyed by id the way the server sends them.
 */

const named = <I extends z.ZodType>(id: I) => z.object({ id, name: z.string() });

/** `{ "3": { id: 3, name: "suspended" } }`: a catalogue keyed by its numeric id. */
export const numberCatalogueSchema = z.record(z.string(), named(z.number()));
/** GET …/timezones: every IANA zone keyed by itself, with a readable name. */
export const timezonesSchema = z.record(z.string(), named(z.string()));
export type Timezones = z.infer<typeof timezonesSchema>;

/** GET …/users/inputs: what the user form may choose from. */
export const userInputsSchema = z.object({
  roles: z.array(named(z.string())),
  languages: z.array(named(z.string())),
  countries: z.array(named(z.string())),
  timezones: z.array(z.string()),
});
export type UserInputs = z.infer<typeof userInputsSchema>;

/** GET …/tickets/inputs. */
export const ticketInputsSchema = z.object({
  types: numberCatalogueSchema,
  states: numberCatalogueSchema,
  priorities: numberCatalogueSchema,
});
export type TicketInputs = z.infer<typeof ticketInputsSchema>;

/** GET …/costs/inputs. */
export const costInputsSchema = z.object({ types: numberCatalogueSchema, currencies: numberCatalogueSchema });
export type CostInputs = z.infer<typeof costInputsSchema>;
