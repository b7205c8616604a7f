import { z } from "zod";

/** Every role the platform knows. USER is the plain company user; readOnly is a separate flag. */
export const ROLES = [
  "SUPER_RESELLER",
  "RESELLER",
  "DEVELOPER",
  "ADMIN",
  "SUBADMIN",
  "OPERATOR",
  "USER",
] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Lower-case names the spec also uses for roles, including the legacy "superadministrator". */
const ROLE_ALIASES: Record<string, Role> = {
  super_reseller: "SUPER_RESELLER",
  superreseller: "SUPER_RESELLER",
  superadministrator: "SUPER_RESELLER",
  reseller: "RESELLER",
  developer: "DEVELOPER",
  admin: "ADMIN",
  administrator: "ADMIN",
  subadmin: "SUBADMIN",
  subadministrator: "SUBADMIN",
  operator: "OPERATOR",
  user: "USER",
};

export function parseRole(value: string): Role | undefined {
  const upper = value.toUpperCase();
  if ((ROLES as readonly string[]).includes(upper)) return upper as Role;
  return ROLE_ALIASES[value.toLowerCase()];
}

const SUBADMIN_OR_HIGHER: ReadonlySet<Role> = new Set([
  "SUBADMIN",
  "ADMIN",
  "RESELLER",
  "SUPER_RESELLER",
  "DEVELOPER",
]);
const ADMIN_OR_HIGHER: ReadonlySet<Role> = new Set(["ADMIN", "RESELLER", "SUPER_RESELLER", "DEVELOPER"]);
const RESELLER_OR_HIGHER: ReadonlySet<Role> = new Set(["RESELLER", "SUPER_RESELLER", "DEVELOPER"]);
const SUPER_RESELLER_OR_HIGHER: ReadonlySet<Role> = new Set(["SUPER_RESELLER", "DEVELOPER"]);

export const isSubadminOrHigher = (role: Role): boolean => SUBADMIN_OR_HIGHER.has(role);
export const isAdminOrHigher = (role: Role): boolean => ADMIN_OR_HIGHER.has(role);
export const isResellerOrHigher = (role: Role): boolean => RESELLER_OR_HIGHER.has(role);
export const isSuperResellerOrHigher = (role: Role): boolean => SUPER_RESELLER_OR_HIGHER.has(role);
/** The spec's "developer flag" (beaconzones) is carried by the DEVELOPER role. */
export const hasDeveloperFlag = (role: Role): boolean => role === "DEVELOPER";
/** Roles whose data access is limited to their own groups (and sub-groups). */
export const isGroupScoped = (role: Role): boolean =>
  role === "SUBADMIN" || role === "OPERATOR" || role === "USER";

/** Capabilities that a read-only user may still write, per role. */
export type WriteCapability = "general" | "costs" | "tickets";

export function canWrite(user: { role: Role; readOnly: boolean }, capability: WriteCapability): boolean {
  if (!user.readOnly) return true;
  return user.role === "OPERATOR" && (capability === "costs" || capability === "tickets");
}
