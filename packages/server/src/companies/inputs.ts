import { LANGUAGES, ROLES } from "@vigia/domain";

/**
 * Lookup lists the forms offer. They are catalogues of the platform, not company data, so they are
 * built here once; ids are stable because stored records refer to them.
 */
let zones: Record<string, { id: string; name: string }> | null = null;
export function timezones(): Record<string, { id: string; name: string }> {
  if (!zones) {
    zones = {};
    for (const id of Intl.supportedValuesOf("timeZone")) zones[id] = { id, name: id.replaceAll("_", " ") };
  }
  return zones;
}

const keyedList = (names: readonly string[]) =>
  Object.fromEntries(names.map((name, i) => [String(i + 1), { id: i + 1, name }]));

export const COST_INPUTS = {
  types: keyedList(["maintenance", "repair", "toll", "tax"]),
  currencies: keyedList(["EUR", "USD", "GBP", "MXN", "BRL", "TRY", "CLP", "COP", "ARS", "PEN"]),
};

export const TICKET_INPUTS = {
  types: keyedList(["incident", "serviceRequest"]),
  states: { "0": { id: 0, name: "open" }, "1": { id: 1, name: "closed" } },
  priorities: { "1": { id: 1, name: "low" }, "2": { id: 2, name: "medium" }, "3": { id: 3, name: "high" } },
};

export const MAINTENANCE_INPUTS = {
  units: keyedList(["km", "days", "hours"]),
  states: { "0": { id: 0, name: "planned" }, "1": { id: 1, name: "pending" }, "2": { id: 2, name: "done" } },
};

export const SIM_TYPES = {
  "1": { id: 1, name: "M2M" },
  "2": { id: 2, name: "Consumer" },
  "99": { id: 99, name: "Other" },
};

export const COUNTRIES = ["ES", "PT", "FR", "IT", "TR", "GB", "DE", "MX", "AR", "CO", "CL", "PE", "BR", "US"];

export function userInputs(assignableRoles: readonly string[]) {
  return {
    roles: assignableRoles.map((id) => ({ id, name: id })),
    languages: LANGUAGES.map((id) => ({ id, name: id })),
    countries: COUNTRIES.map((id) => ({ id, name: id })),
    timezones: Object.keys(timezones()),
  };
}

/** Roles a company administrator may give; reseller-level roles are created from the reseller views. */
export const COMPANY_ROLES = ROLES.filter((r) => ["ADMIN", "SUBADMIN", "OPERATOR", "USER"].includes(r));
