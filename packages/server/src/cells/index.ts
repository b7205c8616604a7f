/** Cell-tower and Wi-Fi positions (issue 20): the resolver, the tables, the online service and the CSV import. */
export * from "./resolve.ts";
