import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { RouteContract } from "../model/contract.ts";
import { auditApi } from "./audit.ts";
import { companiesAdminApi } from "./companies-admin.ts";
import { devicesApi } from "./devices.ts";
import { resellerLoad, resellersApi } from "./resellers.ts";
import { usersApi } from "./users.ts";

const all: [string, RouteContract][] = Object.entries({
  ...prefixed("audit", auditApi),
  ...prefixed("companiesAdmin", companiesAdminApi),
  ...prefixed("devices", devicesApi),
  ...prefixed("resellers", resellersApi),
  ...prefixed("users", usersApi),
});

function prefixed(name: string, api: Record<string, RouteContract>): Record<string, RouteContract> {
  return Object.fromEntries(Object.entries(api).map(([key, contract]) => [`${name}.${key}`, contract]));
}

const pathNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
const paramNames = (contract: RouteContract) =>
  contract.params instanceof z.ZodObject ? Object.keys(contract.params.shape).sort() : [];

describe("admin contracts", () => {
  it.each(all)("%s declares exactly the parameters of its path", (_, contract) => {
    expect(paramNames(contract)).toEqual(pathNames(contract.path));
  });

  it("declare each method and path once", () => {
    const keys = all.map(([, c]) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("load the reseller with the nine GET calls", () => {
    const calls = Object.values(resellerLoad);
    expect(calls.map((c) => c.method)).toEqual(Array(9).fill("GET"));
    expect(calls.map((c) => c.path).sort()).toEqual(
      [
        "/resellers",
        "/resellers/id/:resellerId/tickets/inputs",
        "/resellers/id/:resellerId/companies",
        "/resellers/users/inputs",
        "/resellers/id/:resellerId/trackers/inputs",
        "/resellers/timezones",
        "/resellers/id/:resellerId/cras",
        "/resellers/states",
        "/resellers/id/:resellerId/supports",
      ].sort(),
    );
  });
});
