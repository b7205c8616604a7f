import { siteSchema } from "../api/site.ts";
import { defineRoute } from "../contract.ts";

/** The public branding of the site the browser is on. */
export const siteApi = {
  get: defineRoute({
    method: "GET",
    path: "/site",
    summary: "Branding and settings of the site, chosen by host name (unknown hosts: the default site)",
    tags: ["site"],
    response: siteSchema,
  }),
};
