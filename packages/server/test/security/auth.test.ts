import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordVerifications } from "../../src/kernel/auth/passwords.ts";
import { THROTTLE } from "../../src/kernel/auth/throttle.ts";
import { Mailer } from "../../src/kernel/mail/mailer.ts";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Security group: account takeover, password oracles, lockout as a weapon, timing, stale keys,
 * sessions that outlive logout, keys in the log, the public API description and role-before-body.
 * Each test reproduces its finding: it failed before the fix.
 */
const PUBLIC_URL = "https://fleet.example.test";

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ PUBLIC_URL });
});
afterAll(async () => {
  await p?.close();
});

const from = (ip: string) => ({ "x-forwarded-for": ip });

async function lastMail(to: string): Promise<string> {
  const rows = await p.ctx.db.query<{ body_text: string }>(
    "select body_text from mail_outbox where to_address = $1 order by id desc limit 1",
    [to],
  );
  return rows[0]?.body_text ?? "";
}

async function resetKey(email: string, headers: Record<string, string> = {}): Promise<string> {
  const r = await p.api.post("auth/password/reset", { email }, undefined, headers);
  expect(r.status).toBe(204);
  const key = /\/password\/set\/([\w-]+)/.exec(await lastMail(email))?.[1];
  expect(key).toBeTruthy();
  return key!;
}

/** Lets every failure window of the throttle pass, so one test's failures do not count in the next. */
function forgetFailures(): void {
  p.clock.advance(THROTTLE.accountWindowMs + 60_000);
}

describe("security: links in mail come from the site's configured origin (1)", () => {
  it("never puts a forged Host or X-Forwarded-Host into a reset link", async () => {
    await p.api.post("auth/password/reset", { email: "viewer@acme.demo" }, undefined, {
      host: "evil.example.com",
    });
    const direct = await lastMail("viewer@acme.demo");
    await p.api.post("auth/password/reset", { email: "viewer@acme.demo" }, undefined, {
      "x-forwarded-host": "evil.example.com",
    });
    const forwarded = await lastMail("viewer@acme.demo");
    for (const mail of [direct, forwarded]) {
      expect(mail).not.toContain("evil.example.com");
      expect(mail).toContain(`${PUBLIC_URL}/password/set/`);
    }
  });

  it("uses the origin configured for the account's site", async () => {
    await p.ctx.db.query(
      "update sites set origin = 'https://iberia.example.test' where name = 'Iberia Tracking'",
    );
    try {
      // Acme belongs to the Iberia reseller, whose site has its own origin; Globex stays on the default site.
      await p.api.post("auth/password/reset", { email: "subadmin@acme.demo" }, undefined, {
        host: "evil.test",
      });
      expect(await lastMail("subadmin@acme.demo")).toContain("https://iberia.example.test/password/set/");
      await p.api.post("auth/password/reset", { email: "admin@globex.demo" }, undefined, {
        host: "evil.test",
      });
      expect(await lastMail("admin@globex.demo")).toContain(`${PUBLIC_URL}/password/set/`);
    } finally {
      await p.ctx.db.query("update sites set origin = null");
    }
  });

  it("builds create-password links the same way", async () => {
    const admin = await p.api.token("admin@acme.demo");
    const me = await p.api.get<{ companyId: number; groups: number[] }>("current/user", admin);
    const r = await p.api.request("POST", `companies/id/${me.body.companyId}/users`, {
      token: admin,
      headers: { host: "evil.example.com" },
      body: {
        email: "new.person@acme.demo",
        firstName: "New",
        lastName: "Person",
        role: "ADMIN",
        groups: [],
        language: "en",
        timezone: "Europe/Madrid",
      },
    });
    expect(r.status).toBe(200);
    const mail = await lastMail("new.person@acme.demo");
    expect(mail).not.toContain("evil.example.com");
    expect(mail).toContain(`${PUBLIC_URL}/password/set/`);
  });

  it("builds alarm-notice unsubscribe links from the company's site", async () => {
    const acme = await p.ctx.db.query<{ id: number }>(
      "select id from companies where name = 'Acme Logistics'",
    );
    expect(await p.ctx.links.forCompany(acme[0]!.id, "/notifications/unsubscribe/k")).toBe(
      `${PUBLIC_URL}/notifications/unsubscribe/k`,
    );
  });
});

