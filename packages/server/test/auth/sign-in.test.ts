import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

const DEMO_ACCOUNTS = [
  ["super@vigia.demo", "SUPER_RESELLER"],
  ["dev@vigia.demo", "DEVELOPER"],
  ["reseller@vigia.demo", "RESELLER"],
  ["admin@acme.demo", "ADMIN"],
  ["subadmin@acme.demo", "SUBADMIN"],
  ["operator@acme.demo", "OPERATOR"],
  ["viewer@acme.demo", "USER"],
  ["admin@globex.demo", "ADMIN"],
  ["admin@initech.demo", "ADMIN"],
] as const;

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(async () => {
  await p?.close();
});

describe("sign-in", () => {
  it.each(DEMO_ACCOUNTS)("%s signs in and is a %s", async (email, role) => {
    const login = await p.api.login(email);
    expect(login.status).toBe(200);
    expect(login.body.refreshToken).toMatch(/\./);
    // No raster tile server unless the deployment names one (MAP_OSM_TILES): nothing reaches a third party.
    expect(login.body.osmTilesUrl).toBe("");
    expect(login.body.initTs).toBe(p.ctx.initTs);
    const me = await p.api.get<{ email: string; role: string }>("current/user", login.body.accessToken);
    expect(me.body).toMatchObject({ email, role });
  });

  it("accepts the e-mail in any letter case", async () => {
    expect((await p.api.login("Admin@ACME.demo")).status).toBe(200);
  });

  it("rejects a wrong password and an unknown user with the same 401", async () => {
    const wrong = await p.api.login("admin@globex.demo", "Wrong1234");
    const unknown = await p.api.login("nobody@nowhere.demo", "Wrong1234");
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect((r.body as unknown as ErrorBody).description).toBe("wrong.credentials");
    }
  });

  it("answers 400 with field errors for a malformed body", async () => {
    const r = await p.api.post<ErrorBody>("auth/login", { username: "" });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty("password");
  });

  it("records failures in the login history and moves last to prev on success", async () => {
    await p.api.login("subadmin@acme.demo");
    p.clock.advance(60_000);
    await p.api.login("subadmin@acme.demo", "Nope12345", { "x-forwarded-for": "203.0.113.7" });
    p.clock.advance(60_000);
    const ok = await p.api.login("subadmin@acme.demo", undefined, { "x-forwarded-for": "198.51.100.2" });
    const me = await p.api.get<{
      login: { front: { last: { ip: string; fail: { ip: string }[] }; prev: { ip: string } } };
    }>("current/user", ok.body.accessToken);
    expect(me.body.login.front.last.ip).toBe("198.51.100.2");
    expect(me.body.login.front.last.fail.map((f) => f.ip)).toEqual(["203.0.113.7"]);
    expect(me.body.login.front.prev).not.toBeNull();
  });
});

describe("lockout", () => {
  it("answers 429 'too many tries' after five failures, and lets the user in after the cool-down", async () => {
    for (let i = 0; i < 5; i++)
      expect((await p.api.login("operator@acme.demo", "Bad-pass1")).status).toBe(401);
    const locked = await p.api.login("operator@acme.demo");
    expect(locked.status).toBe(429);
    expect((locked.body as unknown as ErrorBody).description).toBe("too many tries");
    p.clock.advance(16 * 60_000);
    expect((await p.api.login("operator@acme.demo")).status).toBe(200);
  });
});

