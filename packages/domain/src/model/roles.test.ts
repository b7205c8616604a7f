import { describe, expect, it } from "vitest";
import {
  canWrite,
  isAdminOrHigher,
  isResellerOrHigher,
  isSubadminOrHigher,
  isSuperResellerOrHigher,
  parseRole,
  ROLES,
  type Role,
} from "./roles.ts";

describe("role predicates", () => {
  const table: [Role, boolean, boolean, boolean, boolean][] = [
    ["SUPER_RESELLER", true, true, true, true],
    ["RESELLER", true, true, true, false],
    ["DEVELOPER", true, true, true, true],
    ["ADMIN", true, true, false, false],
    ["SUBADMIN", true, false, false, false],
    ["OPERATOR", false, false, false, false],
    ["USER", false, false, false, false],
  ];
  it("covers every role", () => expect(table.map((r) => r[0]).sort()).toEqual([...ROLES].sort()));
  it.each(table)(
    "%s: subadmin+ %s, admin+ %s, reseller+ %s, super+ %s",
    (role, sub, admin, reseller, sup) => {
      expect([
        isSubadminOrHigher(role),
        isAdminOrHigher(role),
        isResellerOrHigher(role),
        isSuperResellerOrHigher(role),
      ]).toEqual([sub, admin, reseller, sup]);
    },
  );
  it.each([
    ["superadministrator", "SUPER_RESELLER"],
    ["admin", "ADMIN"],
    ["operator", "OPERATOR"],
    ["SUBADMIN", "SUBADMIN"],
    ["nobody", undefined],
  ])("parses %s as %s", (value, expected) => expect(parseRole(value)).toBe(expected));
});

describe("read-only writes", () => {
  it.each([
    ["ADMIN", false, "general", true],
    ["ADMIN", true, "general", false],
    ["OPERATOR", true, "costs", true],
    ["OPERATOR", true, "tickets", true],
    ["OPERATOR", true, "general", false],
    ["USER", true, "costs", false],
  ] as const)("%s readOnly=%s writing %s → %s", (role, readOnly, cap, expected) =>
    expect(canWrite({ role, readOnly }, cap)).toBe(expected),
  );
});
