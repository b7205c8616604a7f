import { type Role, type Site, type User, userSchema } from "@vigia/domain";
import type { SessionValue } from "../platform/session/session.ts";
import { FALLBACK_SITE } from "../platform/session/session-provider.tsx";
import { SiteStorage } from "../platform/session/storage.ts";

/** The unbranded site, under its own name and in UTC so that times in assertions read as written. */
export const testSite: Site = { ...FALLBACK_SITE, id: 1, sitename: "test", timezone: "UTC" };

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

/** A user of `role`: in company `companyId`, or a reseller's user (reseller 1) when it is null. */
export function testRoleUser(role: Role, companyId: number | null): User {
  return testUser({ role, companyId, resellerId: companyId === null ? 1 : null });
}

/** The test site's storage, over the browser's (jsdom's) local and session storage. */
export function testStorage(): SiteStorage {
  return new SiteStorage(testSite.sitename, localStorage, sessionStorage);
}

/** The session context of `user` on the test site: signed in when there is a user; `over` replaces any part. */
export function testSession(user: User | null, over: Partial<SessionValue> = {}): SessionValue {
  return {
    site: testSite,
    storage: testStorage(),
    status: user ? "authenticated" : "anonymous",
    user,
    login: async () => user ?? testUser(),
    logout: async () => undefined,
    setUser: () => undefined,
    ...over,
  };
}
