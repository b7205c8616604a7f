import { act, screen, waitFor } from "@testing-library/react";
import { ROUTES, type User } from "@vigia/domain";
import { useMemo, useState } from "react";
import { MemoryRouter } from "react-router-dom";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CompanyContext, type CompanyValue } from "../platform/company/index.ts";
import { TimezoneProvider } from "../platform/session/preferences.tsx";
import { SessionContext, type SessionValue } from "../platform/session/session.ts";
import { testCompany, testCompanyInfo } from "../test/company.tsx";
import { testRoleUser, testSession, testStorage } from "../test/fixtures.ts";
import { renderWithApp, useEnglish } from "../test/render.tsx";
import { AppRoutes, hasScreen, preloadScreen } from "./app-routes.tsx";

/**
 * The router applies the guard's decisions: this renders the real route tree with a fake session and
 * company, and checks what the user ends up seeing.
 */
interface HarnessProps {
  initialUser: User | null;
  path: string;
  status?: SessionValue["status"];
  onLogout?: () => void;
  onSelect?: (id: number) => void;
}

function Harness({ initialUser, status, onLogout, onSelect }: Omit<HarnessProps, "path">) {
  const [user, setUser] = useState<User | null>(initialUser);
  const storage = useMemo(testStorage, []);
  const session = testSession(user, {
    storage,
    ...(status ? { status } : {}),
    login: async () => {
      throw new Error("not in this test");
    },
    logout: async () => {
      onLogout?.();
      setUser(null);
    },
    setUser,
  });
  const companyId = user?.companyId ?? null;
  const company: CompanyValue = {
    ...testCompany({}, companyId),
    info: companyId === null ? null : testCompanyInfo({ id: companyId }),
    selectLocal: (id) => onSelect?.(id),
  };
  return (
    <SessionContext.Provider value={session}>
      <CompanyContext.Provider value={company}>
        <AppRoutes />
      </CompanyContext.Provider>
    </SessionContext.Provider>
  );
}

function renderAt({ path, ...props }: HarnessProps): void {
  renderWithApp(
    <TimezoneProvider>
      <MemoryRouter initialEntries={[path]}>
        <Harness {...props} />
      </MemoryRouter>
    </TimezoneProvider>,
    { query: true },
  );
}

describe("screens", () => {
  it.each(
    ROUTES.filter((r) => r.kind === "company" || r.kind === "super" || r.kind === "any").map((r) => r.key),
  )("%s has its screen", (key) => expect(hasScreen(key)).toBe(true));
});

describe("router applies the access guard", () => {
  beforeAll(async () => {
    useEnglish();
    // The first load of a lazy screen compiles its whole chunk; do it here, outside any test's time limit.
    await preloadScreen("users");
  });
  beforeEach(() => {
    // Screens may start queries; keep them pending instead of reaching a network.
    vi.stubGlobal("fetch", () => new Promise(() => undefined));
  });

  it("logs an OPERATOR out of /users and shows the sign-in screen", async () => {
    const onLogout = vi.fn();
    renderAt({ path: "/users", initialUser: testRoleUser("OPERATOR", 5), onLogout });
    await screen.findByTestId("login-submit");
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it("lets an ADMIN open /users", async () => {
    // The users screen is a lazily loaded chunk: load it first, then let React finish every render it has
    // queued (the Suspense retry included), so the assertion waits on the screen itself, not on a timeout.
    await preloadScreen("users");
    await act(async () => renderAt({ path: "/users", initialUser: testRoleUser("ADMIN", 5) }));
    expect(screen.getByTestId("table-users")).toBeTruthy();
  });

  it("sends an anonymous visitor to the sign-in screen", async () => {
    renderAt({ path: "/profile", initialUser: null });
    expect(await screen.findByTestId("login-submit")).toBeTruthy();
  });

  it("sends a signed-in user away from /login to the home map", async () => {
    renderAt({ path: "/login", initialUser: testRoleUser("ADMIN", 5) });
    expect(await screen.findByTestId(/^live-map/)).toBeTruthy();
  });

  it("sends a reseller without a company from / to /companies", async () => {
    renderAt({ path: "/", initialUser: testRoleUser("RESELLER", null) });
    expect(await screen.findByTestId("companies-page")).toBeTruthy();
  });

  it("shows the super-user menu only to reseller-level users", async () => {
    renderAt({ path: "/companies", initialUser: testRoleUser("SUPER_RESELLER", null) });
    expect(await screen.findByTestId("menu-usersstats")).toBeTruthy();
    expect(screen.queryByTestId("menu-vehicles")).toBeNull();
  });

  it("restores the company kept in session storage for a user without an assigned one", async () => {
    const onSelect = vi.fn();
    testStorage().writeCompanyId(9);
    renderAt({ path: "/", initialUser: testRoleUser("OPERATOR", null), onSelect });
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(9));
  });

  it("waits with a loading screen while the session restores", async () => {
    renderAt({ path: "/", initialUser: null, status: "loading" });
    expect(await screen.findByTestId("loading-screen")).toBeTruthy();
  });

  it("never guards the create-password page", async () => {
    renderAt({ path: "/password/set/abcdefghijkl", initialUser: null, status: "loading" });
    expect(await screen.findByTestId("password-set-submit")).toBeTruthy();
  });
});
