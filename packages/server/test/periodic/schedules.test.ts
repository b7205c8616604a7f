import type { PeriodicRow, PeriodicRun } from "@vigia/domain";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PeriodicScheduler } from "../../src/periodic/index.ts";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Periodic reports: schedules by role, runs by the ManualClock once per period even with two
 * schedulers (two nodes) ticking together, mail with the file attached through a real SMTP listener, and a
 * failed run retried with back-off and reported on the schedule's row.
 */
let p: TestPlatform;
let smtp: SMTPServer;
const mails: string[] = [];
let refuse = false;
let acme = 0;
let admin = "";
let vehicleId = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, done) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString("utf8");
      });
      stream.on("end", () => {
        if (refuse) return done(Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }));
        mails.push(data);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  p = await startTestPlatform({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true` });
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  vehicleId = (
    await p.ctx.db.query<{ id: number }>(
      "select id from vehicles where company_id = $1 order by id limit 1",
      [acme],
    )
  )[0]!.id;
  admin = await p.api.token("admin@acme.demo");
});
afterAll(async () => {
  await p?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const path = (rest = "") => `companies/id/${acme}/periodic${rest}`;
const schedule = (change: Record<string, unknown> = {}) => ({
  name: "Daily distance",
  reportType: "summaryDaily",
  selection: { vehicleIds: [vehicleId] },
  frequency: "daily",
  weekDay: 1,
  monthDay: 1,
  hour: 7,
  timezone: "Europe/Madrid",
  recipients: ["fleet@acme.test", "boss@acme.test"],
  format: "csv",
  ...change,
});

describe("periodic schedules: who and what", () => {
  it("is for administrators only, reading included", async () => {
    for (const email of ["subadmin@acme.demo", "operator@acme.demo", "viewer@acme.demo"]) {
      const token = await p.api.token(email);
      expect((await p.api.get(path(), token)).status, email).toBe(403);
      expect((await p.api.post(path(), schedule(), token)).status, email).toBe(403);
    }
  });

  it("refuses a day of month over 28, a bad e-mail and an unknown zone, per field", async () => {
    const r = await p.api.post<ErrorBody>(
      path(),
      schedule({ monthDay: 29, recipients: ["x"], timezone: "Mars/Base" }),
      admin,
    );
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields ?? {})).toEqual(
      expect.arrayContaining(["monthDay", "recipients.0", "timezone"]),
    );
  });

  it("keeps schedules per company: another company's admin sees none of them", async () => {
    const created = await p.api.post<PeriodicRow>(path(), schedule({ name: "Private" }), admin);
    expect(created.status).toBe(200);
    const globex = await p.api.token("admin@globex.demo");
    expect((await p.api.get(path(), globex)).status).toBe(404);
    expect((await p.api.request("DELETE", path(`/id/${created.body.id}`), { token: admin })).status).toBe(
      200,
    );
  });
});

describe("periodic runs", () => {
  it("runs once per period with two nodes ticking, mailing the file to every recipient", async () => {
    const created = await p.api.post<PeriodicRow>(path(), schedule(), admin);
    expect(created.status).toBe(200);
    // TEST_START is 10:00 in Madrid: the next 07:00 there is tomorrow, 06:00 UTC.
    expect(created.body.nextRunTs).toBe(Date.UTC(2026, 0, 16, 6));
    const other = new PeriodicScheduler(p.ctx, {
      mailer: p.services.mailer,
      egress: p.services.egress,
      render: async () => ({ filename: "x.csv", contentType: "text/csv", content: Buffer.from("x") }),
    });
    await Promise.all([p.services.periodic.tick(), other.tick()]);
    expect(mails).toHaveLength(0);

    p.clock.set(Date.UTC(2026, 0, 16, 6, 0, 5));
    await Promise.all([p.services.periodic.tick(), other.tick(), p.services.periodic.tick()]);
    expect(mails).toHaveLength(2);
    // Whichever node took the lease ran it, once: both recipients got that node's file.
    const files = mails.map((m) => /Content-Disposition: attachment;\s+filename=(\S+)/.exec(m)?.[1]);
    expect(["report_Daily_distance_2026-01-16.csv", "x.csv"]).toContain(files[0]);
    expect(files[1]).toBe(files[0]);
    admin = await p.api.token("admin@acme.demo");
    const runs = await p.api.get<PeriodicRun[]>(path(`/id/${created.body.id}/runs`), admin);
    expect(runs.body).toHaveLength(1);
    expect(runs.body[0]).toMatchObject({
      status: "sent",
      attempts: 1,
      fromTs: Date.UTC(2026, 0, 14, 23),
      toTs: Date.UTC(2026, 0, 15, 23),
    });
    const row = (await p.api.get<PeriodicRow[]>(path(), admin)).body.find((s) => s.id === created.body.id);
    expect(row).toMatchObject({ lastStatus: "sent", lastError: null, nextRunTs: Date.UTC(2026, 0, 17, 6) });
    await p.api.request("DELETE", path(`/id/${created.body.id}`), { token: admin });
  });

  it("retries a failed run with back-off and shows the failure on the schedule's row", async () => {
    mails.length = 0;
    const start = Date.UTC(2026, 0, 16, 12);
    p.clock.set(start);
    admin = await p.api.token("admin@acme.demo");
    const created = await p.api.post<PeriodicRow>(
      path(),
      schedule({ name: "Weekly", frequency: "weekly", weekDay: 0, recipients: ["fleet@acme.test"] }),
      admin,
    );
    // Sunday 2026-01-18 07:00 Madrid.
    expect(created.body.nextRunTs).toBe(Date.UTC(2026, 0, 18, 6));
    p.clock.set(Date.UTC(2026, 0, 18, 6));
    refuse = true;
    await p.services.periodic.tick();
    admin = await p.api.token("admin@acme.demo");
    const failed = (await p.api.get<PeriodicRow[]>(path(), admin)).body.find((s) => s.id === created.body.id);
    expect(failed?.lastStatus).toBe("failed");
    expect(failed?.lastError).toMatch(/fleet@acme\.test.*mailbox unavailable/);
    let runs = (await p.api.get<PeriodicRun[]>(path(`/id/${created.body.id}/runs`), admin)).body;
    expect(runs[0]).toMatchObject({
      status: "failed",
      attempts: 1,
      nextAttemptTs: Date.UTC(2026, 0, 18, 6, 1),
    });
    // The outbox does not send it behind the run's back.
    refuse = false;
    await p.services.mailer.flush();
    expect(mails).toHaveLength(0);

    p.clock.advance(30_000);
    await p.services.periodic.tick();
    expect(mails).toHaveLength(0);
    p.clock.advance(30_000);
    await p.services.periodic.tick();
    expect(mails).toHaveLength(1);
    runs = (await p.api.get<PeriodicRun[]>(path(`/id/${created.body.id}/runs`), admin)).body;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "sent", attempts: 2, error: null, nextAttemptTs: null });
    // The weekly report covers the last full week, Monday to Monday (Madrid).
    expect(runs[0]).toMatchObject({ fromTs: Date.UTC(2026, 0, 4, 23), toTs: Date.UTC(2026, 0, 11, 23) });
    // The real renderer names the file report_{name}_{date}.
    expect(mails[0]).toMatch(/Content-Disposition: attachment;\s+filename=report_Weekly_2026-01-18\.csv/);
    await p.api.request("DELETE", path(`/id/${created.body.id}`), { token: admin });
  });

  it("posts to the delivery URL only through the egress guard (a private address is refused)", async () => {
    mails.length = 0;
    p.clock.set(Date.UTC(2026, 0, 20, 12));
    admin = await p.api.token("admin@acme.demo");
    const created = await p.api.post<PeriodicRow>(
      path(),
      schedule({ name: "Posted", deliveryUrl: "http://127.0.0.1:9/hook", recipients: ["fleet@acme.test"] }),
      admin,
    );
    p.clock.set(created.body.nextRunTs ?? 0);
    await p.services.periodic.tick();
    admin = await p.api.token("admin@acme.demo");
    const row = (await p.api.get<PeriodicRow[]>(path(), admin)).body.find((s) => s.id === created.body.id);
    expect(row).toMatchObject({ lastStatus: "failed", lastError: "egress.refused" });
    await p.api.request("DELETE", path(`/id/${created.body.id}`), { token: admin });
  });

  it("mails each recipient in their language: the user's, else the company's, with the report in it", async () => {
    p.clock.set(Date.UTC(2026, 0, 22, 12));
    admin = await p.api.token("admin@acme.demo");
    // The viewer reads French; an address of no user gets the company's language, Portuguese for a company in
    // Portugal; the admin keeps the demo's Spanish.
    await p.ctx.db.query("update users set language = 'fr' where email = 'viewer@acme.demo'");
    await p.ctx.db.query("update companies set country_id = 'PT' where id = $1", [acme]);
    const recipients = ["Admin@acme.demo", "viewer@acme.demo", "outside@example.test"];
    const created = await p.api.post<PeriodicRow>(path(), schedule({ name: "Flota", recipients }), admin);
    expect(created.status).toBe(200);
    const before = await p.ctx.db.query<{ id: number }>(
      "select coalesce(max(id), 0)::int as id from mail_outbox",
    );
    p.clock.set(created.body.nextRunTs ?? 0);
    await p.services.periodic.tick();
    await p.ctx.db.query("update users set language = 'es' where email = 'viewer@acme.demo'");
    await p.ctx.db.query("update companies set country_id = 'ES' where id = $1", [acme]);
    const sent = await p.ctx.db.query<{ to_address: string; subject: string; body_text: string }>(
      "select to_address, subject, body_text from mail_outbox where id > $1 order by id",
      [before[0]!.id],
    );
    // Each subject and signature names the company's brand (its reseller's, here the demo's Iberia Tracking).
    const brand = await p.ctx.links.brandNameForCompany(acme);
    expect(brand).toBe("Iberia Tracking");
    expect(sent.map((m) => [m.to_address, m.subject])).toEqual([
      ["Admin@acme.demo", `${brand}: Informe periódico: Flota`],
      ["viewer@acme.demo", `${brand}: Rapport périodique : Flota`],
      ["outside@example.test", `${brand}: Relatório periódico: Flota`],
    ]);
    for (const m of sent) expect(m.body_text).toContain(`— ${brand}`);
    expect(sent[0]!.body_text).toContain("Se adjunta el informe en CSV.");
    expect(sent[1]!.body_text).toContain("Le rapport est joint au format CSV.");
    expect(sent[2]!.body_text).toContain("O relatório segue em anexo em CSV.");
    // The attached report is rendered in each mail's language: its header row differs, Spanish for the admin.
    const headers = mails.slice(-3).map((m) => {
      const base64 = /Content-Transfer-Encoding: base64\r?\n(?:.+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
        m,
      )?.[1];
      return Buffer.from(base64 ?? "", "base64")
        .toString("utf8")
        .split(/\r?\n/)[0];
    });
    expect(headers[0]).toContain("Distancia (km)");
    expect(new Set(headers).size).toBe(3);
    await p.api.request("DELETE", path(`/id/${created.body.id}`), { token: admin });
  });
});
