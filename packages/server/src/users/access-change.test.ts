import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AccessFields, accessChanged } from "./access-change.ts";

const base: AccessFields = {
  role: "OPERATOR",
  read_only: false,
  restrictions: { timeRange: { from: "08:00", to: "18:00" }, ip: "10.0.0.0/8" },
  company_id: 1,
  reseller_id: null,
};

describe("accessChanged", () => {
  const cases: [string, Partial<AccessFields>, boolean][] = [
    ["nothing", {}, false],
    [
      "restrictions with keys in another order",
      { restrictions: { ip: "10.0.0.0/8", timeRange: { to: "18:00", from: "08:00" } } },
      false,
    ],
    ["role", { role: "USER" }, true],
    ["read-only flag", { read_only: true }, true],
    ["allowed hours", { restrictions: { timeRange: null, ip: "10.0.0.0/8" } }, true],
    ["allowed addresses", { restrictions: { timeRange: base.restrictions.timeRange, ip: null } }, true],
    ["company", { company_id: 2 }, true],
    ["reseller", { reseller_id: 4 }, true],
  ];
  for (const [name, change, expected] of cases)
    it(`${expected ? "changed" : "unchanged"}: ${name}`, () =>
      expect(accessChanged(base, { ...base, ...change })).toBe(expected));

  it("is symmetric, and true exactly when role or read-only flag differ", () => {
    fc.assert(
      fc.property(fc.constantFrom("ADMIN", "OPERATOR", "USER"), fc.boolean(), (role, ro) => {
        const other = { ...base, role, read_only: ro };
        expect(accessChanged(base, other)).toBe(accessChanged(other, base));
        expect(accessChanged(other, { ...other })).toBe(false);
        expect(accessChanged(base, other)).toBe(role !== base.role || ro !== base.read_only);
      }),
    );
  });
});
