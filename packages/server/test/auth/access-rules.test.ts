import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";
import { startMailCapture } from "../support/smtp.ts";

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(async () => {
  await p?.close();
});

async function setRestrictions(email: string, restrictions: Record<string, unknown>): Promise<void> {
  await p.ctx.db.query("update users set restrictions = $2 where lower(email) = $1", [email, restrictions]);
}

describe("access restrictions", () => {
  it("refuses sign-in outside the permitted hours with restriction.timerange", async () => {
    // Now is 10:00 in Madrid.
    await setRestrictions("viewer@acme.demo", { timeRange: { from: "14:00", to: "18:00" }, ip: null });
    const r = await p.api.login("viewer@acme.demo");
    expect(r.status).toBe(403);
    expect((r.body as unknown as ErrorBody).description).toBe("restriction.timerange");
    await setRestrictions("viewer@acme.demo", { timeRange: { from: "08:00", to: "18:00" }, ip: null });
    expect((await p.api.login("viewer@acme.demo")).status).toBe(200);
  });

  it("refuses an address outside the permitted network with restriction.fromip", async () => {
    await setRestrictions("viewer@acme.demo", { timeRange: null, ip: "10.20.0.0/16" });
    const outside = await p.api.login("viewer@acme.demo", undefined, { "x-forwarded-for": "192.0.2.10" });
    expect(outside.status).toBe(403);
    expect((outside.body as unknown as ErrorBody).description).toBe("restriction.fromip");
    const inside = await p.api.login("viewer@acme.demo", undefined, { "x-forwarded-for": "10.20.3.4" });
    expect(inside.status).toBe(200);
  });

  it("applies restrictions to every request, not only at sign-in", async () => {
    await setRestrictions("viewer@acme.demo", { timeRange: null, ip: null });
    const token = await p.api.token("viewer@acme.demo");
    expect((await p.api.get("current/user", token)).status).toBe(200);
    // The same live token is refused as soon as the window no longer includes now (10:00 in Madrid).
    await setRestrictions("viewer@acme.demo", { timeRange: { from: "14:00", to: "18:00" }, ip: null });
    const refused = await p.api.get<ErrorBody>("current/user", token);
    expect(refused.status).toBe(403);
    expect(refused.body.description).toBe("restriction.timerange");
    await setRestrictions("viewer@acme.demo", { timeRange: null, ip: null });
  });

  it("applies the company's restrictions on top of the user's", async () => {
    const admin = await p.api.token("admin@globex.demo");
    const companyId = (await p.api.get<{ companyId: number }>("current/user", admin)).body.companyId;
    await p.ctx.db.query("update companies set restrictions = $2 where id = $1", [
      companyId,
      { timeRange: null, ip: "172.16.0.0/12" },
    ]);
    const r = await p.api.login("admin@globex.demo", undefined, { "x-forwarded-for": "8.8.8.8" });
    expect((r.body as unknown as ErrorBody).description).toBe("restriction.fromip");
    await p.ctx.db.query("update companies set restrictions = $2 where id = $1", [
      companyId,
      { timeRange: null, ip: null },
    ]);
  });
});

describe("password reset", () => {
  it("keeps mail in the outbox without SMTP, and the key works once", async () => {
    const r = await p.api.post("auth/password/reset", { email: "subadmin@acme.demo" });
    expect(r.status).toBe(204);
    const mails = await p.ctx.db.query<{ to_address: string; body_text: string }>(
      "select to_address, body_text from mail_outbox where to_address = 'subadmin@acme.demo' order by id desc limit 1",
    );
    const key = /\/password\/set\/([\w-]+)/.exec(mails[0]!.body_text)?.[1];
    expect(key).toBeTruthy();
    expect(mails[0]!.body_text).toContain(`${new URL(p.url).host}/password/set/`);

    const weak = await p.api.post<ErrorBody>("auth/password/set", { key, password: "weakpass" });
    expect(weak.status).toBe(400);
    expect((await p.api.post("auth/password/set", { key, password: "Brand-New7" })).status).toBe(204);
    expect((await p.api.login("subadmin@acme.demo", "Brand-New7")).status).toBe(200);
    const again = await p.api.post<ErrorBody>("auth/password/set", { key, password: "Brand-New8" });
    expect(again.status).toBe(400);
    expect(again.body.description).toBe("invalid.key");
  });

  it("refuses an expired key", async () => {
    await p.api.post("auth/password/reset", { email: "admin@acme.demo" });
    const mails = await p.ctx.db.query<{ body_text: string }>(
      "select body_text from mail_outbox where to_address = 'admin@acme.demo' order by id desc limit 1",
    );
    const key = /\/password\/set\/([\w-]+)/.exec(mails[0]!.body_text)?.[1];
    p.clock.advance(25 * 3_600_000);
    expect((await p.api.post("auth/password/set", { key, password: "Brand-New7" })).status).toBe(400);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const before = await p.ctx.db.query<{ n: number }>("select count(*)::int as n from mail_outbox");
    expect((await p.api.post("auth/password/reset", { email: "ghost@nowhere.demo" })).status).toBe(204);
    const after = await p.ctx.db.query<{ n: number }>("select count(*)::int as n from mail_outbox");
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe("password reset over real SMTP", () => {
  it("delivers the link to an SMTP server and marks the outbox row sent", async () => {
    const smtp = await startMailCapture();
    const received = smtp.mails;
    const mailed = await startTestPlatform({ SMTP_URL: smtp.url });
    try {
      expect((await mailed.api.post("auth/password/reset", { email: "viewer@acme.demo" })).status).toBe(204);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain("/password/set/");
      expect(received[0]).toContain("viewer@acme.demo");
      const rows = await mailed.ctx.db.query<{ sent_ts: number | null }>("select sent_ts from mail_outbox");
      expect(rows.every((r) => r.sent_ts !== null)).toBe(true);
    } finally {
      await mailed.close();
      await smtp.close();
    }
  });
});
