import { describe, expect, it } from "vitest";
import { COMPANY_LOAD_RESOURCES } from "../api/company-load.ts";
import { companyLoadApi } from "./company-load.ts";

describe("companyLoadApi", () => {
  it.each(COMPANY_LOAD_RESOURCES)("%s is a GET of the company's resource", (resource) => {
    const contract = companyLoadApi[resource];
    expect(contract.method).toBe("GET");
    expect(contract.path).toBe(`/companies/id/:companyId/${resource}`);
    expect(contract.response).not.toBeNull();
  });

  it("maps nothing but the company-load resources", () => {
    expect(Object.keys(companyLoadApi).sort()).toEqual([...COMPANY_LOAD_RESOURCES].sort());
  });

  it("accepts the empty answer of a resource a later issue builds, and nothing else", () => {
    expect(companyLoadApi.events.response.safeParse({}).success).toBe(true);
    expect(companyLoadApi.events.response.safeParse({ 1: { id: 1 } }).success).toBe(false);
  });
});
