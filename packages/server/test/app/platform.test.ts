import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_PUBLIC_DOCS: "1" });
});
afterAll(async () => {
  await p?.close();
});

describe("database off the event loop", () => {
  // The embedded database runs in a worker thread and a server database in its own process: either way the event
  // loop stays free while a long query runs.
  it("keeps answering pings while a long query runs in the database", async () => {
    let queryDone = false;
    // Heavy enough to take well over the time of many pings on PGlite's single thread.
    const heavy = p.ctx.db
      .query("select count(*) from generate_series(1, 5000000) a where a % 7 = 3")
      .then(() => {
        queryDone = true;
      });
    let pingsWhileRunning = 0;
    for (let i = 0; i < 20; i++) {
      const r = await fetch(`${p.url}/healthz`);
      expect(r.status).toBe(200);
      if (!queryDone) pingsWhileRunning += 1;
    }
    await heavy;
    expect(pingsWhileRunning).toBe(20);
  });
});

describe("platform surface", () => {
  it("serves the OpenAPI description", async () => {
    const r = await fetch(`${p.url}/fr/v1/docs/json`);
    expect(r.status).toBe(200);
    const doc = (await r.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain("/fr/v1/auth/login");
  });

  it("selects the site by Host header and falls back to the default site", async () => {
    const branded = await p.api.get<{ sitename: string }>("site", undefined, {
      "x-forwarded-host": "iberia.localhost:8080",
    });
    expect(branded.body.sitename).toBe("Iberia Tracking");
    const unknown = await p.api.get<{ sitename: string }>("site", undefined, {
      "x-forwarded-host": "unknown.example:8080",
    });
    expect(unknown.body.sitename).toBe("Vigia");
  });

  it("answers errors in the shared JSON shape", async () => {
    const r = await p.api.get<{ statusCode: number; error: string; description: string }>(
      "companies/id/1/info",
    );
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ statusCode: 401, error: "Unauthorized" });
    expect(typeof r.body.description).toBe("string");
  });

  it("unsubscribes with a key and without signing in", async () => {
    const { createUnsubscribeKey } = await import("../../src/users/store.ts");
    const users = await p.ctx.db.query<{ id: number }>(
      "select id from users where email = 'admin@acme.demo'",
    );
    const key = await createUnsubscribeKey(p.ctx.db, p.clock.now(), {
      userId: users[0]!.id,
      email: "admin@acme.demo",
      kind: "alarms",
    });
    const info = await p.api.get<{ email: string; kind: string; done: boolean }>(
      `notifications/unsubscribe/${key}`,
    );
    expect(info.body).toEqual({ email: "admin@acme.demo", kind: "alarms", done: false });
    expect((await p.api.post(`notifications/unsubscribe/${key}`, {})).status).toBe(204);
    const flags = await p.ctx.db.query<{ notifications: Record<string, boolean> }>(
      "select notifications from users where id = $1",
      [users[0]!.id],
    );
    expect(flags[0]!.notifications.alarms).toBe(false);
    expect((await p.api.get("notifications/unsubscribe/not-a-real-key-123")).status).toBe(404);
  });

  it("updates the own profile with validation", async () => {
    const token = await p.api.token("viewer@acme.demo");
    const body = {
      firstName: "Víctor",
      lastName: "Serrano",
      phone: "+34 600 1",
      language: "fr",
      timezone: "Europe/Paris",
      config: { alarmFrontSound: false },
      mapBound: null,
    };
    const ok = await p.api.put<{ language: string; config: { alarmFrontSound: boolean } }>(
      "current/user",
      body,
      token,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.language).toBe("fr");
    expect(ok.body.config.alarmFrontSound).toBe(false);
    const bad = await p.api.put<{ fields: Record<string, string> }>(
      "current/user",
      { ...body, firstName: " ", language: "xx" },
      token,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(["firstName", "language"]));
  });
});
