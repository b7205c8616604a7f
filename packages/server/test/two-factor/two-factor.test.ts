import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** Two-factor sign-in (TOTP) for anyone who turns it on, and for everyone where it is enforced. */
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

const code = (secret: string) => generate({ secret, epoch: Math.floor(p.clock.now() / 1000) });
const loginWith = (username: string, otp?: string) =>
  p.api.post<{ accessToken?: string } & ErrorBody>("auth/login", {
    username,
    password: "Demo1234",
    ...(otp ? { otp } : {}),
  });

describe("two-factor sign-in", () => {
  it("a user turns it on with a first code, then signs in only with a code, each code once", async () => {
    const token = await p.api.token("subadmin@acme.demo");
    expect((await p.api.get("current/user/otp", token)).body).toEqual({ enabled: false, required: false });
    const setup = await p.api.post<{ secret: string; uri: string }>("current/user/otp", undefined, token);
    expect(setup.status).toBe(200);
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const wrong = await p.api.post<ErrorBody>("current/user/otp/enable", { otp: "000000" }, token);
    expect(wrong.status).toBe(400);
    const on = await p.api.post("current/user/otp/enable", { otp: await code(setup.body.secret) }, token);
    expect(on.body).toEqual({ enabled: true, required: false });

    const noCode = await loginWith("subadmin@acme.demo");
    expect(noCode.status).toBe(401);
    expect(noCode.body.description).toBe("otp.required");
    // The code that enabled it is spent; the next 30-second step brings a new one.
    const replay = await loginWith("subadmin@acme.demo", await code(setup.body.secret));
    expect(replay.body.description).toBe("otp.invalid");
    p.clock.advance(30_000);
    const ok = await loginWith("subadmin@acme.demo", await code(setup.body.secret));
    expect(ok.status).toBe(200);
    expect(ok.body.accessToken).toBeTruthy();
    const again = await loginWith("subadmin@acme.demo", await code(setup.body.secret));
    expect(again.body.description).toBe("otp.invalid");

    // Turning it off takes a current code.
    p.clock.advance(30_000);
    const off = await p.api.post("current/user/otp/disable", { otp: await code(setup.body.secret) }, token);
    expect(off.body).toEqual({ enabled: false, required: false });
    expect((await loginWith("subadmin@acme.demo")).status).toBe(200);
  });

  it("a wrong password never reaches the code question", async () => {
    const r = await p.api.login("operator@acme.demo", "Wrong1234");
    expect(r.body.description).toBe("wrong.credentials");
  });

  it("a company that enforces it sends its users to set-up, which needs the password and a first code", async () => {
    const admin = await p.api.token("admin@acme.demo");
    const viewerBefore = await p.api.token("viewer@acme.demo");
    expect((await p.api.put(`companies/id/${acme}/otp`, { required: true }, viewerBefore)).status).toBe(403);
    expect((await p.api.put(`companies/id/${acme}/otp`, { required: true }, admin)).body).toEqual({
      required: true,
    });
    const needs = await loginWith("viewer@acme.demo");
    expect(needs.status).toBe(401);
    expect(needs.body.description).toBe("otp.setup");
    const bad = await p.api.post<ErrorBody>("auth/otp/setup", {
      username: "viewer@acme.demo",
      password: "Nope1234",
    });
    expect(bad.status).toBe(401);
    const setup = await p.api.post<{ secret: string }>("auth/otp/setup", {
      username: "viewer@acme.demo",
      password: "Demo1234",
    });
    expect(setup.status).toBe(200);
    const ok = await loginWith("viewer@acme.demo", await code(setup.body.secret));
    expect(ok.status).toBe(200);
    // Enforced: it cannot be turned off, and set-up at sign-in is not offered to an account that has it.
    p.clock.advance(30_000);
    const off = await p.api.post<ErrorBody>(
      "current/user/otp/disable",
      { otp: await code(setup.body.secret) },
      ok.body.accessToken,
    );
    expect(off.status).toBe(403);
    expect(off.body.description).toBe("otp.enforced");
    const again = await p.api.post("auth/otp/setup", { username: "viewer@acme.demo", password: "Demo1234" });
    expect(again.status).toBe(403);
    await p.api.put(`companies/id/${acme}/otp`, { required: false }, admin);
  });

  it("the company policy is read by administrators only", async () => {
    const operator = await p.api.token("operator@acme.demo");
    expect((await p.api.get(`companies/id/${acme}/otp`, operator)).status).toBe(403);
    const admin = await p.api.token("admin@acme.demo");
    expect((await p.api.get(`companies/id/${acme}/otp`, admin)).body).toEqual({ required: false });
    const other = await p.api.token("admin@globex.demo");
    expect((await p.api.get(`companies/id/${acme}/otp`, other)).status).toBe(404);
  });

  it("a reseller enforces it for its staff and every user of its companies, not for another reseller's", async () => {
    const ids = await p.ctx.db.query<{ name: string; id: number }>(
      "select name, id from resellers where name in ('Iberia Tracking', 'Atlas Telematics')",
    );
    const iberia = ids.find((r) => r.name === "Iberia Tracking")!.id;
    const atlas = ids.find((r) => r.name === "Atlas Telematics")!.id;
    const reseller = await p.api.token("reseller@vigia.demo");
    const admin = await p.api.token("admin@acme.demo");
    expect((await p.api.get(`resellers/id/${iberia}/otp`, admin)).status).toBe(403);
    expect((await p.api.put(`resellers/id/${atlas}/otp`, { required: true }, reseller)).status).toBe(404);
    expect((await p.api.get(`resellers/id/${iberia}/otp`, reseller)).body).toEqual({ required: false });
    expect((await p.api.put(`resellers/id/${iberia}/otp`, { required: true }, reseller)).body).toEqual({
      required: true,
    });
    // A user of one of its companies, and its own staff, are sent to set-up; Globex (Atlas) is not affected.
    for (const user of ["operator@acme.demo", "reseller@vigia.demo"]) {
      const needs = await loginWith(user);
      expect(needs.status).toBe(401);
      expect(needs.body.description).toBe("otp.setup");
    }
    expect((await loginWith("admin@globex.demo")).status).toBe(200);
    // The company's own switch is off: the reseller's still holds.
    expect((await p.api.get(`companies/id/${acme}/otp`, admin)).body).toEqual({ required: false });
    const status = await p.api.get<{ required: boolean }>("current/user/otp", admin);
    expect(status.body.required).toBe(true);
    const log = await p.ctx.db.query<{ entity: string; reseller_id: number }>(
      "select entity, reseller_id from audit_log where entity = 'otpPolicy' and reseller_id = $1",
      [iberia],
    );
    expect(log).toHaveLength(1);
    // The platform's super user (above every reseller) lifts it again.
    const root = await p.api.token("super@vigia.demo");
    expect((await p.api.put(`resellers/id/${iberia}/otp`, { required: false }, root)).status).toBe(200);
    expect((await loginWith("operator@acme.demo")).status).toBe(200);
  });

  it("a reseller's policy covers its sub-resellers' companies, and a sub-reseller's does not reach up", async () => {
    const ids = await p.ctx.db.query<{ name: string; id: number }>(
      "select name, id from resellers where name in ('Iberia Tracking', 'Iberia Norte')",
    );
    const iberia = ids.find((r) => r.name === "Iberia Tracking")!.id;
    const norte = ids.find((r) => r.name === "Iberia Norte")!.id;
    const root = await p.api.token("super@vigia.demo");
    // Initech belongs to Iberia Norte, a sub-reseller of Iberia Tracking.
    expect((await loginWith("admin@initech.demo")).status).toBe(200);
    const reseller = await p.api.token("reseller@vigia.demo");
    expect((await p.api.put(`resellers/id/${iberia}/otp`, { required: true }, reseller)).status).toBe(200);
    const needs = await loginWith("admin@initech.demo");
    expect(needs.status).toBe(401);
    expect(needs.body.description).toBe("otp.setup");
    expect((await p.api.put(`resellers/id/${iberia}/otp`, { required: false }, root)).status).toBe(200);
    expect((await loginWith("admin@initech.demo")).status).toBe(200);

    // The sub-reseller's own policy holds for its companies only, not for its parent's.
    expect((await p.api.put(`resellers/id/${norte}/otp`, { required: true }, root)).status).toBe(200);
    expect((await loginWith("admin@initech.demo")).body.description).toBe("otp.setup");
    expect((await loginWith("operator@acme.demo")).status).toBe(200);
    expect((await loginWith("reseller@vigia.demo")).status).toBe(200);
    expect((await p.api.put(`resellers/id/${norte}/otp`, { required: false }, root)).status).toBe(200);
  });
});
