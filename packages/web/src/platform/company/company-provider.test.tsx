import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { BEACON_LAYOUTS, COMPANY_LOAD_RESOURCES, companyLoadApi, type User } from "@vigia/domain";
import { type ReactNode, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testCompanyInfo } from "../../test/company.tsx";
import { testRoleUser, testSession, testStorage } from "../../test/fixtures.ts";
import { SessionContext } from "../session/session.ts";
import { companyLoadKey } from "./api.ts";
import { useCompany } from "./company.ts";
import { CompanyProvider } from "./company-provider.tsx";

const north = { id: 3, name: "North", parentId: null, vehicles: [], assets: [], persons: [] };

/** The smallest answer each company-load contract accepts; the keyed collections answer `{}` (empty). */
const ANSWERS: Record<string, unknown> = {
  groups: { "3": north },
  states: { vehicle: {}, asset: {}, person: {}, driver: {} },
  "maintenances/inputs": { units: {}, states: {} },
  "costs/inputs": { types: {}, currencies: {} },
  "tickets/inputs": { types: {}, states: {}, priorities: {} },
  "users/inputs": { roles: [], languages: [], countries: [], timezones: [] },
  "trackers/inputs": { types: {}, simTypes: {} },
  "ibeacons/inputs": { types: [...BEACON_LAYOUTS], maps: [] },
};

/** The server as the provider sees it: every company-load call answers, and the selection PUT echoes the user. */
function fakeServer(user: User) {
  const calls: { method: string; path: string }[] = [];
  const fetchFn = vi.fn(async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/fr\/v1\//, "");
    const method = init.method ?? "GET";
    calls.push({ method, path });
    const company = /^companies\/id\/(\d+)\/(.+)$/.exec(path);
    let body: unknown = {};
    if (method === "PUT") {
      const id = Number(/(\d+)$/.exec(path)?.[1]);
      body = { ...user, selectedCompanyId: id === 0 ? null : id };
    } else if (company?.[2] === "info")
      body = testCompanyInfo({ id: Number(company[1]), name: `Company ${company[1]}` });
    else if (company?.[2] !== undefined) body = ANSWERS[company[2]] ?? {};
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal("fetch", fetchFn);
  return calls;
}

let captured: ReturnType<typeof useCompany> | null = null;
/** The company id of every render, to tell what the route guard saw in between. */
let rendered: (number | null)[] = [];
function Probe() {
  captured = useCompany();
  rendered.push(captured.companyId);
  const { companyId, loading, info, progress } = captured;
  return (
    <output data-testid="probe">
      {JSON.stringify({ companyId, loading, name: info?.name ?? null, done: progress.done })}
    </output>
  );
}
const probe = () => JSON.parse(screen.getByTestId("probe").textContent ?? "{}");

/** Signs the harness's session in later, as a reload does once its stored tokens are checked. */
let signInLater: (user: User) => void = () => undefined;

function Harness({ initialUser, children }: { initialUser: User | null; children: ReactNode }) {
  const [user, setUser] = useState<User | null>(initialUser);
  signInLater = setUser;
  const [storage] = useState(testStorage);
  const session = testSession(user, {
    storage,
    status: "authenticated",
    login: async () => user ?? testRoleUser("ADMIN", 1),
    logout: async () => setUser(null),
    setUser,
  });
  return (
    <SessionContext.Provider value={session}>
      <CompanyProvider>{children}</CompanyProvider>
    </SessionContext.Provider>
  );
}

function renderProvider(user: User | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness initialUser={user}>
        <Probe />
      </Harness>
    </QueryClientProvider>,
  );
  return client;
}

beforeEach(() => {
  captured = null;
  rendered = [];
});
afterEach(() => vi.unstubAllGlobals());

