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
