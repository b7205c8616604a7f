import { siteSchema, siteTermsSchema } from "../api/site.ts";
import { defineRoute } from "../model/contract.ts";

/** The public branding of the site the browser is on. */
export const siteApi = {
  get: defineRoute({
    method: "GET",
    path: "/site",
    access: "public",
    summary: "Branding and settings of the site, chosen by host name (unknown hosts: the default site)",
    tags: ["site"],
    response: siteSchema,
  }),
  terms: defineRoute({
    method: "GET",
    path: "/site/terms",
    access: "public",
    summary: "Terms of use of the site, chosen by host name (null: none configured)",
    tags: ["site"],
    response: siteTermsSchema,
  }),
};
