import { z } from "zod";

/**
 * Licences a company bought count its vehicles and its assets (the licence record holds one total per kind;
 * persons and drivers are not licensed). A total of 0 means no limit was set: companies created before
 * licences counted keep working, and the reseller sets a number when it sells one.
 */
export const LICENSED_KINDS = ["vehicles", "assets"] as const;
export type LicensedKind = (typeof LICENSED_KINDS)[number];

/** Items of each licensed kind a company holds now. */
export const licenceUsageSchema = z.object({ vehicles: z.number(), assets: z.number() });
export type LicenceUsage = z.infer<typeof licenceUsageSchema>;

/** Where a company stands against one licence: no limit set, within, near (90 % or more), at or over it. */
export type LicenceStanding = "unlimited" | "within" | "near" | "full" | "over";

/** The share of a licence from which the reseller is warned that a company is near its limit. */
export const LICENCE_NEAR_SHARE = 0.9;

export const licenceTotal = (
  licenses: { vehicleTotal: number; assetTotal: number },
  kind: LicensedKind,
): number => (kind === "vehicles" ? licenses.vehicleTotal : licenses.assetTotal);

export function licenceStanding(used: number, total: number): LicenceStanding {
  if (total <= 0) return "unlimited";
  if (used > total) return "over";
  if (used === total) return "full";
  return used >= total * LICENCE_NEAR_SHARE ? "near" : "within";
}

/** Whether one more item of the kind fits: always without a limit, else while fewer than the total exist. */
export const licenceAllowsOneMore = (used: number, total: number): boolean => total <= 0 || used < total;

/** The error code a create beyond the licence answers, with the limit it hit ("licence.vehicles;limit:5"). */
export const licenceExceededDescription = (kind: LicensedKind, limit: number): string =>
  `licence.${kind};limit:${limit}`;

/** The details an error description carries after its code ("x.y;limit:5;days:3" → { limit: "5", days: "3" }). */
export function errorDetails(description: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of description.split(";").slice(1)) {
    const at = part.indexOf(":");
    if (at > 0) out[part.slice(0, at)] = part.slice(at + 1);
  }
  return out;
}