describe("security: the expired-password route is no password oracle (2)", () => {
  it("answers a right password of an unexpired account exactly like a wrong one", async () => {
    const body = (oldPassword: string) => ({
      username: "admin@globex.demo",
      oldPassword,
      password: "Fresh-Pass9",
    });
    const right = await p.api.post<ErrorBody>("auth/password/expired", body("Demo1234"));
    const wrong = await p.api.post<ErrorBody>("auth/password/expired", body("Wrong-Pass1"));
    expect(right.status).toBe(401);
    expect(right.body).toEqual(wrong.body);
    expect((await p.api.login("admin@globex.demo")).status).toBe(200);
  });

  it("counts its attempts with the sign-in throttle", async () => {
    forgetFailures();
    const ip = from("198.51.100.20");
    for (let i = 0; i < THROTTLE.pairMax; i++) {
      const r = await p.api.post(
        "auth/password/expired",
        { username: "admin@initech.demo", oldPassword: `Wrong-${i}x`, password: "Fresh-Pass9" },
        undefined,
        ip,
      );
      expect(r.status).toBe(401);
    }
    const locked = await p.api.post<ErrorBody>(
      "auth/password/expired",
      { username: "admin@initech.demo", oldPassword: "Demo1234", password: "Fresh-Pass9" },
      undefined,
      ip,
    );
    expect(locked.status).toBe(429);
    expect(locked.body.description).toBe("too many tries");
    expect((await p.api.login("admin@initech.demo", undefined, ip)).status).toBe(429);
  });
});

