import { SESSION_MAX_AGE_MS } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EndedSessions, endSessions } from "../../src/kernel/auth/sessions.ts";
import { concerns } from "../../src/live/session-lifetime.ts";
import {
  type ErrorBody,
  type LoginResult,
  startTestPlatform,
  type TestPlatform,
} from "../support/platform.ts";

/** Policy ends sessions: a newly required second factor, a new password and the session's absolute lifetime. */
let p: TestPlatform;
let acme = 0;
beforeAll(async () => {
  p = await startTestPlatform();
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
});
afterAll(async () => {
  await p?.close();
});

async function signIn(email: string, password = "Demo1234"): Promise<LoginResult> {
  const r = await p.api.login(email, password);
  expect(r.status).toBe(200);
  return r.body;
}
const works = async (session: LoginResult) => (await p.api.get("current/user", session.accessToken)).status;
const refresh = (session: LoginResult) =>
  p.api.get<LoginResult & ErrorBody>("auth/token", session.refreshToken);

describe("sessions follow policy", () => {
  it("turning on a required second factor ends the sessions opened with the password alone", async () => {
    const viewer = await signIn("viewer@acme.demo");
    const admin = await signIn("admin@acme.demo");
    expect(await works(viewer)).toBe(200);
    const on = await p.api.put(`companies/id/${acme}/otp`, { required: true }, admin.accessToken);
    expect(on.status).toBe(200);
    const refused = await p.api.get<ErrorBody>("current/user", viewer.accessToken);
    expect(refused.status).toBe(401);
    expect(refused.body.description).toBe("token.revoked");
    expect((await refresh(viewer)).status).toBe(401);
    // The administrator who turned it on goes on in this session; signing in again asks for a code.
    expect(await works(admin)).toBe(200);
    expect((await p.api.login("viewer@acme.demo")).body.description).toBe("otp.setup");
    expect((await p.api.put(`companies/id/${acme}/otp`, { required: false }, admin.accessToken)).status).toBe(
      200,
    );
  });

  it("a new password ends every other session of the account, not the one that changed it", async () => {
    const here = await signIn("operator@acme.demo");
    const elsewhere = await signIn("operator@acme.demo");
    const changed = await p.api.put(
      "current/user/password",
      { oldPassword: "Demo1234", password: "Other-Pass7" },
      here.accessToken,
    );
    expect(changed.status).toBe(204);
    expect(await works(here)).toBe(200);
    expect(await works(elsewhere)).toBe(401);
    expect((await refresh(elsewhere)).status).toBe(401);
    expect((await refresh(here)).status).toBe(200);
  });

  it("ends a session at its absolute lifetime, however often its refresh token is rotated", async () => {
    let session = await signIn("subadmin@acme.demo");
    const step = 20 * 24 * 60 * 60_000;
    let elapsed = 0;
    while (elapsed + step < SESSION_MAX_AGE_MS) {
      p.clock.advance(step);
      elapsed += step;
      const next = await refresh(session);
      expect(next.status).toBe(200);
      session = next.body;
    }
    p.clock.advance(SESSION_MAX_AGE_MS - elapsed);
    const ended = await refresh(session);
    expect(ended.status).toBe(401);
    expect(ended.body.description).toBe("token.expired");
  });
});

