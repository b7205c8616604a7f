/** Public surface of `imports/`. CSV parsing shared by the import routes. */
export { parseCsv } from "./csv.ts";
