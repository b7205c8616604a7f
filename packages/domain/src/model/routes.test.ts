import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "./roles.ts";
import { type GuardDecision, guardRoute, menuRoutes, ROUTES } from "./routes.ts";

/**
 * The role × route matrix, written out from the spec text (not from the guard's own sets),
 * so a change to the guard that breaks the spec makes this table disagree.
 */
const RESELLER_ONLY = [
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
];
const OPERATOR_CLOSED = [
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
];
const SUBADMIN_CLOSED = [
  "groups",
  "trackRules",
  "users",
  "periodic",
  "log",
  "alarms",
  "forms",
  "sensors",
  "appconfig",
];

const FORBIDDEN: Record<Role, ReadonlySet<string>> = {
  SUPER_RESELLER: new Set(["beaconzones"]),
  DEVELOPER: new Set([]),
  RESELLER: new Set(["superLog", "usersstats", "beaconzones"]),
  ADMIN: new Set([...RESELLER_ONLY, "beaconzones"]),
  SUBADMIN: new Set([...RESELLER_ONLY, "beaconzones", ...SUBADMIN_CLOSED]),
  OPERATOR: new Set([...RESELLER_ONLY, "beaconzones", ...OPERATOR_CLOSED]),
  USER: new Set([...RESELLER_ONLY, "beaconzones", ...OPERATOR_CLOSED]),
};
const RESELLER_LEVEL: ReadonlySet<Role> = new Set(["SUPER_RESELLER", "RESELLER", "DEVELOPER"]);

/** A concrete pathname for a route pattern ("/help/:param" → "/help/x"). */
const concrete = (path: string): string => path.replace(/:[^/]+/g, "x");

const routeCases = ROUTES.map((r) => ({ key: r.key, kind: r.kind, pathname: concrete(r.path) }));
const matrix = ROLES.flatMap((role) => routeCases.map((route) => ({ role, ...route })));

function expected(role: Role, route: (typeof routeCases)[number], hasCompany: boolean): GuardDecision {
  if (route.kind === "public") return { action: "allow" };
  if (route.kind === "login")
    return { action: "redirect", to: RESELLER_LEVEL.has(role) ? "/companies" : "/" };
  if (FORBIDDEN[role].has(route.key)) return { action: "logout" };
  if (route.kind === "company" && !hasCompany) return { action: "redirect", to: "/companies" };
  return { action: "allow" };
}

describe("guardRoute: role × route matrix with a company loaded", () => {
  it.each(matrix)("$role on $pathname", ({ role, key, kind, pathname }) => {
    const decision = guardRoute({
      pathname,
      loading: false,
      user: { role, companyId: RESELLER_LEVEL.has(role) ? null : 7 },
      selectedCompanyId: RESELLER_LEVEL.has(role) ? 7 : null,
      storedCompanyId: null,
    });
    expect(decision).toEqual(expected(role, { key, kind, pathname }, true));
  });
});

describe("guardRoute: reseller-level roles without a selected company", () => {
  const resellerMatrix = matrix.filter((c) => RESELLER_LEVEL.has(c.role));
  it.each(resellerMatrix)("$role on $pathname", ({ role, key, kind, pathname }) => {
    const decision = guardRoute({
      pathname,
      loading: false,
      user: { role, companyId: null },
      selectedCompanyId: null,
      storedCompanyId: null,
    });
    expect(decision).toEqual(expected(role, { key, kind, pathname }, false));
  });
});

describe("guardRoute: session states", () => {
  it.each(routeCases)("anonymous on $pathname", ({ kind, pathname }) => {
    const decision = guardRoute({
      pathname,
      loading: false,
      user: null,
      selectedCompanyId: null,
      storedCompanyId: null,
    });
    const allowed = kind === "public" || kind === "login";
    expect(decision).toEqual(allowed ? { action: "allow" } : { action: "redirect", to: "/login" });
  });

  it.each(routeCases)("loading on $pathname waits unless public", ({ kind, pathname }) => {
    const decision = guardRoute({
      pathname,
      loading: true,
      user: null,
      selectedCompanyId: null,
      storedCompanyId: null,
    });
    expect(decision).toEqual(kind === "public" ? { action: "allow" } : { action: "wait" });
  });

  it("restores the stored company for a non-reseller without an assigned company", () => {
    const input = { pathname: "/", loading: false, selectedCompanyId: null, storedCompanyId: 12 };
    expect(guardRoute({ ...input, user: { role: "OPERATOR", companyId: null } })).toEqual({
      action: "restoreCompany",
      companyId: 12,
    });
    // A reseller never restores from session storage: it picks on /companies.
    expect(guardRoute({ ...input, user: { role: "RESELLER", companyId: null } })).toEqual({
      action: "redirect",
      to: "/companies",
    });
  });

  it("sends unknown paths home, or to companies for a reseller without a company", () => {
    const base = { pathname: "/nope", loading: false, selectedCompanyId: null, storedCompanyId: null };
    expect(guardRoute({ ...base, user: { role: "ADMIN", companyId: 3 } })).toEqual({
      action: "redirect",
      to: "/",
    });
    expect(guardRoute({ ...base, user: { role: "RESELLER", companyId: null } })).toEqual({
      action: "redirect",
      to: "/companies",
    });
  });
});

describe("menuRoutes", () => {
  it("never lists a route the guard would close", () => {
    for (const role of ROLES) {
      for (const section of [
        "top",
        "management",
        "places",
        "maintenance",
        "reports",
        "help",
        "super",
      ] as const) {
        for (const route of menuRoutes(role, section)) expect(FORBIDDEN[role].has(route.key)).toBe(false);
      }
    }
  });

  it("gives the operator only the map, dashboard, maintenance and help entries", () => {
    const keys = (["top", "management", "places", "maintenance", "reports", "help"] as const).flatMap((s) =>
      menuRoutes("OPERATOR", s).map((r) => r.key),
    );
    expect(keys).toEqual(["home", "dashboard", "maintenances", "costs", "tickets", "help", "useterms"]);
  });

  it("shows Log and Statistics only to the super reseller level", () => {
    const superKeys = (role: Role) => menuRoutes(role, "super").map((r) => r.key);
    expect(superKeys("SUPER_RESELLER")).toContain("usersstats");
    expect(superKeys("RESELLER")).not.toContain("superLog");
    expect(superKeys("ADMIN")).toEqual([]);
  });
});
