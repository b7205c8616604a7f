import { useQueryClient } from "@tanstack/react-query";
import {
  authApi,
  BRAND_ERROR,
  currentUserApi,
  isResellerOrHigher,
  type Site,
  siteApi,
  type User,
} from "@vigia/domain";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError, SIGNED_OUT_CALL } from "../api/client.ts";
import { api, clientHooks } from "../api/instance.ts";
import { setLanguage, setProductName, storedLanguage } from "../i18n/index.ts";
import { unsubscribeBrowser } from "../push/web-push.ts";
import { useTimezone } from "./preferences.tsx";
import { SessionContext, type SessionValue } from "./session.ts";
import { browserTimers, SessionManager } from "./session-manager.ts";
import { rememberWrongBrandSignOut } from "./sign-out-reason.ts";
import { applySiteBrand } from "./site-brand.ts";
import { SiteStorage } from "./storage.ts";

/** Used when GET site is unreachable, so the sign-in screen still renders. */
export const FALLBACK_SITE: Site = {
  id: 0,
  sitename: "vigia",
  timezone: "Europe/Madrid",
  logoUrl: "",
  faviconUrl: "",
  primaryColor: null,
  productName: "Vigia",
  apps: { apkUrl: "", ipaUrl: "", playStoreUrl: "", appStoreUrl: "", changelog: "" },
  mapProvider: "",
};

interface Booted {
  site: Site;
  storage: SiteStorage;
  manager: SessionManager;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { adoptDefault } = useTimezone();
  const [booted, setBooted] = useState<Booted | null>(null);
  const [user, setUser] = useState<User | null>(null);
  const [restoring, setRestoring] = useState(true);
  const bootedRef = useRef<Booted | null>(null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const site = await api.call(siteApi.get, {}, { token: null, quiet: true }).catch(() => FALLBACK_SITE);
      applySiteBrand(site);
      setProductName(site.productName);
      const storage = new SiteStorage(site.sitename, localStorage, sessionStorage);
      const manager = new SessionManager({
        storage,
        refresh: (refreshToken) =>
          api.call(authApi.token, {}, { token: refreshToken, own401: true, quiet: true }).catch((error) => {
            // Refused on another brand's host: the sign-in screen it ends on says so.
            if (error instanceof ApiError && error.description === BRAND_ERROR.wrongBrand)
              rememberWrongBrandSignOut();
            throw error;
          }),
        timers: browserTimers,
        onExpired: () => setUser(null),
      });
      clientHooks.accessToken = () => manager.accessToken;
      clientHooks.unauthorized = (description) => {
        if (description === BRAND_ERROR.wrongBrand) rememberWrongBrandSignOut();
        manager.clear();
        storage.writeCompanyId(null);
        window.location.reload();
      };
      const value = { site, storage, manager };
      bootedRef.current = value;
      if (cancelled) return;
      setBooted(value);
      adoptDefault(site.timezone);
      if (await manager.restore()) {
        const current = await api.call(currentUserApi.get, {}).catch(() => null);
        if (!cancelled) setUser(current);
      }
      if (!cancelled) setRestoring(false);
    })();
    return () => {
      cancelled = true;
    };
  }, [adoptDefault]);

  const login = useCallback(
    async (username: string, password: string, otp?: string): Promise<User> => {
      const b = bootedRef.current;
      if (!b) throw new Error("session not ready");
      const response = await api.call(
        authApi.login,
        { body: { username, password, channel: "front", ...(otp ? { otp } : {}) } },
        SIGNED_OUT_CALL,
      );
      b.manager.start(response);
      b.storage.writeMapSettings(response.mapKeys, response.osmTilesUrl);
      b.storage.writeFrontVersion(response.initTs);
      const current = await api.call(currentUserApi.get, {});
      // The browser's own choices win; the profile only fills in what was never chosen here.
      if (!storedLanguage()) setLanguage(current.language);
      adoptDefault(current.timezone);
      queryClient.clear();
      setUser(current);
      return current;
    },
    [adoptDefault, queryClient],
  );

  const logout = useCallback(async (): Promise<void> => {
    const b = bootedRef.current;
    if (!b) return;
    if (user && isResellerOrHigher(user.role)) {
      // Resellers clear their selected company first, so the next sign-in starts from the company list.
      await api
        .call(currentUserApi.selectCompany, { params: { companyId: 0 } }, { quiet: true })
        .catch(() => undefined);
    }
    // A signed-out browser must not keep receiving the account's alarm notices: end its push subscription
    // here and have the server forget it with the session.
    const pushEndpoint = (await unsubscribeBrowser().catch(() => null)) ?? undefined;
    const refreshToken = b.manager.refreshToken;
    if (refreshToken) {
      await api
        .call(authApi.logout, { body: { refreshToken, pushEndpoint } }, { quiet: true, own401: true })
        .catch(() => undefined);
    }
    b.manager.clear();
    b.storage.writeCompanyId(null);
    queryClient.clear();
    setUser(null);
  }, [user, queryClient]);

  const value = useMemo<SessionValue | null>(
    () =>
      booted && {
        site: booted.site,
        storage: booted.storage,
        status: restoring ? "loading" : user ? "authenticated" : "anonymous",
        user,
        login,
        logout,
        setUser,
      },
    [booted, restoring, user, login, logout],
  );

  if (!value) return null;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