describe("security: throttle per address and per account (6)", () => {
  it("lets the owner in from another address while one address is locked out", async () => {
    forgetFailures();
    for (let i = 0; i < THROTTLE.pairMax; i++)
      expect((await p.api.login("operator@acme.demo", "Bad-pass1", from("203.0.113.50"))).status).toBe(401);
    expect((await p.api.login("operator@acme.demo", undefined, from("203.0.113.50"))).status).toBe(429);
    expect((await p.api.login("operator@acme.demo", undefined, from("198.51.100.77"))).status).toBe(200);
  });

  it("slows an account attacked from many addresses down for the attacking addresses only", async () => {
    forgetFailures();
    for (let i = 0; i < THROTTLE.accountMax; i++)
      expect(
        (await p.api.login("operator@acme.demo", "Bad-pass1", from(`203.0.113.${100 + i}`))).status,
      ).toBe(401);
    // An address that took part waits, and one more failure after the wait doubles it.
    expect((await p.api.login("operator@acme.demo", undefined, from("203.0.113.100"))).status).toBe(429);
    p.clock.advance(THROTTLE.accountBaseDelayMs);
    expect((await p.api.login("operator@acme.demo", "Bad-pass1", from("203.0.113.101"))).status).toBe(401);
    p.clock.advance(THROTTLE.accountBaseDelayMs);
    expect((await p.api.login("operator@acme.demo", "Bad-pass1", from("203.0.113.102"))).status).toBe(429);
    p.clock.advance(THROTTLE.accountBaseDelayMs);
    expect((await p.api.login("operator@acme.demo", "Bad-pass1", from("203.0.113.102"))).status).toBe(401);
    // The owner, from an address that never failed, is not slowed at all.
    expect((await p.api.login("operator@acme.demo", undefined, from("198.51.100.78"))).status).toBe(200);
  });

  it("cannot be used to keep the owner out: failures at the end of every wait still let the owner in", async () => {
    forgetFailures();
    // Initech carries the Iberia brand (inherited from its reseller's parent), which has a site of its own.
    await p.ctx.db.query(
      "update sites set origin = 'https://flota.iberia.test' where id = (select site_id from site_hosts where host = 'iberia.localhost')",
    );
    const attackers = [from("203.0.113.31"), from("203.0.113.32")];
    for (const attacker of attackers)
      for (let i = 0; i < THROTTLE.pairMax; i++)
        expect((await p.api.login("admin@initech.demo", "Bad-pass1", attacker)).status).toBe(401);
    // The owner is told once, with the addresses.
    const warning = await lastMail("admin@initech.demo");
    expect(warning).toContain("203.0.113.31");
    expect(warning).toContain("203.0.113.32");
    // It speaks for the account's brand, in subject, body and signature, and links to that brand's site.
    const subject = await p.ctx.db.query<{ subject: string }>(
      "select subject from mail_outbox where to_address = 'admin@initech.demo' order by id desc limit 1",
    );
    expect(subject[0]?.subject).toMatch(/^Iberia Tracking: /);
    expect(warning.split("\n")[0]).toContain("Iberia Tracking");
    expect(warning).toContain("https://flota.iberia.test/profile");
    expect(warning).not.toContain(PUBLIC_URL);
    expect(warning.trimEnd().endsWith("— Iberia Tracking")).toBe(true);
    // The attackers wait; the owner, from their own address, does not.
    expect((await p.api.login("admin@initech.demo", "Bad-pass1", attackers[0])).status).toBe(429);
    expect((await p.api.login("admin@initech.demo", undefined, from("198.51.100.10"))).status).toBe(200);
    // One more failure at the end of each back-off window, for hours: whenever the owner tries, they get in.
    for (let round = 0; round < 8; round++) {
      p.clock.advance(THROTTLE.accountMaxDelayMs);
      expect((await p.api.login("admin@initech.demo", "Bad-pass1", attackers[round % 2])).status).toBe(401);
      const owner = await p.api.login("admin@initech.demo", undefined, from(`198.51.100.${20 + round}`));
      expect(owner.status).toBe(200);
    }
    const warnings = await p.ctx.db.query(
      "select 1 from mail_outbox where to_address = 'admin@initech.demo' and body_text like '%203.0.113.31%'",
    );
    expect(warnings).toHaveLength(1);
  });

  it("lets the owner's known address in even after a typo during an attack", async () => {
    forgetFailures();
    const home = from("198.51.100.200");
    expect((await p.api.login("subadmin@acme.demo", undefined, home)).status).toBe(200);
    for (let i = 0; i < THROTTLE.accountMax; i++)
      await p.api.login("subadmin@acme.demo", "Bad-pass1", from(`203.0.113.${150 + i}`));
    expect((await p.api.login("subadmin@acme.demo", "Bad-pass1", home)).status).toBe(401);
    expect((await p.api.login("subadmin@acme.demo", undefined, home)).status).toBe(200);
  });

  it("sends a few reset links per account per hour, whoever asks and from wherever", async () => {
    forgetFailures();
    for (let i = 0; i < THROTTLE.resetMaxPerAccount; i++) {
      const r = await p.api.post(
        "auth/password/reset",
        { email: "user@acme.demo" },
        undefined,
        from(`192.0.2.${10 + i}`),
      );
      expect(r.status).toBe(204);
    }
    const over = await p.api.post(
      "auth/password/reset",
      { email: "user@acme.demo" },
      undefined,
      from("192.0.2.99"),
    );
    expect(over.status).toBe(429);
    // An address that does not exist answers the same, so the cap tells nothing about accounts.
    for (let i = 0; i < THROTTLE.resetMaxPerAccount; i++)
      await p.api.post(
        "auth/password/reset",
        { email: "ghost@acme.demo" },
        undefined,
        from(`192.0.2.${40 + i}`),
      );
    expect(
      (await p.api.post("auth/password/reset", { email: "ghost@acme.demo" }, undefined, from("192.0.2.98")))
        .status,
    ).toBe(429);
    p.clock.advance(THROTTLE.resetWindowMs);
    expect(
      (await p.api.post("auth/password/reset", { email: "user@acme.demo" }, undefined, from("192.0.2.99")))
        .status,
    ).toBe(204);
  });

  it("stops one address that tries many accounts", async () => {
    forgetFailures();
    const sprayer = from("192.0.2.66");
    for (let i = 0; i < THROTTLE.addressMax; i++)
      expect((await p.api.login(`nobody${i}@nowhere.demo`, "Bad-pass1", sprayer)).status).toBe(401);
    expect((await p.api.login("admin@acme.demo", undefined, sprayer)).status).toBe(429);
    expect(
      (await p.api.post("auth/password/reset", { email: "admin@acme.demo" }, undefined, sprayer)).status,
    ).toBe(429);
    expect((await p.api.login("admin@acme.demo", undefined, from("192.0.2.67"))).status).toBe(200);
  });

  it("clears the account's count when its password is reset", async () => {
    forgetFailures();
    const attacker = from("203.0.113.9");
    for (let i = 0; i < THROTTLE.pairMax; i++)
      expect((await p.api.login("subadmin@acme.demo", "Bad-pass1", attacker)).status).toBe(401);
    expect((await p.api.login("subadmin@acme.demo", undefined, attacker)).status).toBe(429);
    const key = await resetKey("subadmin@acme.demo");
    expect((await p.api.post("auth/password/set", { key, password: "Reset-Pass1" })).status).toBe(204);
    expect((await p.api.login("subadmin@acme.demo", "Reset-Pass1", attacker)).status).toBe(200);
  });

  it("counts wrong old passwords on the own-password change too", async () => {
    forgetFailures();
    const token = await p.api.token("admin@acme.demo");
    const wrong = () =>
      p.api.request<ErrorBody>("PUT", "current/user/password", {
        token,
        body: { oldPassword: "Nope-1234", password: "Other-Pass1" },
        headers: from("203.0.113.77"),
      });
    for (let i = 0; i < THROTTLE.pairMax; i++) expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(429);
  });
});

