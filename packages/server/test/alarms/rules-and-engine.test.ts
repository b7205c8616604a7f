import { createServer, type IncomingMessage, type Server } from "node:http";
import {
  type AlarmLog,
  type AlarmRule,
  type AlarmRuleInput,
  alarmRuleErrors,
  emptyAlarmRule,
  type LiveServerMessage,
  liveServerMessageSchema,
} from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";
import { type MailCapture, startMailCapture } from "../support/smtp.ts";

/** A local HTTP endpoint standing in for the SMS gateway and the alarm-receiving centre. */
async function httpSink(): Promise<{
  server: Server;
  url: string;
  bodies: unknown[];
  fail: { next: number };
}> {
  const bodies: unknown[] = [];
  const fail = { next: 0 };
  const server = createServer((req: IncomingMessage, res) => {
    let data = "";
    req.on("data", (c: Buffer) => {
      data += c.toString();
    });
    req.on("end", () => {
      if (fail.next > 0) {
        fail.next--;
        res.statusCode = 503;
        res.end();
        return;
      }
      bodies.push(JSON.parse(data));
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}/`, bodies, fail };
}

let p: TestPlatform;
let smtp: MailCapture;
let sms: Awaited<ReturnType<typeof httpSink>>;
let cra: Awaited<ReturnType<typeof httpSink>>;
let mails: string[] = [];
let acme: number;
let admin: string;
let vehicle: { id: number; imei: string; groupId: number };
/** Every live message published for Acme, as the hub would forward it. */
const published: LiveServerMessage[] = [];

beforeAll(async () => {
  smtp = await startMailCapture();
  mails = smtp.mails;
  sms = await httpSink();
  cra = await httpSink();
  process.env.SMS_GATEWAY_URL = sms.url;
  process.env.VIGIA_PUBLIC_URL = "https://vigia.test";
  // SMS gateway and CRA sinks listen on loopback: allowed by the operator setting, as on-premises targets are.
  p = await startTestPlatform({
    SMTP_URL: smtp.url,
    VIGIA_EGRESS_ALLOW_PRIVATE: "127.0.0.1/32",
  });
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  admin = await p.api.token("admin@acme.demo");
  const row = await p.ctx.db.query<{ id: number; device_id: string; group_id: number }>(
    `select v.id, d.device_id, v.group_id from vehicles v join devices d on d.item_id = v.id and d.item_type = 1
     join groups g on g.id = v.group_id where v.company_id = $1 and g.name = 'Toledo' order by v.id limit 1`,
    [acme],
  );
  vehicle = { id: row[0]!.id, imei: row[0]!.device_id, groupId: row[0]!.group_id };
  p.services.live.subscribe(acme, (envelopes) => {
    for (const envelope of envelopes) published.push(envelope.message);
  });
});
afterAll(async () => {
  await p?.close();
  await smtp.close();
  sms.server.close();
  cra.server.close();
});

const base = `companies/id/`;
const path = (rest: string) => `${base}${acme}/${rest}`;

function ruleFor(patch: (r: AlarmRuleInput) => void): AlarmRuleInput {
  const r = emptyAlarmRule();
  r.items.vehicleIds = [vehicle.id];
  r.info.name = "Toledo depot";
  r.info.priority = 3;
  patch(r);
  return r;
}

async function drive(fixes: Partial<DecodedPosition>[]): Promise<void> {
  const positions = fixes.map((f) => ({
    ts: p.clock.now(),
    lat: 39.86,
    lng: -4.02,
    alt: 500,
    spd: 30,
    course: 0,
    satt: 9,
    valid: true,
    src: 1 as const,
    attributes: { ignition: true },
    ...f,
  }));
  await p.services.processor.submit({
    protocol: "teltonika",
    imei: vehicle.imei,
    remote: "test",
    positions,
  });
  await p.services.processor.idle();
  await p.services.alarms.idle();
}

async function logs(token = admin): Promise<AlarmLog[]> {
  const r = await p.api.get<Record<string, AlarmLog>>(
    path(`alarmlogs?from_ts=${TEST_START - 86_400_000}&to_ts=${p.clock.now() + 86_400_000}`),
    token,
  );
  expect(r.status).toBe(200);
  return Object.values(r.body).sort((a, b) => a.id - b.id);
}

describe("alarm rules API", () => {
  it("lists inputs with family names per language and the priorities", async () => {
    const r = await p.api.get<{
      families: Record<string, { name: Record<string, string> }>;
      priorities: object;
    }>(path("alarms/inputs"), admin);
    expect(r.body.families["5"]!.name.es).toBe("Geozona");
    expect(Object.keys(r.body.families)).toEqual([
      ...["5", "6", "10", "11", "12", "13", "14", "15", "17", "19"],
      // The event families.
      ...["20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31"],
      // The virtual lock.
      "32",
      // Beacon-zone entry and exit.
      ...["33", "34"],
      // Itinerary deviations.
      "35",
    ]);
    expect(r.body.families["20"]!.name.en).toBe("Speeding");
    expect(Object.keys(r.body.priorities)).toEqual(["1", "2", "3"]);
  });

  it("answers 400 with exactly the domain's field errors", async () => {
    const bad = ruleFor((r) => {
      r.info.name = " ";
      r.info.family = 5;
      r.info.geozones = { geozoneIds: [], toIn: false, toOut: false };
      r.notification.extUsers = [{ email: "x@", smsPhone: "", language: "", timezone: "" }];
    });
    const r = await p.api.post<ErrorBody>(path("alarms"), bad, admin);
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual(alarmRuleErrors(bad));
  });

  it("creates, reads, updates (type and family fixed) and deletes; only admins write", async () => {
    const input = ruleFor((r) => {
      r.info.family = 13;
      r.info.value = 3_600_000;
    });
    const created = await p.api.post<AlarmRule>(path("alarms"), input, admin);
    expect(created.status).toBe(200);
    expect(created.body.info.value).toBe(3_600_000);
    const operator = await p.api.token("operator@acme.demo");
    expect((await p.api.post(path("alarms"), input, operator)).status).toBe(403);
    const list = await p.api.get<Record<string, AlarmRule>>(path("alarms"), admin);
    expect(list.body[created.body.id]?.info.name).toBe("Toledo depot");
    const changed = { ...input, info: { ...input.info, family: 14 } };
    const fixed = await p.api.put<ErrorBody>(path(`alarms/id/${created.body.id}`), changed, admin);
    expect(fixed.body.fields).toEqual({ "info.family": "readOnly" });
    const renamed = { ...input, info: { ...input.info, name: "Renamed" } };
    expect(
      (await p.api.put<AlarmRule>(path(`alarms/id/${created.body.id}`), renamed, admin)).body.info.name,
    ).toBe("Renamed");
    expect(
      (await p.api.request("DELETE", path(`alarms/id/${created.body.id}`), { token: admin })).status,
    ).toBe(200);
    expect((await p.api.get(path(`alarms/id/${created.body.id}`), admin)).status).toBe(404);
  });

  it("keeps other tenants out", async () => {
    const globex = await p.api.token("admin@globex.demo");
    expect((await p.api.get(path("alarms"), globex)).status).toBe(404);
    expect((await p.api.get(path("alarmlogs"), globex)).status).toBe(404);
  });
});

describe("engine through the platform, workflow and notifications", () => {
  let logId: number;

  it("a geozone entry raises one notice, delivered by mail, SMS and CRA, with the action applied", async () => {
    const zone = await p.ctx.db.query<{ id: number }>(
      `insert into geozones (company_id, name, color, type, lat, lng, radius, created_ts, updated_ts)
       values ($1, 'Toledo depot', '#ff0000', 'circle', 39.8628, -4.0273, 300, $2, $2) returning id`,
      [acme, p.clock.now()],
    );
    p.services.zones.invalidate(acme);
    const reseller = (
      await p.ctx.db.query<{ reseller_id: number }>("select reseller_id from companies where id = $1", [acme])
    )[0]!.reseller_id;
    const centre = await p.ctx.db.query<{ id: number }>(
      "insert into cras (reseller_id, name, url, created_ts) values ($1, 'Centre', $2, 0) returning id",
      [reseller, cra.url],
    );
    const adminId = (
      await p.ctx.db.query<{ id: number }>("select id from users where email = 'admin@acme.demo'")
    )[0]!.id;
    await p.ctx.db.query("update users set phone = '+34600000001' where id = $1", [adminId]);
    const rule = ruleFor((r) => {
      r.info.family = 5;
      r.info.geozones = { geozoneIds: [zone[0]!.id], toIn: true, toOut: false };
      r.notification = {
        ...r.notification,
        email: true,
        sms: true,
        pushFront: true,
        cra: true,
        craId: centre[0]!.id,
        userIds: [adminId],
        extUsers: [{ email: "ops@partner.test", smsPhone: "", language: "fr", timezone: "America/Montreal" }],
      };
      r.action = { customStateId: 2 };
    });
    expect((await p.api.post(path("alarms"), rule, admin)).status).toBe(200);
    sms.fail.next = 1; // the first SMS attempt fails and is retried on the tick

    await drive([{ lat: 39.868, lng: -4.0273 }]);
    p.clock.advance(30_000);
    await drive([{ lat: 39.8628, lng: -4.0273 }]);
    p.clock.advance(30_000);
    await drive([{ lat: 39.8629, lng: -4.0273 }]);
    p.clock.advance(30_000);
    await drive([{ lat: 39.8629, lng: -4.0272 }]);

    const found = await logs();
    expect(found).toHaveLength(1);
    const log = found[0]!;
    logId = log.id;
    expect(log.data.event).toBe("geozoneIn");
    expect(log.data.text).toBe("Toledo depot");
    expect(log.state.current.value).toBe(0);
    expect(log.info.notification.recipients).toEqual(["admin@acme.demo", "ops@partner.test"]);
    expect(p.services.live.state(1, vehicle.id)?.customStateId).toBe(2);

    // Mail in each recipient's language and zone, with a working unsubscribe link.
    expect(mails).toHaveLength(2);
    const french = mails.find((m) => m.includes("ops@partner.test"))!;
    expect(french).toContain("Entr=C3=A9e dans la g=C3=A9ozone");
    expect(french).toContain("America/Montreal");
    // The place in words, in the recipient's language, before its coordinates.
    expect(french.replace(/=\r?\n/g, "")).toMatch(/Toledo, Espagne \(39\.86\d+,-4\.027\d+\)/);
    const key = /notifications\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(french.replace(/=\r?\n/g, ""))?.[1];
    expect((await p.api.get<{ email: string }>(`notifications/unsubscribe/${key}`)).body.email).toBe(
      "ops@partner.test",
    );
    expect(cra.bodies).toHaveLength(1);
    expect(sms.bodies).toHaveLength(0);

    p.clock.advance(60_000);
    await p.services.alarms.tick();
    expect(sms.bodies).toEqual([{ to: "+34600000001", text: expect.stringContaining("Toledo depot") }]);
    const delivery = (await logs())[0]!.delivery;
    expect(delivery.map((d) => [d.channel, d.status]).sort()).toEqual(
      [
        ["cra", "sent"],
        ["email", "sent"],
        ["email", "sent"],
        ["pushFront", "sent"],
        ["sms", "sent"],
      ].sort(),
    );
    expect(delivery.find((d) => d.channel === "sms")?.attempts).toBe(2);
  });

  it("staying inside does not raise it again", async () => {
    p.clock.advance(60_000);
    await drive([{ lat: 39.8628, lng: -4.0273 }]);
    expect(await logs()).toHaveLength(1);
  });

  it("scopes notices: the Toledo operator sees it, the Madrid sub-admin does not", async () => {
    expect(await logs(await p.api.token("operator@acme.demo"))).toHaveLength(1);
    expect(await logs(await p.api.token("subadmin@acme.demo"))).toHaveLength(0);
  });

  it("keeps every state change in the history, newest first; read-only users cannot change it", async () => {
    const viewer = await p.api.token("viewer@acme.demo");
    expect((await p.api.put(path(`alarmlogs/id/${logId}`), { value: 1, text: "" }, viewer)).status).toBe(403);
    const long = await p.api.put<ErrorBody>(
      path(`alarmlogs/id/${logId}`),
      { value: 1, text: "x".repeat(501) },
      admin,
    );
    expect(long.status).toBe(400);
    p.clock.advance(1000);
    await p.api.put(path(`alarmlogs/id/${logId}`), { value: 1, text: "  on our way  " }, admin);
    p.clock.advance(1000);
    const done = await p.api.put<AlarmLog>(path(`alarmlogs/id/${logId}`), { value: 2, text: "fixed" }, admin);
    expect(done.body.state.current).toMatchObject({ value: 2, by: "admin@acme.demo", text: "fixed" });
    expect(done.body.state.historic.map((h) => [h.value, h.text])).toEqual([
      [2, "fixed"],
      [1, "on our way"],
      [0, ""],
    ]);
  });

  it("updates in bulk with updated and noupdated, and marks as seen", async () => {
    const r = await p.api.post<{ updated: AlarmLog[]; noupdated: { alarmlogId: number; error: string }[] }>(
      path("alarmlogs/updatebulk"),
      { alarmLogIds: [logId, 999_999], value: 1, text: "again" },
      admin,
    );
    expect(r.body.updated.map((l) => l.id)).toEqual([logId]);
    expect(r.body.noupdated).toEqual([{ alarmlogId: 999_999, error: "not.found" }]);
    expect((await p.api.get<{ count: number }>(path("alarmlogs/unseen"), admin)).body.count).toBe(1);
    await p.api.post(path("alarmlogs/seenbulk"), { alarmLogIds: [logId] }, admin);
    expect((await p.api.get<{ count: number }>(path("alarmlogs/unseen"), admin)).body.count).toBe(0);
    expect((await logs())[0]!.seen).toBe(true);
  });

  it("publishes notices, state changes and custom states the browser worker accepts", async () => {
    const types = new Set(published.map((m) => m.type));
    expect([...types]).toEqual(expect.arrayContaining(["alarmlog", "alarmlogState", "vCustomState"]));
    // Through JSON, as the socket carries them.
    for (const m of published)
      expect(liveServerMessageSchema.safeParse(JSON.parse(JSON.stringify(m))).error).toBeUndefined();
  });

  it("lets the reseller read and update notices of its companies", async () => {
    const reseller = await p.api.token("reseller@vigia.demo");
    const rid = (
      await p.ctx.db.query<{ reseller_id: number }>("select reseller_id from companies where id = $1", [acme])
    )[0]!.reseller_id;
    const list = await p.api.get<Record<string, AlarmLog>>(`resellers/id/${rid}/alarmlogs`, reseller);
    expect(Object.keys(list.body)).toContain(String(logId));
    const put = await p.api.put<AlarmLog>(
      `resellers/id/${rid}/alarmlogs/id/${logId}`,
      { value: 2, text: "closed" },
      reseller,
    );
    expect(put.body.state.current.by).toBe("reseller@vigia.demo");
  });

  it("lets the reseller add an alarm-receiving centre that its companies can then choose", async () => {
    const reseller = await p.api.token("reseller@vigia.demo");
    const rid = (
      await p.ctx.db.query<{ reseller_id: number }>("select reseller_id from companies where id = $1", [acme])
    )[0]!.reseller_id;
    const created = await p.api.post<{ id: number; name: string; url: string }>(
      `resellers/id/${rid}/cras`,
      { name: "Night desk", url: "https://cra.example.test/in" },
      reseller,
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: "Night desk", url: "https://cra.example.test/in" });
    const listed = await p.api.get<Record<string, { name: string; resellerId: number }>>(
      `resellers/id/${rid}/cras`,
      reseller,
    );
    expect(listed.body[String(created.body.id)]).toMatchObject({ name: "Night desk", resellerId: rid });
    const offered = await p.api.get<Record<string, { name: string }>>(path("cras"), admin);
    expect(offered.body[String(created.body.id)]).toEqual({ id: created.body.id, name: "Night desk" });
    // A company of another reseller is not offered it.
    const globex = (
      await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Globex Security'")
    )[0]!.id;
    const theirs = await p.api.get<Record<string, unknown>>(
      `${base}${globex}/cras`,
      await p.api.token("admin@globex.demo"),
    );
    expect(theirs.status).toBe(200);
    expect(Object.keys(theirs.body)).not.toContain(String(created.body.id));
  });

  it("an offline rule fires from the scheduler tick once the time has passed, once", async () => {
    const rule = ruleFor((r) => {
      r.info.family = 12;
      r.info.value = 3_600_000;
      r.info.name = "Silent";
    });
    admin = await p.api.token("admin@acme.demo");
    expect((await p.api.post(path("alarms"), rule, admin)).status).toBe(200);
    const service = p.services.alarms;
    await service.tick();
    expect((await logs()).filter((l) => l.info.name === "Silent")).toHaveLength(0);
    p.clock.advance(3_600_000);
    await service.tick();
    await service.tick();
    admin = await p.api.token("admin@acme.demo");
    expect((await logs()).filter((l) => l.info.name === "Silent")).toHaveLength(1);
  });
});
