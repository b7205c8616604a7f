/** Public surface of `features/costs`: the /costs screen and the costs query other screens share. */
export { costsQuery } from "./api.ts";
export { CostsPage } from "./costs-page.tsx";
