import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** Company API keys, used from outside exactly as an integrator would: with curl. */
const run = promisify(execFile);
let p: TestPlatform;
let acme = 0;
let globex = 0;
let admin = "";
beforeAll(async () => {
  p = await startTestPlatform();
  const id = async (name: string) =>
    (await p.ctx.db.query<{ id: number }>("select id from companies where name = $1", [name]))[0]!.id;
  acme = await id("Acme Logistics");
  globex = (
    await p.ctx.db.query<{ id: number }>(
      "select company_id as id from users where email = 'admin@globex.demo'",
    )
  )[0]!.id;
  admin = await p.api.token("admin@acme.demo");
});
afterAll(async () => {
  await p?.close();
});

/** curl with the key as the Bearer credential; answers the status and the parsed body. */
async function curl(key: string, method: string, path: string, body?: unknown) {
  const args = ["-s", "-o", "-", "-w", "\n%{http_code}", "-X", method, "-H", `Authorization: Bearer ${key}`];
  if (body !== undefined) args.push("-H", "content-type: application/json", "--data", JSON.stringify(body));
  const { stdout } = await run("curl", [...args, `${p.url}/fr/v1/${path}`]);
  const cut = stdout.lastIndexOf("\n");
  const text = stdout.slice(0, cut);
  return { status: Number(stdout.slice(cut + 1)), body: text ? (JSON.parse(text) as unknown) : null };
}

async function createKey(role: string, ip = "") {
  const r = await p.api.post<{ key: { id: number; prefix: string }; secret: string }>(
    `companies/id/${acme}/apikeys`,
    { name: `${role} key`, role, ip },
    admin,
  );
  expect(r.status).toBe(200);
  return r.body;
}

describe("API keys", () => {
  it("a read-only key reads with curl and cannot write; the secret is shown once and stored hashed", async () => {
    const { key, secret } = await createKey("READONLY");
    expect(secret.startsWith(key.prefix)).toBe(true);
    const stored = await p.ctx.db.query<{ key_hash: string }>("select key_hash from api_keys where id = $1", [
      key.id,
    ]);
    expect(stored[0]!.key_hash).not.toContain(secret);
    const list = await p.api.get<{ id: number }[]>(`companies/id/${acme}/apikeys`, admin);
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const read = await curl(secret, "GET", `companies/id/${acme}/vehicles`);
    expect(read.status).toBe(200);
    const write = await curl(secret, "POST", `companies/id/${acme}/geozones`, { name: "x" });
    expect(write.status).toBe(403);
    expect((write.body as ErrorBody).description).toBe("read.only");
    // Administrators' routes stay closed to a read-only key, as to a read-only user.
    expect((await curl(secret, "GET", `companies/id/${acme}/log`)).status).toBe(403);

    const listed = await p.api.get<{ id: number; lastUsedTs: number | null }[]>(
      `companies/id/${acme}/apikeys`,
      admin,
    );
    expect(listed.body.find((k) => k.id === key.id)?.lastUsedTs).toBe(p.clock.now());
  });

  it("a key reaches only its own company, nothing of users or resellers", async () => {
    const { secret } = await createKey("ADMIN");
    expect((await curl(secret, "GET", `companies/id/${acme}/groups`)).status).toBe(200);
    expect((await curl(secret, "GET", `companies/id/${globex}/vehicles`)).status).toBe(403);
    expect((await curl(secret, "GET", "current/user")).status).toBe(403);
    expect((await curl(secret, "GET", "resellers")).status).toBe(403);
    expect((await curl(`${secret}x`, "GET", `companies/id/${acme}/groups`)).status).toBe(401);
  });

  it("an administrator key writes; every call is in the audit log; revoking refuses the next call", async () => {
    const { key, secret } = await createKey("ADMIN");
    const created = await curl(secret, "POST", `companies/id/${acme}/groups`, {
      name: "From the API",
      parentId: null,
    });
    expect(created.status).toBe(200);
    const log = await p.ctx.db.query<{ user_email: string; entity: string; data: { status: number } }>(
      "select user_email, entity, data from audit_log where company_id = $1 and action = 'api' and entity_id = $2",
      [acme, String(key.id)],
    );
    expect(log.map((l) => l.entity)).toContain("POST /fr/v1/companies/id/:companyId/groups");
    expect(log[0]!.user_email).toBe("apikey:ADMIN key");

    expect(
      (await p.api.request("DELETE", `companies/id/${acme}/apikeys/id/${key.id}`, { token: admin })).status,
    ).toBe(204);
    const after = await curl(secret, "GET", `companies/id/${acme}/groups`);
    expect(after.status).toBe(401);
  });

  it("a key restricted to a network is refused from elsewhere", async () => {
    const { secret } = await createKey("READONLY", "203.0.113.0/24");
    const r = await curl(secret, "GET", `companies/id/${acme}/vehicles`);
    expect(r.status).toBe(403);
    expect((r.body as ErrorBody).description).toBe("restriction.fromip");
  });

  it("an operator or read-only key sees the company's items, and an operator key opens a ticket", async () => {
    const vehicles = await p.api.get<Record<string, unknown>>(`companies/id/${acme}/vehicles`, admin);
    const count = Object.keys(vehicles.body).length;
    expect(count).toBeGreaterThan(0);
    for (const role of ["OPERATOR", "READONLY"]) {
      const { secret } = await createKey(role);
      const read = await curl(secret, "GET", `companies/id/${acme}/vehicles`);
      expect(read.status).toBe(200);
      expect(Object.keys(read.body as Record<string, unknown>)).toHaveLength(count);
    }
    const { secret } = await createKey("OPERATOR");
    const ticket = await curl(secret, "POST", `companies/id/${acme}/tickets`, {
      type: "incident",
      title: "Opened by the dispatch system",
    });
    expect(ticket.status).toBe(200);
    expect(ticket.body).toMatchObject({ title: "Opened by the dispatch system" });
  });

  it("an administrator key can neither mint keys nor change the two-factor requirement", async () => {
    const { secret } = await createKey("ADMIN");
    const minted = await curl(secret, "POST", `companies/id/${acme}/apikeys`, {
      name: "child",
      role: "ADMIN",
    });
    expect(minted.status).toBe(403);
    expect((minted.body as ErrorBody).description).toBe("apikey.forbidden");
    const policy = await curl(secret, "PUT", `companies/id/${acme}/otp`, { required: false });
    expect(policy.status).toBe(403);
    expect((policy.body as ErrorBody).description).toBe("apikey.forbidden");
    // A person may.
    expect((await p.api.put(`companies/id/${acme}/otp`, { required: false }, admin)).status).toBe(200);
  });

  it("only administrators list, create and revoke keys", async () => {
    const operator = await p.api.token("operator@acme.demo");
    const viewer = await p.api.token("viewer@acme.demo");
    for (const token of [operator, viewer]) {
      expect((await p.api.get(`companies/id/${acme}/apikeys`, token)).status).toBe(403);
      expect(
        (await p.api.post(`companies/id/${acme}/apikeys`, { name: "n", role: "ADMIN" }, token)).status,
      ).toBe(403);
      expect((await p.api.request("DELETE", `companies/id/${acme}/apikeys/id/1`, { token })).status).toBe(
        403,
      );
    }
    const other = await p.api.token("admin@globex.demo");
    expect((await p.api.get(`companies/id/${acme}/apikeys`, other)).status).toBe(404);
    const reseller = await p.api.token("reseller@vigia.demo");
    expect((await p.api.get(`companies/id/${acme}/apikeys`, reseller)).status).toBe(200);
  });
});
