import { z } from "zod";

/**
 * A brand (white label) a reseller manages: the host names it answers on, the names and colours its users
 * see, its logo and favicon, the origin its mails link to, and the texts and app links of its site. The
 * companies of the owning reseller, and of its sub-resellers that have no brand of their own, carry it.
 */

/** One DNS label: letters, digits and inner hyphens, at most 63 characters. */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Whether the text is a host name (lower case, no port, no scheme): labels joined by dots, ≤ 253 characters. */
export function isHostName(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  return value.split(".").every((label) => LABEL.test(label));
}

/** Whether the text names an IANA time zone this runtime knows. */
export function isTimeZone(value: string): boolean {
  if (value === "") return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const hostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => isHostName(v), "brand.host");

/** An origin for links in mails: http(s), a host, an optional port, nothing after it. Empty: none. */
const originSchema = z
  .string()
  .trim()
  .max(200)
  .refine((v) => {
    if (v === "") return true;
    const match = /^https?:\/\/([a-z0-9.-]+)(:\d{1,5})?\/?$/i.exec(v);
    return match !== null && isHostName((match[1] ?? "").toLowerCase());
  }, "brand.origin")
  .transform((v) => v.replace(/\/+$/, ""));

/** A link the brand offers (an app download, a store page): http(s), or a path on the site; empty: none. */
const linkSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === "" || /^(https?:\/\/\S+|\/\S*)$/i.test(v), "brand.link")
  .default("");

const phoneSchema = z
  .string()
  .trim()
  .max(40)
  .refine((v) => v === "" || /^\+?[0-9 ()-]{5,}$/.test(v), "phone.format")
  .default("");

const emailSchema = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === "" || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v), "email.format")
  .default("");

export const brandAppsSchema = z.object({
  apkUrl: linkSchema,
  ipaUrl: linkSchema,
  playStoreUrl: linkSchema,
  appStoreUrl: linkSchema,
});

/** What a reseller writes (create and update of a brand). */
export const brandWriteSchema = z.object({
  name: z.string().trim().min(1, "required").max(80),
  hosts: z
    .array(hostSchema)
    .max(20)
    .default([])
    .refine((hosts) => new Set(hosts).size === hosts.length, "brand.hostTwice"),
  /** The accent colour of the brand's screens, `#rrggbb`; null: the product's. */
  primaryColor: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "brand.color")
    .transform((v) => v.toLowerCase())
    .nullable()
    .default(null),
  /** Where the brand's site is served, for links in mails; empty: the platform's origin. */
  origin: originSchema.default(""),
  supportEmail: emailSchema,
  supportPhone: phoneSchema,
  apps: brandAppsSchema.default({ apkUrl: "", ipaUrl: "", playStoreUrl: "", appStoreUrl: "" }),
  terms: z.string().max(50_000).default(""),
  privacy: z.string().max(50_000).default(""),
  /** The product's name in the manual and the window title; empty: the brand's name. */
  productName: z.string().trim().max(80).default(""),
  timezone: z
    .string()
    .trim()
    .refine((v) => isTimeZone(v), "brand.timezone")
    .default("Europe/Madrid"),
  /**
   * The base map (a provider id of GET map-providers) the brand's companies draw while they have not chosen one;
   * empty: the deployment's default.
   */
  mapProvider: z.string().trim().max(40).default(""),
  /**
   * true: the managing reseller's companies carry this brand from now on (instead of its former one). Absent
   * or false changes nothing: a reseller always has the brand it chose last (its first one to begin with).
   */
  assigned: z.boolean().optional(),
});
export type BrandWrite = z.input<typeof brandWriteSchema>;

export const brandSchema = brandWriteSchema.extend({
  id: z.number(),
  hosts: z.array(z.string()),
  primaryColor: z.string().nullable(),
  origin: z.string(),
  /** The reseller that manages it; null: the platform's own brand (super resellers manage it). */
  resellerId: z.number().nullable(),
  /** Whether the owning reseller's companies carry it (a reseller may keep spare brands for more hosts). */
  assigned: z.boolean(),
  /** Public links of the uploaded images; empty: none uploaded. */
  logoUrl: z.string(),
  faviconUrl: z.string(),
  apps: z.object({
    apkUrl: z.string(),
    ipaUrl: z.string(),
    playStoreUrl: z.string(),
    appStoreUrl: z.string(),
  }),
  terms: z.string(),
  privacy: z.string(),
  productName: z.string(),
  timezone: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  mapProvider: z.string(),
});
export type Brand = z.infer<typeof brandSchema>;

/** The two images a brand uploads. */
export const brandImageSchema = z.enum(["logo", "favicon"]);
export type BrandImage = z.infer<typeof brandImageSchema>;

/** Error codes of the brand routes and of sign-in on a brand's host. */
export const BRAND_ERROR = {
  /** A host name another brand already answers on (409, field `hosts`). */
  hostTaken: "brand.hostTaken",
  /** The platform's own brand, which serves every unknown host, cannot be deleted (409). */
  defaultBrand: "brand.default",
  /** The account belongs to another brand than the host it signs in on (403 at sign-in, 401 for a session
   * presented on another brand's host). */
  wrongBrand: "auth.wrongBrand",
} as const;
