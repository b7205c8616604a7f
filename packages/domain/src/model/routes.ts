import {
  hasDeveloperFlag,
  isAdminOrHigher,
  isResellerOrHigher,
  isSubadminOrHigher,
  isSuperResellerOrHigher,
  type Role,
} from "./roles.ts";

/**
 * The single route table. The web router, the left menus and the access guard all read it.
 * `kind`: public routes skip the guard, company routes need a loaded company, super routes need none.
 */
export type RouteKind = "public" | "login" | "company" | "super" | "any";
export type MenuSection = "top" | "management" | "places" | "maintenance" | "reports" | "help" | "super";

export interface RouteDef {
  key: string;
  path: string;
  kind: RouteKind;
  menu?: { section: MenuSection; visible: (role: Role) => boolean };
}

const all = (): boolean => true;

export const ROUTES: readonly RouteDef[] = [
  { key: "login", path: "/login", kind: "login" },
  { key: "passwordSet", path: "/password/set/:key", kind: "public" },
  { key: "unsubscribe", path: "/notifications/unsubscribe/:key", kind: "public" },
  { key: "shareroute", path: "/shareroute/:token", kind: "public" },
  { key: "home", path: "/", kind: "company", menu: { section: "top", visible: all } },
  { key: "dashboard", path: "/dashboard", kind: "company", menu: { section: "top", visible: all } },
  { key: "heatmaps", path: "/heatmaps", kind: "company" },
  { key: "incidents", path: "/incidents", kind: "company" },
  {
    key: "vehicles",
    path: "/vehicles",
    kind: "company",
    menu: { section: "management", visible: isSubadminOrHigher },
  },
  {
    key: "assets",
    path: "/assets",
    kind: "company",
    menu: { section: "management", visible: isSubadminOrHigher },
  },
  {
    key: "persons",
    path: "/persons",
    kind: "company",
    menu: { section: "management", visible: isSubadminOrHigher },
  },
  {
    key: "drivers",
    path: "/drivers",
    kind: "company",
    menu: { section: "management", visible: isSubadminOrHigher },
  },
  {
    key: "trackRules",
    path: "/trackRules",
    kind: "company",
    menu: { section: "management", visible: isSubadminOrHigher },
  },
  {
    key: "groups",
    path: "/groups",
    kind: "company",
    menu: { section: "management", visible: isAdminOrHigher },
  },
  {
    key: "users",
    path: "/users",
    kind: "company",
    menu: { section: "management", visible: isAdminOrHigher },
  },
  {
    key: "alarms",
    path: "/alarms",
    kind: "company",
    menu: { section: "management", visible: isAdminOrHigher },
  },
  {
    key: "sensors",
    path: "/sensors",
    kind: "company",
    menu: { section: "management", visible: isAdminOrHigher },
  },
  {
    key: "appconfig",
    path: "/appconfig",
    kind: "company",
    menu: { section: "management", visible: isAdminOrHigher },
  },
  {
    key: "integrations",
    path: "/integrations",
    kind: "company",
    menu: { section: "management", visible: isAdminOrHigher },
  },
  {
    key: "forms",
    path: "/forms",
    kind: "company",
    menu: { section: "management", visible: isAdminOrHigher },
  },
  {
    key: "geozones",
    path: "/geozones",
    kind: "company",
    menu: { section: "places", visible: isSubadminOrHigher },
  },
  { key: "pois", path: "/pois", kind: "company", menu: { section: "places", visible: isSubadminOrHigher } },
  {
    key: "wmsmaps",
    path: "/wmsmaps",
    kind: "company",
    menu: { section: "places", visible: isSubadminOrHigher },
  },
  {
    key: "beacons",
    path: "/beacons",
    kind: "company",
    menu: { section: "places", visible: isSubadminOrHigher },
  },
  {
    key: "indoor",
    path: "/indoor",
    kind: "company",
    menu: { section: "places", visible: isSubadminOrHigher },
  },
  {
    key: "beaconzones",
    path: "/beaconzones",
    kind: "company",
    menu: { section: "places", visible: hasDeveloperFlag },
  },
  {
    key: "itineraries",
    path: "/itineraries",
    kind: "company",
    menu: { section: "places", visible: isResellerOrHigher },
  },
  {
    key: "maintenances",
    path: "/maintenances",
    kind: "company",
    menu: { section: "maintenance", visible: all },
  },
  { key: "costs", path: "/costs", kind: "company", menu: { section: "maintenance", visible: all } },
  { key: "tickets", path: "/tickets", kind: "company", menu: { section: "maintenance", visible: all } },
  {
    key: "reports",
    path: "/reports",
    kind: "company",
    menu: { section: "reports", visible: isSubadminOrHigher },
  },
  {
    key: "periodic",
    path: "/periodic",
    kind: "company",
    menu: { section: "reports", visible: isAdminOrHigher },
  },
  { key: "log", path: "/log", kind: "company", menu: { section: "help", visible: isAdminOrHigher } },
  { key: "help", path: "/help/:param", kind: "any", menu: { section: "help", visible: all } },
  { key: "useterms", path: "/useterms", kind: "any", menu: { section: "help", visible: all } },
  { key: "profile", path: "/profile", kind: "any" },
  {
    key: "companies",
    path: "/companies",
    kind: "super",
    menu: { section: "super", visible: isResellerOrHigher },
  },
  {
    key: "resellers",
    path: "/resellers",
    kind: "super",
    menu: { section: "super", visible: isResellerOrHigher },
  },
  {
    key: "superUsers",
    path: "/superUsers",
    kind: "super",
    menu: { section: "super", visible: isResellerOrHigher },
  },
  {
    key: "devices",
    path: "/devices",
    kind: "super",
    menu: { section: "super", visible: isResellerOrHigher },
  },
  {
    key: "reselleralarms",
    path: "/reselleralarms",
    kind: "super",
    menu: { section: "super", visible: isResellerOrHigher },
  },
  {
    key: "ticketsAdmin",
    path: "/ticketsAdmin",
    kind: "super",
    menu: { section: "super", visible: isResellerOrHigher },
  },
  {
    key: "supports",
    path: "/supports",
    kind: "super",
    menu: { section: "super", visible: isResellerOrHigher },
  },
  {
    key: "branding",
    path: "/branding",
    kind: "super",
    menu: { section: "super", visible: isResellerOrHigher },
  },
  {
    key: "superLog",
    path: "/superLog",
    kind: "super",
    menu: { section: "super", visible: isSuperResellerOrHigher },
  },
  {
    key: "usersstats",
    path: "/usersstats",
    kind: "super",
    menu: { section: "super", visible: isSuperResellerOrHigher },
  },
];

