import { type User, withAlarmSound } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * A reseller saves the alarm-sound preference through the reseller-user endpoint, everyone else
 * through the company user endpoint, whatever their role; the saved value is what the next sign-in reads.
 */
let p: TestPlatform;
let acme = 0;
let globex = 0;
beforeAll(async () => {
  p = await startTestPlatform();
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  globex = companies.find((c) => c.name === "Globex Security")!.id;
});
afterAll(async () => {
  await p?.close();
});

const me = async (token: string) => (await p.api.get<User>("current/user", token)).body;

describe("alarm sound preference through the users endpoints", () => {
  it("a read-only user saves only their own sound through the company user endpoint", async () => {
    const viewer = await p.api.token("viewer@acme.demo");
    const before = await me(viewer);
    expect(before.config.alarmFrontSound).toBe(true);
    // Anything else in the body (a role, a group, a name) is ignored: only administrators change those.
    const saved = await p.api.put<User>(
      `companies/id/${acme}/users/id/${before.id}`,
      { ...withAlarmSound(before, false), role: "ADMIN", readOnly: false, lastName: "Changed", groups: [] },
      viewer,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.config.alarmFrontSound).toBe(false);
    expect(saved.body.role).toBe(before.role);
    expect(saved.body.readOnly).toBe(true);
    expect(saved.body.lastName).toBe(before.lastName);
    expect(saved.body.groups).toEqual(before.groups);
    // A new sign-in reads the saved preference.
    expect((await me(await p.api.token("viewer@acme.demo"))).config.alarmFrontSound).toBe(false);
  });

  it("refuses another user's record, another company's path, and a user list to non-administrators", async () => {
    const operator = await p.api.token("operator@acme.demo");
    const viewer = await me(await p.api.token("viewer@acme.demo"));
    const operatorUser = await me(operator);
    const other = await p.api.put(
      `companies/id/${acme}/users/id/${viewer.id}`,
      withAlarmSound(viewer, true),
      operator,
    );
    expect(other.status).toBe(403);
    const elsewhere = await p.api.put(
      `companies/id/${globex}/users/id/${operatorUser.id}`,
      withAlarmSound(operatorUser, false),
      operator,
    );
    expect(elsewhere.status).toBe(404);
    const foreignAdmin = await p.api.token("admin@globex.demo");
    const cross = await p.api.put(
      `companies/id/${acme}/users/id/${operatorUser.id}`,
      withAlarmSound(operatorUser, false),
      foreignAdmin,
    );
    expect(cross.status).toBe(404);
    expect((await me(operator)).config.alarmFrontSound).toBe(true);
  });

  it("an administrator still edits users in full, and saves its own sound the same way", async () => {
    const admin = await p.api.token("admin@acme.demo");
    const self = await me(admin);
    const saved = await p.api.put<User>(
      `companies/id/${acme}/users/id/${self.id}`,
      withAlarmSound(self, false),
      admin,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.config.alarmFrontSound).toBe(false);
    expect(saved.body.role).toBe("ADMIN");
  });

  it("a reseller saves it through the reseller-user endpoint", async () => {
    const reseller = await p.api.token("reseller@vigia.demo");
    const self = await me(reseller);
    const saved = await p.api.put<User>(
      `resellers/users/id/${self.id}`,
      withAlarmSound(self, false),
      reseller,
    );
    expect(saved.status).toBe(200);
    expect((await me(await p.api.token("reseller@vigia.demo"))).config.alarmFrontSound).toBe(false);
  });
});
