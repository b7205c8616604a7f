/** Public surface of `features/reports`: the /reports screen. */
export { ReportsPage } from "./ReportsPage.tsx";
