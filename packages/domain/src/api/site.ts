import { z } from "zod";

/** Public branding and settings of the site the browser is on (GET site, resolved by Host header). */
export const siteAppsSchema = z.object({
  apkUrl: z.string(),
  ipaUrl: z.string(),
  playStoreUrl: z.string(),
  appStoreUrl: z.string(),
  /** The worker app's change log as configured for the site; empty: the one shipped with the product. */
  changelog: z.string(),
});

export const siteSchema = z.object({
  id: z.number(),
  sitename: z.string().min(1),
  timezone: z.string(),
  logoUrl: z.string(),
  /** The brand's favicon; empty: the product's. */
  faviconUrl: z.string(),
  /** The brand's accent colour (`#rrggbb`); null: the product's. */
  primaryColor: z.string().nullable(),
  /** The product's name in the window title and the manual (the brand's, else its site name). */
  productName: z.string().min(1),
  apps: siteAppsSchema,
  /** The brand's base map (a provider id of GET map-providers) for companies that chose none; empty: the deployment's default. */
  mapProvider: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

/** The site's terms of use (GET site/terms); null: the site has none configured, the client shows the shipped text. */
/**
 * What the site's terms page shows: its own terms of use (null: none configured, the default text), its privacy
 * text and its support contacts (empty: not given).
 */
export const siteTermsSchema = z.object({
  terms: z.string().nullable(),
  privacy: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
});

/** What the unsubscribe link shows before the user confirms (GET notifications/unsubscribe/{key}). */
export const unsubscribeInfoSchema = z.object({ email: z.string(), kind: z.string(), done: z.boolean() });
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;
