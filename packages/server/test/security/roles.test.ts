import * as domain from "@vigia/domain";
import {
  type AccessCaller,
  accessDenial,
  isSuperResellerOrHigher,
  maySendCommands,
  type RouteContract,
} from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Role before body, from the contracts: every mounted route declares its access, and for every route that
 * restricts who may call it, every role either gets the 403 its access promises (read.only or forbidden) whatever
 * it sends, or passes the check. The expected answer comes from the same `accessDenial` the server uses, so this
 * proves each route is mounted with its contract's access and that nothing in front of it answers otherwise.
 */
let p: TestPlatform;
let acme = 0;
let iberia = 0;
beforeAll(async () => {
  p = await startTestPlatform();
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  iberia = (
    await p.ctx.db.query<{ id: number }>("select id from resellers where name = 'Iberia Tracking'")
  )[0]!.id;
});
afterAll(async () => {
  await p?.close();
});

function isContract(value: unknown): value is RouteContract {
  return (
    typeof value === "object" &&
    value !== null &&
    "method" in value &&
    "path" in value &&
    "access" in value &&
    "response" in value
  );
}

/** Every contract the domain exports, found in its API objects (some nest one level per item kind). */
function allContracts(): RouteContract[] {
  const found = new Set<RouteContract>();
  const walk = (value: unknown, depth: number): void => {
    if (isContract(value)) found.add(value);
    else if (typeof value === "object" && value !== null && depth < 3)
      for (const inner of Object.values(value)) walk(inner, depth + 1);
  };
  for (const value of Object.values(domain)) walk(value, 0);
  return [...found];
}

const slotKey = (method: string, url: string) => `${method} ${url.replace(/:[A-Za-z0-9_]+/g, ":")}`;

/** A route as mounted, with the contract that declared it. */
function mountedRoutes(): { method: string; url: string; contract: RouteContract }[] {
  const byKey = new Map(allContracts().map((c) => [slotKey(c.method, `/fr/v1${c.path}`), c]));
  return (
    p.app.routeCatalog
      // The OpenAPI document and its viewer are the one part of /fr/v1 built from the contracts, not by them.
      .filter((r) => r.url.startsWith("/fr/v1/") && !r.url.startsWith("/fr/v1/docs") && r.method !== "HEAD")
      .map((r) => {
        const contract = byKey.get(slotKey(r.method, r.url));
        if (!contract) throw new Error(`${r.method} ${r.url} is mounted without a contract`);
        return { ...r, contract };
      })
  );
}

/** A path to call: the caller's company and reseller, ids that name no row (nothing is changed or deleted). */
function fill(method: string, url: string): string {
  const missing = "2147483000";
  const destroysScope = method === "DELETE";
  return url
    .replace("/fr/v1/", "")
    .replace(":companyId", destroysScope && url.startsWith("/fr/v1/resellers") ? missing : String(acme))
    .replace(":resellerId", destroysScope && url.endsWith(":resellerId") ? missing : String(iberia))
    .replace(":kind", "vehicles")
    .replace(":itemType", "1")
    .replace(/:[A-Za-z]+/g, missing);
}

/** Status and error description, whatever the answer's type (some routes send files). */
async function call(
  method: string,
  path: string,
  token: string,
): Promise<{ status: number; description?: string }> {
  const response = await fetch(`${p.api.baseUrl}/fr/v1/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === "GET" || method === "DELETE" ? {} : { "content-type": "application/json" }),
    },
    // Not even an object: a caller who passes the access check gets a 400, so no handler changes anything.
    ...(method === "GET" || method === "DELETE" ? {} : { body: JSON.stringify("not an object") }),
  });
  const text = await response.text();
  let description: string | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && "description" in parsed)
      description = String(parsed.description);
  } catch {
    description = undefined;
  }
  return { status: response.status, description };
}

/**
 * Allowed by the declared access, then refused by the handler: below administrator, commands go out only where
 * the company lets operators send them (data the contract cannot know); the platform-wide log and statistics are
 * the super reseller's, a rule checked after the query is validated so a bad query stays a 400 for any reseller.
 */
const COMMANDS = slotKey("POST", "/fr/v1/companies/id/:companyId/commands/:itemType/id/:itemId");
const SUPER_ONLY = new Set([
  slotKey("GET", "/fr/v1/resellers/log"),
  slotKey("GET", "/fr/v1/resellers/stats"),
]);
async function handlerRefuses(key: string, caller: AccessCaller): Promise<boolean> {
  if (SUPER_ONLY.has(key)) return !isSuperResellerOrHigher(caller.role);
  if (key !== COMMANDS) return false;
  const rows = await p.ctx.db.query<{ operators: boolean | null }>(
    "select (conf->'commands'->>'operators')::boolean as operators from companies where id = $1",
    [acme],
  );
  return !maySendCommands(caller.role, caller.readOnly, rows[0]?.operators === true);
}

/** Each role of the platform, and the read-only variants that change answers; `readOnly` is set for the run. */
const CALLERS: { email: string; readOnly: boolean }[] = [
  { email: "viewer@acme.demo", readOnly: true },
  { email: "viewer@acme.demo", readOnly: false },
  { email: "operator@acme.demo", readOnly: false },
  { email: "operator@acme.demo", readOnly: true },
  { email: "subadmin@acme.demo", readOnly: false },
  { email: "admin@acme.demo", readOnly: false },
  { email: "admin@acme.demo", readOnly: true },
  { email: "reseller@vigia.demo", readOnly: true },
  { email: "reseller@vigia.demo", readOnly: false },
  { email: "super@vigia.demo", readOnly: false },
];

describe("security: role before body, from the contracts", () => {
  it("mounts every route under /fr/v1 from a contract, each with its declared access", () => {
    const routes = mountedRoutes();
    expect(routes.length).toBeGreaterThan(250);
    expect(routes.filter((r) => r.contract.access === "public").map((r) => r.url)).toContain(
      "/fr/v1/auth/login",
    );
  });

  it.each(CALLERS)(
    "$email (read-only: $readOnly) gets exactly the 403s its role's access says",
    async ({ email, readOnly }) => {
      await p.ctx.db.query("update users set read_only = $2 where email = $1", [email, readOnly]);
      const rows = await p.ctx.db.query<{ id: number; role: AccessCaller["role"] }>(
        "select id, role from users where email = $1",
        [email],
      );
      const { id, role } = rows[0]!;
      const token = await p.api.token(email);
      const wrong: string[] = [];
      // Routes any signed-in user may call have nothing to refuse; every other route is called once per role.
      for (const route of mountedRoutes().filter((r) => !["public", "user"].includes(r.contract.access))) {
        const path = fill(route.method, route.url);
        const self = path.endsWith(`/id/${id}`);
        const caller = { role, readOnly, self };
        const denial = accessDenial(route.contract.access, caller);
        const r = await call(route.method, path, token);
        const key = `${route.method} ${route.url} [${route.contract.access}]`;
        if (denial === null) {
          if (r.status === 403 && !(await handlerRefuses(slotKey(route.method, route.url), caller)))
            wrong.push(`${key}: allowed, got 403 ${r.description}`);
        } else {
          const expected = denial === "readOnly" ? "read.only" : "forbidden";
          if (r.status !== 403 || r.description !== expected)
            wrong.push(`${key}: expected 403 ${expected}, got ${r.status} ${r.description}`);
        }
      }
      await p.ctx.db.query("update users set read_only = $2 where email = $1", [
        email,
        email === "viewer@acme.demo",
      ]);
      expect(wrong).toEqual([]);
    },
  );
});