describe("a changed role or restrictions end the user's sessions", () => {
  type ListedUser = Record<string, unknown> & { id: number; email: string };
  async function viewerRecord(admin: string): Promise<ListedUser> {
    const list = await p.api.get<Record<string, ListedUser>>(`companies/id/${acme}/users`, admin);
    return Object.values(list.body).find((u) => u.email === "viewer@acme.demo")!;
  }
  const edit = (admin: string, user: ListedUser, change: Record<string, unknown>) =>
    p.api.put(`companies/id/${acme}/users/id/${user.id}`, { ...user, ...change }, admin);

  it("ends every session of the user, HTTP and live, when an administrator changes their role or restrictions", async () => {
    const admin = (await signIn("admin@acme.demo")).accessToken;
    const original = await viewerRecord(admin);
    const ended: string[][] = [];
    const stop = p.services.sessions.on((event) => {
      if (event.kind === "sessionsEnded") ended.push(event.sessionIds);
    });
    try {
      const first = await signIn("viewer@acme.demo");
      const second = await signIn("viewer@acme.demo");
      // A change of name or phone is not a change of access: the sessions go on.
      expect((await edit(admin, original, { phone: "+34 600 000 001" })).status).toBe(200);
      expect(await works(first)).toBe(200);
      expect(ended).toEqual([]);

      expect((await edit(admin, original, { role: "OPERATOR" })).status).toBe(200);
      for (const session of [first, second]) {
        const refused = await p.api.get<ErrorBody>("current/user", session.accessToken);
        expect(refused.status).toBe(401);
        expect(refused.body.description).toBe("token.revoked");
        expect((await refresh(session)).status).toBe(401);
      }
      // The live channel hears which sessions ended and closes theirs.
      expect(ended).toHaveLength(1);
      expect(ended[0]).toHaveLength(2);

      const third = await signIn("viewer@acme.demo");
      const restricted = await edit(admin, original, {
        role: "OPERATOR",
        restrictions: { timeRange: null, ip: "10.0.0.0/8" },
      });
      expect(restricted.status).toBe(200);
      expect((await refresh(third)).status).toBe(401);
      expect(ended).toHaveLength(2);
    } finally {
      stop();
      expect((await edit(admin, original, {})).status).toBe(200);
    }
  });

  it("keeps the session of an administrator who changes their own restrictions", async () => {
    const here = await signIn("admin@acme.demo");
    const elsewhere = await signIn("admin@acme.demo");
    const list = await p.api.get<Record<string, ListedUser>>(`companies/id/${acme}/users`, here.accessToken);
    const me = Object.values(list.body).find((u) => u.email === "admin@acme.demo")!;
    const changed = await p.api.put(
      `companies/id/${acme}/users/id/${me.id}`,
      { ...me, restrictions: { timeRange: { from: "00:00", to: "23:59" }, ip: null } },
      here.accessToken,
    );
    expect(changed.status).toBe(200);
    expect(await works(here)).toBe(200);
    expect(await works(elsewhere)).toBe(401);
    const restored = await p.api.put(`companies/id/${acme}/users/id/${me.id}`, me, here.accessToken);
    expect(restored.status).toBe(200);
  });
});

describe("live channels of ended sessions", () => {
  const principal = {
    userId: 7,
    email: "a@b.c",
    role: "ADMIN" as const,
    readOnly: false,
    companyId: 1,
    resellerId: null,
    selectedCompanyId: null,
    groupIds: [],
    timezone: "UTC",
    restrictions: { timeRange: null, ip: null },
    companyRestrictions: null,
    sessionId: "s1",
  };
  it("close for the sessions named, and only those", () => {
    expect(concerns({ kind: "sessionsEnded", sessionIds: ["s1"] }, principal, null)).toBe(true);
    expect(concerns({ kind: "sessionsEnded", sessionIds: ["s2"] }, principal, null)).toBe(false);
    const { sessionId: _s, ...apiKey } = principal;
    expect(concerns({ kind: "sessionsEnded", sessionIds: ["s1"] }, apiKey, null)).toBe(false);
  });
});

describe("ended sessions", () => {
  it("a session ended in a transaction that rolls back stays open; once committed it is ended", async () => {
    const ended = new EndedSessions(p.ctx.db, p.ctx.clock);
    const rollback = p.ctx.db.transaction(async (tx) => {
      await endSessions(tx, p.ctx.clock, ["family-rolled-back"]);
      expect(await new EndedSessions(tx, p.ctx.clock).has("family-rolled-back")).toBe(true);
      throw new Error("the write after it failed");
    });
    await expect(rollback).rejects.toThrow("the write after it failed");
    expect(await ended.has("family-rolled-back")).toBe(false);
    await p.ctx.db.transaction((tx) => endSessions(tx, p.ctx.clock, ["family-rolled-back"]));
    expect(await ended.has("family-rolled-back")).toBe(true);
  });

  it("each server keeps its own memory: what one has cached is not another's answer", async () => {
    const here = new EndedSessions(p.ctx.db, p.ctx.clock);
    await endSessions(p.ctx.db, p.ctx.clock, ["family-cached-here"]);
    expect(await here.has("family-cached-here")).toBe(true);
    // The row is gone (as after its tokens expired on a database this server does not watch): a fresh server
    // asks the table, this one answers from what it read while the session could still be used.
    await p.ctx.db.query("delete from revoked_sessions where session_id = $1", ["family-cached-here"]);
    expect(await new EndedSessions(p.ctx.db, p.ctx.clock).has("family-cached-here")).toBe(false);
    expect(await here.has("family-cached-here")).toBe(true);
  });
});
