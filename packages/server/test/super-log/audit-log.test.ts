import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** /superLog, the platform-wide audit log, for the super reseller only. */
let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(async () => {
  await p?.close();
});

type Row = { action: string; userEmail: string; companyName: string; resellerName: string };

describe("platform audit log", () => {
  it("shows the super reseller every tenant's sign-ins and actions, filtered by action and text", async () => {
    await p.api.token("admin@globex.demo");
    await p.api.token("admin@acme.demo");
    const token = await p.api.token("super@vigia.demo");
    const all = await p.api.get<Row[]>("resellers/log", token);
    expect(all.status).toBe(200);
    const logins = all.body.filter((r) => r.action === "login").map((r) => r.userEmail);
    expect(logins).toEqual(
      expect.arrayContaining(["admin@globex.demo", "admin@acme.demo", "super@vigia.demo"]),
    );
    expect(all.body.find((r) => r.userEmail === "admin@acme.demo")?.companyName).toBe("Acme Logistics");
    const filtered = await p.api.get<Row[]>("resellers/log?action=login&q=globex", token);
    expect(filtered.body.map((r) => r.userEmail)).toEqual(["admin@globex.demo"]);
  });

  it("is refused to resellers below the top and to company users", async () => {
    for (const email of ["reseller@vigia.demo", "admin@acme.demo", "viewer@acme.demo"]) {
      const token = await p.api.token(email);
      expect((await p.api.get("resellers/log", token)).status).toBe(403);
    }
  });
});
