/** Public surface of `companies/`. The company-load routes and the input lists (roles, SIM types, time zones…) other forms share. */
export {
  COMPANY_ROLES,
  COST_INPUTS,
  COUNTRIES,
  SIM_TYPES,
  TICKET_INPUTS,
  timezones,
  userInputs,
} from "./inputs.ts";
export { companyRoutes } from "./routes.ts";
