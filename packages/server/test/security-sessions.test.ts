import { SESSION_MAX_AGE_MS } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concerns } from "../src/live/session-lifetime.ts";
import {
  type ErrorBody,
  type LoginResult,
  startTestPlatform,
  type TestPlatform,
} from "./support/platform.ts";

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