describe("security: unknown accounts cost the same work (8)", () => {
  it("runs one password verification on the expired route, known account or not", async () => {
    forgetFailures();
    for (const username of ["admin@acme.demo", "ghost@nowhere.demo"]) {
      const before = passwordVerifications.count;
      await p.api.post("auth/password/expired", {
        username,
        oldPassword: "Wrong-1x",
        password: "Fresh-Pass9",
      });
      expect(passwordVerifications.count - before).toBe(1);
    }
  });

  it("runs one password verification on the reset route, known account or not", async () => {
    for (const email of ["admin@acme.demo", "ghost@nowhere.demo"]) {
      const before = passwordVerifications.count;
      expect((await p.api.post("auth/password/reset", { email })).status).toBe(204);
      expect(passwordVerifications.count - before).toBe(1);
    }
  });
});

describe("security: a new password kills every outstanding key (9)", () => {
  it("refuses an older reset key once a newer one set the password", async () => {
    const older = await resetKey("admin@initech.demo");
    const newer = await resetKey("admin@initech.demo");
    expect((await p.api.post("auth/password/set", { key: newer, password: "Newer-Pass1" })).status).toBe(204);
    const stale = await p.api.post<ErrorBody>("auth/password/set", { key: older, password: "Older-Pass1" });
    expect(stale.status).toBe(400);
    expect(stale.body.description).toBe("invalid.key");
  });

  it("refuses a key once the password changed by another route", async () => {
    const key = await resetKey("dev@vigia.demo");
    const token = await p.api.token("dev@vigia.demo");
    const changed = await p.api.put(
      "current/user/password",
      { oldPassword: "Demo1234", password: "Chan-ged99" },
      token,
    );
    expect(changed.status).toBe(204);
    expect((await p.api.post("auth/password/set", { key, password: "Stolen-Key1" })).status).toBe(400);
    expect((await p.api.login("dev@vigia.demo", "Chan-ged99")).status).toBe(200);
  });
});

describe("security: sessions end at logout (11)", () => {
  it("refuses the access token of a logged-out session before it expires", async () => {
    const login = (await p.api.login("reseller@vigia.demo")).body;
    expect((await p.api.get("current/user", login.accessToken)).status).toBe(200);
    expect((await p.api.post("auth/logout", { refreshToken: login.refreshToken })).status).toBe(204);
    const after = await p.api.get<ErrorBody>("current/user", login.accessToken);
    expect(after.status).toBe(401);
    expect(after.body.description).toBe("token.revoked");
    // Other sessions of the same user go on.
    expect((await p.api.get("current/user", await p.api.token("reseller@vigia.demo"))).status).toBe(200);
  });

  it("ends nothing when the refresh token's secret is wrong", async () => {
    const login = (await p.api.login("super@vigia.demo")).body;
    const [id] = login.refreshToken.split(".");
    expect((await p.api.post("auth/logout", { refreshToken: `${id}.not-the-secret` })).status).toBe(204);
    expect((await p.api.get("current/user", login.accessToken)).status).toBe(200);
    expect((await p.api.get("auth/token", login.refreshToken)).status).toBe(200);
  });

  it("refuses the access tokens of a session whose rotated refresh token was replayed", async () => {
    const first = (await p.api.login("admin@acme.demo")).body;
    const second = await p.api.get<{ accessToken: string }>("auth/token", first.refreshToken);
    expect((await p.api.get("auth/token", first.refreshToken)).status).toBe(401);
    expect((await p.api.get("current/user", second.body.accessToken)).status).toBe(401);
  });
});

describe("security: no keys in the log, no public API map (14)", () => {
  async function loggedMail(demo: boolean): Promise<string> {
    let out = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString("utf8");
        done();
      },
    });
    const mailer = new Mailer(p.ctx.db, p.clock, pino({ level: "info" }, sink), null, "x@vigia.local", demo);
    await mailer.send({
      to: "log@acme.demo",
      subject: "Reset",
      text: "https://x/password/set/SECRET-KEY-123",
    });
    return out;
  }

  it("writes mail bodies (and their keys) to the log only in demo mode", async () => {
    expect(await loggedMail(false)).not.toContain("SECRET-KEY-123");
    expect(await loggedMail(false)).toContain("log@acme.demo");
    expect(await loggedMail(true)).toContain("SECRET-KEY-123");
  });

  it("serves the OpenAPI document to signed-in users only", async () => {
    for (const path of ["/fr/v1/docs/json", "/fr/v1/docs"]) {
      expect((await fetch(`${p.url}${path}`)).status).toBe(401);
    }
    const token = await p.api.token("viewer@acme.demo");
    const signed = await fetch(`${p.url}/fr/v1/docs/json`, { headers: { authorization: `Bearer ${token}` } });
    expect(signed.status).toBe(200);
  });
});

describe("security: ids out of range are 400, not 500 (12)", () => {
  it("validates the company id of the company selection", async () => {
    const token = await p.api.token("super@vigia.demo");
    expect((await p.api.put("current/user/companies/id/99999999999", undefined, token)).status).toBe(400);
  });
});
