/** Public surface of `features/costs`: the /costs screen. */
export { CostsPage } from "./CostsPage.tsx";
