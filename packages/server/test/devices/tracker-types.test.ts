import { protocols } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * The tracker-type catalogue lists a type for every protocol the gateway speaks, with its factory,
 * default port and protocol name, so resellers can register such devices; who may read which catalogue.
 */
let p: TestPlatform;
let iberia: number;
let acme: number;
let globex: number;

interface TypeRow {
  id: number;
  name: string;
  factory: string;
  port: number | null;
  proto: string;
}

beforeAll(async () => {
  p = await startTestPlatform();
  const id = async (sql: string) => (await p.ctx.db.query<{ id: number }>(sql))[0]!.id;
  iberia = await id("select id from resellers where name = 'Iberia Tracking'");
  acme = await id("select id from companies where name = 'Acme Logistics'");
  globex = await id("select id from companies where name = 'Globex Security'");
});
afterAll(async () => {
  await p?.close();
});

describe("tracker types", () => {
  it("the reseller's catalogue has every protocol of the gateway with its factory and default port", async () => {
    const answer = await p.api.get<{ types: Record<string, TypeRow> }>(
      `resellers/id/${iberia}/trackers/inputs`,
      await p.api.token("reseller@vigia.demo"),
    );
    expect(answer.status).toBe(200);
    const types = Object.values(answer.body.types);
    for (const [name, protocol] of Object.entries(protocols)) {
      const type = types.find((t) => t.proto === name);
      expect(type, name).toBeDefined();
      expect(type!.factory, name).not.toBe("");
      if (protocol.transport === "tcp") expect(type!.port, name).toBe(protocol.defaultPort);
    }
  });

  it("company users read their company's catalogue; a foreign company's is refused", async () => {
    for (const email of ["admin@acme.demo", "subadmin@acme.demo", "operator@acme.demo", "viewer@acme.demo"]) {
      const token = await p.api.token(email);
      const own = await p.api.get<{ types: Record<string, TypeRow> }>(
        `companies/id/${acme}/trackers/inputs`,
        token,
      );
      expect(own.status, email).toBe(200);
      expect(
        Object.values(own.body.types).some((t) => t.proto === "watch"),
        email,
      ).toBe(true);
      const foreign = await p.api.get(`companies/id/${globex}/trackers/inputs`, token);
      expect([403, 404], email).toContain(foreign.status);
    }
  });

  it("the reseller catalogue is refused to company roles and to resellers outside the subtree", async () => {
    for (const email of ["admin@acme.demo", "operator@acme.demo"]) {
      const answer = await p.api.get(`resellers/id/${iberia}/trackers/inputs`, await p.api.token(email));
      expect(answer.status, email).toBe(403);
    }
    const root = (
      await p.ctx.db.query<{ id: number }>("select id from resellers where name = 'Vigia Platform'")
    )[0]!.id;
    const above = await p.api.get(
      `resellers/id/${root}/trackers/inputs`,
      await p.api.token("reseller@vigia.demo"),
    );
    expect([403, 404]).toContain(above.status);
  });
});
