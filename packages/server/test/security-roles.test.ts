import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "./support/platform.ts";

/**
 * Security group (issue 13, item 15): role before body. For every registered write route, an operator and a
 * read-only user who may not use it get 403 whatever the body (empty, or not even an object), never a 400
 * that would show which fields the route expects. The lists below are the routes each role may write.
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

/** Write routes every signed-in user may use on their own account or scope (the role does not matter). */
const OWN = [
  "PUT /fr/v1/current/user",
  "PUT /fr/v1/current/user/password",
  "PUT /fr/v1/current/user/companies/id/:companyId",
  "POST /fr/v1/companies/id/:companyId/reversegeo",
  "POST /fr/v1/companies/id/:companyId/alarmlogs/id/:logId/seen",
  "POST /fr/v1/companies/id/:companyId/alarmlogs/seenbulk",
  "POST /fr/v1/companies/id/:companyId/alarms/push/subscribe",
  "POST /fr/v1/companies/id/:companyId/alarms/push/unsubscribe",
  "POST /fr/v1/current/user/otp",
  "POST /fr/v1/current/user/otp/enable",
  "POST /fr/v1/current/user/otp/disable",
];

/** What every user who writes tickets may write: tickets (an operator even when read-only, spec 01 §6). */
const TICKETS = [
  "POST /fr/v1/companies/id/:companyId/tickets",
  "PUT /fr/v1/companies/id/:companyId/tickets/id/:id",
  "PUT /fr/v1/companies/id/:companyId/tickets/id/:id/state",
  "POST /fr/v1/companies/id/:companyId/tickets/id/:id/comments",
  "POST /fr/v1/companies/id/:companyId/tickets/id/:id/tasks",
  "PUT /fr/v1/companies/id/:companyId/tickets/id/:id/tasks/id/:taskId",
  "POST /fr/v1/companies/id/:companyId/alarmlogs/id/:logId/ticket",
  "POST /fr/v1/companies/id/:companyId/incidents/ticket",
];

/** What an operator (not read-only) may write besides OWN: the state of alarm notices, files, costs, tickets, form submissions. */
const OPERATOR = [
  "PUT /fr/v1/companies/id/:companyId/alarmlogs/id/:logId",
  "POST /fr/v1/companies/id/:companyId/alarmlogs/updatebulk",
  "POST /fr/v1/companies/id/:companyId/files",
  "DELETE /fr/v1/companies/id/:companyId/files/id/:id",
  "POST /fr/v1/companies/id/:companyId/costs",
  "PUT /fr/v1/companies/id/:companyId/costs/id/:id",
  "DELETE /fr/v1/companies/id/:companyId/costs/id/:id",
  "POST /fr/v1/companies/id/:companyId/costs/deletebulk",
  "POST /fr/v1/companies/id/:companyId/costs/import",
  "POST /fr/v1/companies/id/:companyId/forms/id/:id/submissions",
  ...TICKETS,
  "POST /fr/v1/companies/id/:companyId/maintenances",
  "PUT /fr/v1/companies/id/:companyId/maintenances/id/:id",
  "DELETE /fr/v1/companies/id/:companyId/maintenances/id/:id",
  "POST /fr/v1/companies/id/:companyId/maintenances/id/:id/done",
  "POST /fr/v1/companies/id/:companyId/maintenances/id/:id/undone",
  // The live map's share links and virtual locks, on the operator's own items (issue 18).
  "POST /fr/v1/companies/id/:companyId/sharedroutes",
  "DELETE /fr/v1/companies/id/:companyId/sharedroutes/id/:id",
  "PUT /fr/v1/companies/id/:companyId/virtuallocks/:itemType/id/:itemId",
  "DELETE /fr/v1/companies/id/:companyId/virtuallocks/:itemType/id/:itemId",
  // Map markers (issue 18): any user who is not read-only.
  "POST /fr/v1/companies/id/:companyId/mapmarkers",
  "DELETE /fr/v1/companies/id/:companyId/mapmarkers/id/:id",
];

/** Routes without a signed-in user: their own rules (throttle, device keys) protect them. */
const PUBLIC = /^\/fr\/v1\/(auth|notifications\/unsubscribe|device)\//;

function writeRoutes() {
  const routes = p.app.routeCatalog.filter(
    (r) =>
      ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) &&
      r.url.startsWith("/fr/v1/") &&
      !PUBLIC.test(r.url),
  );
  expect(routes.length).toBeGreaterThan(60);
  return routes;
}

function fill(url: string): string {
  return url
    .replace("/fr/v1/", "")
    .replace(":companyId", String(acme))
    .replace(":resellerId", String(iberia))
    .replace(":kind", "vehicles")
    .replace(/:[A-Za-z]+/g, "1");
}

describe("security: role before body (15)", () => {
  it.each([
    ["operator@acme.demo", [...OWN, ...OPERATOR]],
    ["viewer@acme.demo", OWN],
  ])("%s gets 403 on every write route it may not use, whatever the body", async (email, allowed) => {
    const token = await p.api.token(email);
    const wrong: string[] = [];
    for (const route of writeRoutes()) {
      const key = `${route.method} ${route.url}`;
      for (const body of [{}, "not an object"]) {
        const r = await p.api.request<ErrorBody>(route.method, fill(route.url), {
          token,
          ...(route.method === "DELETE" ? {} : { body }),
        });
        const refused = r.status === 403;
        if (refused === allowed.includes(key)) wrong.push(`${key} ${JSON.stringify(body)} → ${r.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