/** Route keys closed to each kind of user. */
const RESELLER_ONLY = new Set([
  "companies",
  "superUsers",
  "devices",
  "ticketsAdmin",
  "resellers",
  "superLog",
  "usersstats",
  "supports",
  "branding",
  "itineraries",
  "reselleralarms",
]);
const SUPER_RESELLER_ONLY = new Set(["usersstats", "superLog"]);
const DEVELOPER_ONLY = new Set(["beaconzones"]);
const OPERATOR_FORBIDDEN = new Set([
  "groups",
  "trackRules",
  "users",
  "periodic",
  "log",
  "wmsmaps",
  "alarms",
  "vehicles",
  "assets",
  "persons",
  "drivers",
  "geozones",
  "pois",
  "indoor",
  "beacons",
  "itineraries",
  "reports",
  "forms",
  "sensors",
  "appconfig",
]);
const SUBADMIN_FORBIDDEN = new Set([
  "groups",
  "trackRules",
  "users",
  "periodic",
  "log",
  "alarms",
  "forms",
  "sensors",
  "appconfig",
]);

/** Whether the role may open the route at all (independent of company selection). */
export function routeAllowed(routeKey: string, role: Role): boolean {
  if (RESELLER_ONLY.has(routeKey) && !isResellerOrHigher(role)) return false;
  if (SUPER_RESELLER_ONLY.has(routeKey) && !isSuperResellerOrHigher(role)) return false;
  if (DEVELOPER_ONLY.has(routeKey) && !hasDeveloperFlag(role)) return false;
  // The plain user has fewer rights than an operator, so the operator's closed list applies to it too.
  if ((role === "OPERATOR" || role === "USER") && OPERATOR_FORBIDDEN.has(routeKey)) return false;
  if (role === "SUBADMIN" && SUBADMIN_FORBIDDEN.has(routeKey)) return false;
  return true;
}

function segments(path: string): string[] {
  return path.split("/").filter((s) => s.length > 0);
}

/** Finds the route definition for a concrete pathname ("/help/web" → help). */
export function matchRoute(pathname: string): RouteDef | undefined {
  const actual = segments(pathname);
  return ROUTES.find((route) => {
    const pattern = segments(route.path);
    if (pattern.length !== actual.length) return false;
    return pattern.every((seg, i) => seg.startsWith(":") || seg === actual[i]);
  });
}

export interface GuardInput {
  pathname: string;
  loading: boolean;
  user: { role: Role; companyId: number | null } | null;
  /** Company currently selected in this browser session (for resellers) or restored from session storage. */
  selectedCompanyId: number | null;
  /** Company id kept in session storage under the site key, used to restore a non-reseller's selection. */
  storedCompanyId: number | null;
}

export type GuardDecision =
  | { action: "allow" }
  | { action: "wait" }
  | { action: "restoreCompany"; companyId: number }
  | { action: "redirect"; to: string }
  | { action: "logout" };

/** The access guard, as one pure function the router calls on every route change. */
export function guardRoute(input: GuardInput): GuardDecision {
  const route = matchRoute(input.pathname);
  if (route?.kind === "public") return { action: "allow" };
  if (input.loading) return { action: "wait" };
  const { user } = input;
  if (!user) return route?.kind === "login" ? { action: "allow" } : { action: "redirect", to: "/login" };
  if (route?.kind === "login") return { action: "redirect", to: postLoginPath(user.role) };
  const reseller = isResellerOrHigher(user.role);
  const assigned = user.companyId ?? input.selectedCompanyId;
  if (!reseller && assigned === null && input.storedCompanyId !== null) {
    return { action: "restoreCompany", companyId: input.storedCompanyId };
  }
  if (!route) return { action: "redirect", to: assigned !== null || !reseller ? "/" : "/companies" };
  if (!routeAllowed(route.key, user.role)) return { action: "logout" };
  if (route.kind === "company" && assigned === null) return { action: "redirect", to: "/companies" };
  return { action: "allow" };
}

/** Where a user lands after signing in: resellers to companies, everyone else home. */
export function postLoginPath(role: Role): string {
  return isResellerOrHigher(role) ? "/companies" : "/";
}

export function menuRoutes(role: Role, section: MenuSection): RouteDef[] {
  return ROUTES.filter(
    (r) => r.menu?.section === section && r.menu.visible(role) && routeAllowed(r.key, role),
  );
}