describe("tokens", () => {
  it("rotates refresh tokens and revokes the family when a rotated token is reused", async () => {
    const first = (await p.api.login("admin@acme.demo")).body;
    const second = await p.api.get<{ accessToken: string; refreshToken: string }>(
      "auth/token",
      first.refreshToken,
    );
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.refreshToken);
    expect((await p.api.get("current/user", second.body.accessToken)).status).toBe(200);

    const replay = await p.api.get<ErrorBody>("auth/token", first.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body.description).toBe("token.reused");
    // The legitimate holder's newer token dies with the family.
    const after = await p.api.get<ErrorBody>("auth/token", second.body.refreshToken);
    expect(after.status).toBe(401);
  });

  it("expires access tokens after their lifetime and refresh tokens after 30 days", async () => {
    const login = (await p.api.login("admin@globex.demo")).body;
    p.clock.advance(login.expiresIn * 1000 + 1000);
    expect((await p.api.get("current/user", login.accessToken)).status).toBe(401);
    const refreshed = await p.api.get<{ accessToken: string; refreshToken: string }>(
      "auth/token",
      login.refreshToken,
    );
    expect(refreshed.status).toBe(200);
    p.clock.advance(31 * 86_400_000);
    const stale = await p.api.get<ErrorBody>("auth/token", refreshed.body.refreshToken);
    expect(stale.status).toBe(401);
    expect(stale.body.description).toBe("token.expired");
  });

  it("rejects garbage and missing tokens", async () => {
    expect((await p.api.get("current/user", "not-a-jwt")).status).toBe(401);
    expect((await p.api.get("current/user")).status).toBe(401);
    expect((await p.api.get("auth/token", "x.y")).status).toBe(401);
  });

  it("logout revokes the refresh token", async () => {
    const login = (await p.api.login("dev@vigia.demo")).body;
    expect((await p.api.post("auth/logout", { refreshToken: login.refreshToken })).status).toBe(204);
    expect((await p.api.get("auth/token", login.refreshToken)).status).toBe(401);
  });
});

describe("password expiry", () => {
  it("answers expired.password;days:N and lets the user change it with the old one", async () => {
    const admin = await p.api.token("admin@initech.demo");
    const initech = (await p.api.get<{ companyId: number }>("current/user", admin)).body.companyId;
    await p.ctx.db.query("update companies set password_expiration_days = 30 where id = $1", [initech]);
    p.clock.advance(40 * 86_400_000);
    const expired = await p.api.login("admin@initech.demo");
    expect(expired.status).toBe(401);
    expect((expired.body as unknown as ErrorBody).description).toBe("expired.password;days:30");

    const same = await p.api.post<ErrorBody>("auth/password/expired", {
      username: "admin@initech.demo",
      oldPassword: "Demo1234",
      password: "Demo1234",
    });
    expect(same.status).toBe(400);
    const weak = await p.api.post<ErrorBody>("auth/password/expired", {
      username: "admin@initech.demo",
      oldPassword: "Demo1234",
      password: "short",
    });
    expect(weak.status).toBe(400);
    const changed = await p.api.post("auth/password/expired", {
      username: "admin@initech.demo",
      oldPassword: "Demo1234",
      password: "Fresh-Pass9",
    });
    expect(changed.status).toBe(204);
    expect((await p.api.login("admin@initech.demo", "Fresh-Pass9")).status).toBe(200);
  });
});

describe("own password", () => {
  it("changes the password only with the right old one and a different new one", async () => {
    const token = await p.api.token("admin@globex.demo");
    const wrongOld = await p.api.put<ErrorBody>(
      "current/user/password",
      { oldPassword: "Nope1234", password: "Other-Pass1" },
      token,
    );
    expect(wrongOld.status).toBe(401);
    const same = await p.api.put<ErrorBody>(
      "current/user/password",
      { oldPassword: "Demo1234", password: "Demo1234" },
      token,
    );
    expect(same.status).toBe(400);
    const ok = await p.api.put(
      "current/user/password",
      { oldPassword: "Demo1234", password: "Other-Pass1" },
      token,
    );
    expect(ok.status).toBe(204);
    expect((await p.api.login("admin@globex.demo", "Other-Pass1")).status).toBe(200);
    await p.api.put("current/user/password", { oldPassword: "Other-Pass1", password: "Demo1234" }, token);
  });
});
