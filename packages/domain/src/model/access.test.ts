import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AccessCaller,
  type AccessDenial,
  accessDenial,
  allows,
  ROUTE_ACCESS,
  type RouteAccess,
} from "./access.ts";
import { ROLES, type Role } from "./roles.ts";

const who = (role: Role, readOnly = false, self = false): AccessCaller => ({ role, readOnly, self });

describe("accessDenial", () => {
  it.each<[RouteAccess, AccessCaller | null, AccessDenial | null]>([
    ["public", null, null],
    ["public", who("USER", true), null],
    ["user", null, "signIn"],
    ["user", who("USER", true), null],
    ["write", who("OPERATOR"), null],
    ["write", who("ADMIN", true), "readOnly"],
    ["costs", who("OPERATOR", true), null],
    ["tickets", who("OPERATOR", true), null],
    ["tickets", who("USER", true), "readOnly"],
    ["costs", who("ADMIN", true), "readOnly"],
    ["tickets", who("USER"), null],
    ["subadmin", who("SUBADMIN"), null],
    ["subadmin", who("OPERATOR"), "forbidden"],
    // A read-only caller learns why, whatever the role.
    ["subadmin", who("OPERATOR", true), "readOnly"],
    ["admin", who("SUBADMIN"), "forbidden"],
    ["admin", who("RESELLER"), null],
    ["admin", who("DEVELOPER"), null],
    ["adminOrSelf", who("USER", true, true), null],
    ["adminOrSelf", who("USER", false, false), "forbidden"],
    ["adminOrSelf", who("ADMIN", true, false), "readOnly"],
    ["reseller", who("RESELLER"), null],
    ["reseller", who("RESELLER", true), "readOnly"],
    // The reseller area judges the role first: other roles learn nothing there.
    ["reseller", who("ADMIN", true), "forbidden"],
    ["resellerOrSelf", who("RESELLER", true, true), null],
    ["resellerOrSelf", who("RESELLER", true, false), "readOnly"],
    ["resellerOrSelf", who("ADMIN", false, true), "forbidden"],
    ["subadminRead", who("SUBADMIN", true), null],
    ["subadminRead", who("OPERATOR"), "forbidden"],
    ["adminRead", who("ADMIN", true), null],
    ["adminRead", who("SUBADMIN"), "forbidden"],
    ["resellerRead", who("RESELLER", true), null],
    ["resellerRead", who("ADMIN"), "forbidden"],
    ["resellerRead", who("SUPER_RESELLER", true), null],
  ])("%s for %j is %s", (access, caller, denial) => {
    expect(accessDenial(access, caller)).toBe(denial);
    expect(allows(access, caller)).toBe(denial === null);
  });

  const caller = fc.record({
    role: fc.constantFrom(...ROLES),
    readOnly: fc.boolean(),
    self: fc.boolean(),
  });

  it("never lets a signed-out caller past anything but public routes", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROUTE_ACCESS), (access) => {
        expect(allows(access, null)).toBe(access === "public");
      }),
    );
  });

  it("never lets a read-only caller write, except operators on costs and tickets and anyone on their own record", () => {
    const writes: RouteAccess[] = ["write", "subadmin", "admin", "adminOrSelf", "reseller", "resellerOrSelf"];
    fc.assert(
      fc.property(fc.constantFrom(...writes), caller, (access, c) => {
        if (c.readOnly && !c.self) expect(allows(access, c)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom<RouteAccess>("costs", "tickets"), caller, (access, c) => {
        expect(allows(access, c)).toBe(!c.readOnly || c.role === "OPERATOR");
      }),
    );
  });

  it("lets a caller who is not read-only use a route's read level whenever its write level is allowed", () => {
    const pairs: [RouteAccess, RouteAccess][] = [
      ["subadmin", "subadminRead"],
      ["admin", "adminRead"],
      ["reseller", "resellerRead"],
      ["write", "user"],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...pairs), caller, ([write, read], c) => {
        if (allows(write, c)) expect(allows(read, c)).toBe(true);
      }),
    );
  });
});
