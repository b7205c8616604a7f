import { type Site, type User, userSchema } from "@vigia/domain";
import type { SessionValue } from "../platform/session/session.ts";
import { SiteStorage } from "../platform/session/storage.ts";

export const testSite: Site = {
  id: 1,
  sitename: "test",
  timezone: "UTC",
  logoUrl: "",
  faviconUrl: "",
  primaryColor: null,
  productName: "Vigia",
  apps: { apkUrl: "", ipaUrl: "", playStoreUrl: "", appStoreUrl: "", changelog: "" },
  mapProvider: "",
};

/** A signed-in user as the server describes one: a company admin in English unless the test says otherwise. */
export function testUser(over: Partial<User> = {}): User {
  return userSchema.parse({
    id: 1,
    email: "u@x.demo",
    firstName: "Ana",
    lastName: "Test",
    phone: "",
    country: "ES",
    language: "en",
    timezone: "UTC",
    description: "",
    role: "ADMIN",
    readOnly: false,
    companyId: 5,
    resellerId: null,
    selectedCompanyId: null,
    groups: [],
    notifications: {},
    config: { alarmFrontSound: true },
    restrictions: { timeRange: null, ip: null },
    login: { front: { last: null, prev: null }, app: { last: null, prev: null } },
    mapBound: null,
    createdTs: 0,
    ...over,
  });
}

/** The session context of `user`, signed in on the test site. */
export function testSession(user: User): SessionValue {
  return {
    site: testSite,
    storage: new SiteStorage(testSite.sitename, localStorage, sessionStorage),
    status: "authenticated",
    user,
    login: async () => user,
    logout: async () => undefined,
    setUser: () => undefined,
  };
}
