/** Public surface of `features/reports`: the /reports screen. */
export { ReportsPage } from "./reports-page.tsx";