describe("CompanyProvider", () => {
  it("is fed answers its contracts accept (a rejected one would only show as response.invalid)", () => {
    const rejected = COMPANY_LOAD_RESOURCES.filter(
      (r) => r !== "info" && !companyLoadApi[r].response.safeParse(ANSWERS[r] ?? {}).success,
    );
    expect(rejected).toEqual([]);
  });

  it("loads every company-load collection of the user's own company", async () => {
    const calls = fakeServer(testRoleUser("ADMIN", 5));
    renderProvider(testRoleUser("ADMIN", 5));
    await waitFor(() => expect(probe().loading).toBe(false));
    expect(probe()).toEqual({
      companyId: 5,
      loading: false,
      name: "Company 5",
      done: COMPANY_LOAD_RESOURCES.length,
    });
    expect(captured?.progress.total).toBe(COMPANY_LOAD_RESOURCES.length);
    expect(calls.map((c) => c.path).sort()).toEqual(
      COMPANY_LOAD_RESOURCES.map((r) => `companies/id/5/${r}`).sort(),
    );
    expect(captured?.data.groups).toEqual({ "3": north });
  });

  it("loads nothing for a reseller until a company is chosen", () => {
    const calls = fakeServer(testRoleUser("RESELLER", null));
    renderProvider(testRoleUser("RESELLER", null));
    expect(probe()).toEqual({ companyId: null, loading: false, name: null, done: 0 });
    expect(calls).toEqual([]);
  });

  it("starts a reseller on the company this tab remembers", async () => {
    testStorage().writeCompanyId(9);
    fakeServer(testRoleUser("RESELLER", null));
    renderProvider(testRoleUser("RESELLER", null));
    await waitFor(() => expect(probe().name).toBe("Company 9"));
  });

  it("opens the company this tab remembers in the very render the session arrives in (a reload)", async () => {
    testStorage().writeCompanyId(9);
    fakeServer(testRoleUser("RESELLER", null));
    renderProvider(null);
    expect(rendered.every((id) => id === null)).toBe(true);
    const before = rendered.length;
    act(() => signInLater(testRoleUser("RESELLER", null)));
    // Not one render without the company once the reseller is known: the route guard would send them away.
    expect(rendered.slice(before)).not.toContain(null);
    await waitFor(() => expect(probe().name).toBe("Company 9"));
  });

  it("chooses a company on the server, remembers it in the tab and loads it", async () => {
    const calls = fakeServer(testRoleUser("RESELLER", null));
    renderProvider(testRoleUser("RESELLER", null));
    await act(() => captured?.choose(9) ?? Promise.resolve());
    expect(calls[0]).toEqual({ method: "PUT", path: "current/user/companies/id/9" });
    expect(testStorage().readCompanyId()).toBe(9);
    await waitFor(() => expect(probe()).toMatchObject({ companyId: 9, loading: false, name: "Company 9" }));
  });

  it("drops the old company's data when another one is selected", async () => {
    fakeServer(testRoleUser("RESELLER", null));
    const client = renderProvider(testRoleUser("RESELLER", null));
    act(() => captured?.selectLocal(9));
    await waitFor(() => expect(probe().name).toBe("Company 9"));
    act(() => captured?.selectLocal(4));
    await waitFor(() => expect(probe().name).toBe("Company 4"));
    expect(client.getQueryData(companyLoadKey(9, "info"))).toBeUndefined();
  });

  it("clears a reseller's selection on the server and in the tab", async () => {
    const calls = fakeServer(testRoleUser("RESELLER", null));
    renderProvider(testRoleUser("RESELLER", null));
    act(() => captured?.selectLocal(9));
    await waitFor(() => expect(probe().name).toBe("Company 9"));
    await act(() => captured?.clear() ?? Promise.resolve());
    expect(calls.at(-1)).toEqual({ method: "PUT", path: "current/user/companies/id/0" });
    expect(probe()).toEqual({ companyId: null, loading: false, name: null, done: 0 });
    expect(testStorage().readCompanyId()).toBeNull();
  });
});

describe("useCompany", () => {
  it("refuses to run outside the provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow("useCompany outside CompanyProvider");
    vi.restoreAllMocks();
  });
});
