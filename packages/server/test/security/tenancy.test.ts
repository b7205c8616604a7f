import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Tenant isolation across every route the server has registered: each demo account, pointed at ids of
 * companies and resellers outside its reach, gets 403 or 404 and an error body, never data.
 */
let p: TestPlatform;
const company: Record<string, number> = {};
const reseller: Record<string, number> = {};

beforeAll(async () => {
  p = await startTestPlatform();
  for (const row of await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies"))
    company[row.name] = row.id;
  for (const row of await p.ctx.db.query<{ id: number; name: string }>("select id, name from resellers"))
    reseller[row.name] = row.id;
});
afterAll(async () => {
  await p?.close();
});

const MISSING = 999_999;

/** For each account: the companies and resellers it must not reach. */
function forbiddenTargets(email: string): { companies: number[]; resellers: number[] } {
  const acme = company["Acme Logistics"]!;
  const globex = company["Globex Security"]!;
  const initech = company.Initech!;
  const allResellers = Object.values(reseller);
  switch (email) {
    case "reseller@vigia.demo":
      return {
        companies: [globex, MISSING],
        resellers: [reseller["Vigia Platform"]!, reseller["Atlas Telematics"]!, MISSING],
      };
    case "super@vigia.demo":
    case "dev@vigia.demo":
      return { companies: [MISSING], resellers: [MISSING] };
    case "admin@globex.demo":
      return { companies: [acme, initech, MISSING], resellers: allResellers };
    case "admin@initech.demo":
      return { companies: [acme, globex, MISSING], resellers: allResellers };
    default:
      return { companies: [globex, initech, MISSING], resellers: allResellers };
  }
}

const ACCOUNTS = [
  "super@vigia.demo",
  "dev@vigia.demo",
  "reseller@vigia.demo",
  "admin@acme.demo",
  "subadmin@acme.demo",
  "operator@acme.demo",
  "viewer@acme.demo",
  "admin@globex.demo",
  "admin@initech.demo",
];

function tenantRoutes() {
  const routes = p.app.routeCatalog.filter(
    (r) => r.method !== "HEAD" && (r.url.includes(":companyId") || r.url.includes(":resellerId")),
  );
  expect(routes.length).toBeGreaterThan(30);
  return routes;
}

describe("tenant isolation matrix", () => {
  it.each(ACCOUNTS)("%s reaches no foreign tenant through any route", async (email) => {
    const token = await p.api.token(email);
    const targets = forbiddenTargets(email);
    const failures: string[] = [];
    for (const route of tenantRoutes()) {
      const ids = route.url.includes(":companyId") ? targets.companies : targets.resellers;
      for (const id of ids) {
        const path = route.url
          .replace("/fr/v1/", "")
          .replace(":companyId", String(id))
          .replace(":resellerId", String(id))
          .replace(/:(\w+)/g, "1");
        const response = await p.api.request<{ statusCode?: number; description?: string }>(
          route.method,
          path,
          {
            token,
            body: route.method === "GET" || route.method === "DELETE" ? undefined : {},
          },
        );
        const isError = response.body !== null && typeof response.body.description === "string";
        if (![403, 404].includes(response.status) || !isError)
          failures.push(`${route.method} ${path} → ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("lets each account read its own tenant", async () => {
    const acme = company["Acme Logistics"]!;
    for (const email of [
      "admin@acme.demo",
      "subadmin@acme.demo",
      "operator@acme.demo",
      "viewer@acme.demo",
      "reseller@vigia.demo",
      "super@vigia.demo",
    ]) {
      const token = await p.api.token(email);
      expect((await p.api.get(`companies/id/${acme}/info`, token)).status, email).toBe(200);
    }
    const reseller403 = await p.api.get("resellers", await p.api.token("admin@acme.demo"));
    expect(reseller403.status).toBe(403);
  });
});

describe("group scope", () => {
  async function names(email: string, collection: string): Promise<string[]> {
    const token = await p.api.token(email);
    const r = await p.api.get<Record<string, { name: string }>>(
      `companies/id/${company["Acme Logistics"]}/${collection}`,
      token,
    );
    expect(r.status).toBe(200);
    return Object.values(r.body).map((x) => x.name);
  }

  it("shows a subadministrator only the items of their group subtree", async () => {
    const groups = await names("subadmin@acme.demo", "groups");
    expect(groups.sort()).toEqual(["Madrid", "Madrid Norte", "Madrid Sur"]);
    const all = await names("admin@acme.demo", "vehicles");
    const own = await names("subadmin@acme.demo", "vehicles");
    expect(all).toHaveLength(25);
    expect(own.length).toBe(15);
    const assets = await names("subadmin@acme.demo", "assets");
    expect(assets).toContain("Container C-01");
    expect(assets).not.toContain("Guard dog Rex");
  });

  it("shows an operator only their group", async () => {
    expect(await names("operator@acme.demo", "groups")).toEqual(["Toledo"]);
    expect(await names("operator@acme.demo", "vehicles")).toHaveLength(5);
    expect(await names("operator@acme.demo", "persons")).toEqual(["Elena Navarro"]);
    const trackers = await names("operator@acme.demo", "trackers");
    expect(trackers).toHaveLength(5 + 2 + 1);
  });
});

describe("company selection", () => {
  it("lets a reseller select a company of its tree and clear it", async () => {
    const token = await p.api.token("reseller@vigia.demo");
    const selected = await p.api.put<{ selectedCompanyId: number | null }>(
      `current/user/companies/id/${company.Initech}`,
      {},
      token,
    );
    expect(selected.body.selectedCompanyId).toBe(company.Initech);
    const foreign = await p.api.put(`current/user/companies/id/${company["Globex Security"]}`, {}, token);
    expect(foreign.status).toBe(404);
    const cleared = await p.api.put<{ selectedCompanyId: number | null }>(
      "current/user/companies/id/0",
      {},
      token,
    );
    expect(cleared.body.selectedCompanyId).toBeNull();
  });

  it("does not let a company user select another company", async () => {
    const token = await p.api.token("admin@acme.demo");
    expect(
      (await p.api.put(`current/user/companies/id/${company["Globex Security"]}`, {}, token)).status,
    ).toBe(404);
  });

  it("lists only the reseller's own companies and resellers", async () => {
    const token = await p.api.token("reseller@vigia.demo");
    const companies = await p.api.get<Record<string, { name: string }>>(
      `resellers/id/${reseller["Iberia Tracking"]}/companies`,
      token,
    );
    expect(
      Object.values(companies.body)
        .map((c) => c.name)
        .sort(),
    ).toEqual(["Acme Logistics", "Initech"]);
    const resellers = await p.api.get<Record<string, { name: string }>>("resellers", token);
    expect(
      Object.values(resellers.body)
        .map((r) => r.name)
        .sort(),
    ).toEqual(["Iberia Norte", "Iberia Tracking"]);
  });
});

describe("company load", () => {
  it("answers every company-load call of the client", async () => {
    const token = await p.api.token("admin@acme.demo");
    const paths =
      "groups vehicles assets timezones drivers geozones events sensors pois trackers info worktimes maintenances/inputs costs/inputs tickets/inputs users/inputs report_types trackers/inputs icons cras states ios imaps ibeacons ibeacons/inputs layers persons".split(
        " ",
      );
    for (const path of paths) {
      const r = await p.api.get(`companies/id/${company["Acme Logistics"]}/${path}`, token);
      expect(r.status, path).toBe(200);
      expect(typeof r.body, path).toBe("object");
    }
    const info = await p.api.get<{
      name: string;
      state: { current: { value: number } };
      conf: { supports: unknown[] };
    }>(`companies/id/${company["Acme Logistics"]}/info`, token);
    expect(info.body.name).toBe("Acme Logistics");
    expect(info.body.state.current.value).toBe(1);
    expect(info.body.conf.supports.length).toBeGreaterThan(0);
  });

  it("answers the catalogues of events, sensors, inputs/outputs and icons from the company's own devices", async () => {
    const acme = company["Acme Logistics"];
    const token = await p.api.token("admin@acme.demo");
    const get = async <T>(path: string) => (await p.api.get<T>(`companies/id/${acme}/${path}`, token)).body;
    type Entry = { id: string; name: string; label: string; unit: string };
    expect((await get<Record<string, { name: string }>>("events"))["20"]?.name).toBe("speeding");
    expect((await get<Record<string, { itemType: number }>>("icons"))["1:truck"]?.itemType).toBe(1);
    // The demo fleet has Teltonika devices: their analogue input is offered, technical elements are not.
    const sensors = await get<Record<string, Entry>>("sensors");
    expect(sensors.io9?.unit).toBe("V");
    expect(sensors.hdop).toBeUndefined();
    const ios = await get<Record<string, Entry & { direction: string }>>("ios");
    expect(ios.io179?.direction).toBe("out");
    // A company's own sensor name shows in its catalogue only.
    const saved = await p.api.put(
      `companies/id/${acme}/sensorsettings`,
      { settings: [{ key: "io9", name: "Tank probe", unit: "", multiplier: null, hidden: false }] },
      token,
    );
    expect(saved.status).toBe(200);
    expect((await get<Record<string, Entry>>("sensors")).io9?.label).toBe("Tank probe");
    const other = await p.api.token("admin@globex.demo");
    const theirs = await p.api.get<Record<string, Entry>>(
      `companies/id/${company["Globex Security"]}/sensors`,
      other,
    );
    expect(theirs.status).toBe(200);
    expect(Object.values(theirs.body).some((s) => s.label === "Tank probe")).toBe(false);
    await p.api.put(`companies/id/${acme}/sensorsettings`, { settings: [] }, token);
  });

  it("answers every reseller-load call", async () => {
    const token = await p.api.token("reseller@vigia.demo");
    const rid = reseller["Iberia Tracking"];
    for (const path of [
      "resellers",
      `resellers/id/${rid}/tickets/inputs`,
      `resellers/id/${rid}/companies`,
      "resellers/users/inputs",
      `resellers/id/${rid}/trackers/inputs`,
      "resellers/timezones",
      `resellers/id/${rid}/cras`,
      "resellers/states",
      `resellers/id/${rid}/supports`,
    ]) {
      expect((await p.api.get(path, token)).status, path).toBe(200);
    }
  });
});
