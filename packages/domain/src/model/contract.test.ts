import { describe, expect, it } from "vitest";
import { fillPath, idParam, queryString } from "./contract.ts";

describe("fillPath", () => {
  it.each([
    ["/companies/id/:companyId/groups", { companyId: 3 }, "/companies/id/3/groups"],
    ["/companies/id/:companyId/groups/id/:id", { companyId: 3, id: "9" }, "/companies/id/3/groups/id/9"],
    ["/devices/imei/:imei", { imei: "a/b c" }, "/devices/imei/a%2Fb%20c"],
    ["/auth/login", undefined, "/auth/login"],
  ])("%s with %j is %s", (path, params, expected) => {
    expect(fillPath(path, params)).toBe(expected);
  });

  it("throws when a parameter is missing", () => {
    expect(() => fillPath("/groups/id/:id", {})).toThrow(/id missing/);
  });
});

describe("queryString", () => {
  it.each([
    [undefined, ""],
    [{}, ""],
    [{ a: 1, b: undefined, c: null }, "?a=1"],
    [{ ids: [1, 2], q: "x y" }, "?ids=1&ids=2&q=x+y"],
  ])("%j is %s", (query, expected) => {
    expect(queryString(query)).toBe(expected);
  });
});

describe("idParam", () => {
  it.each([
    ["7", 7],
    ["2147483647", 2147483647],
  ])("accepts %s", (raw, id) => {
    expect(idParam.parse(raw)).toBe(id);
  });
  it.each(["0", "-1", "1.5", "abc", "99999999999"])("refuses %s", (raw) => {
    expect(idParam.safeParse(raw).success).toBe(false);
  });
});
