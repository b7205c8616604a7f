import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Input hygiene at the edge: characters no database text can hold, dates outside the supported years and
 * database constraint names never turn into a 500 or leak into an answer; each answer names the field.
 */
let p: TestPlatform;
let acme: number;
let admin: string;
beforeAll(async () => {
  p = await startTestPlatform();
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  admin = await p.api.token("admin@acme.demo");
});
afterAll(async () => {
  await p?.close();
});

describe("a NUL or a lone surrogate in any string is a 400 naming the field", () => {
  it("in a sign-in", async () => {
    const r = await p.api.post<ErrorBody>("auth/login", { username: "admin@acme.demo\u0000", password: "x" });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ username: "invalidCharacters" });
  });

  it("in a password reset", async () => {
    const r = await p.api.post<ErrorBody>("auth/password/reset", { email: "a\u0000@acme.demo" });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ email: "invalidCharacters" });
  });

  it("deep in a body", async () => {
    const r = await p.api.post<ErrorBody>(
      `companies/id/${acme}/pois`,
      { name: "Dock \uD83D", lat: 40.4, lng: -3.7, radius: 50 },
      admin,
    );
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ name: "invalidCharacters" });
  });

  it("in a query parameter", async () => {
    const reseller = await p.api.token("reseller@vigia.demo");
    const r = await p.api.get<ErrorBody>("resellers/log?q=%00", reseller);
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ q: "invalidCharacters" });
  });
});

describe("dates outside the supported years are a 400", () => {
  it.each(["0000-01-01", "1899-12-31", "3000-01-01"])("costs from %s", async (from) => {
    const r = await p.api.get<ErrorBody>(`companies/id/${acme}/costs?from=${from}`, admin);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields ?? {})).toContain("from");
  });

  it("while an ordinary day answers", async () => {
    expect((await p.api.get(`companies/id/${acme}/costs?from=2026-01-01`, admin)).status).toBe(200);
  });
});

describe("database names never reach an answer", () => {
  it("a device id already registered answers its domain code", async () => {
    const reseller = await p.api.token("reseller@vigia.demo");
    const taken = (
      await p.ctx.db.query<{ device_id: string; reseller_id: number; type_id: number }>(
        "select device_id, reseller_id, type_id from devices where device_id ~ '^[0-9]{15}$' order by id limit 1",
      )
    )[0]!;
    const r = await p.api.post<ErrorBody>(
      `resellers/id/${taken.reseller_id}/trackers`,
      { deviceId: taken.device_id, typeId: taken.type_id },
      reseller,
    );
    expect(r.status).toBe(409);
    expect(r.body.description).toBe("device.exists");
    expect(JSON.stringify(r.body)).not.toMatch(/_key|_fkey|constraint/);
  });
});
