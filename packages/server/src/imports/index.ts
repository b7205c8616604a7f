export { parseCsv } from "./csv.ts";
