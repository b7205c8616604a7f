import { EVENT_FAMILY, emptyAlarmRule, type Revision } from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Maintenance revisions: a revision falls due by km as simulated positions drive the vehicle,
 * notifies on the alarm channel (a maintenance rule) and by mail, is marked done (scheduling the next one)
 * and unmarked; day plans fall due with the owner's sweep; roles and tenants are kept apart.
 */
let p: TestPlatform;
let acme: number;
let globex: number;
let admin: string;
let operator: string;
let viewer: string;
let subadmin: string;
let globexAdmin: string;
let vehicle: { id: number; imei: string };
let lat = 39.86;

/** Signs everyone in again (the days test moves the clock past the tokens' life). */
async function signIn(): Promise<void> {
  admin = await p.api.token("admin@acme.demo");
  operator = await p.api.token("operator@acme.demo");
  viewer = await p.api.token("viewer@acme.demo");
  subadmin = await p.api.token("subadmin@acme.demo");
  globexAdmin = await p.api.token("admin@globex.demo");
}

beforeAll(async () => {
  p = await startTestPlatform();
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  globex = companies.find((c) => c.name === "Globex Security")!.id;
  await signIn();
  const rows = await p.ctx.db.query<{ id: number; device_id: string }>(
    `select v.id, d.device_id from vehicles v join devices d on d.item_id = v.id and d.item_type = 1
     join groups g on g.id = v.group_id where v.company_id = $1 and g.name = 'Toledo' order by v.id limit 1`,
    [acme],
  );
  vehicle = { id: rows[0]!.id, imei: rows[0]!.device_id };
});
afterAll(async () => {
  await p?.close();
});

/** One position about 1 km north of the last, a minute later (60 km/h: no GPS jump). */
async function driveKm(steps: number): Promise<void> {
  for (let i = 0; i < steps; i++) {
    p.clock.advance(60_000);
    lat += 0.009;
    const position: DecodedPosition = {
      ts: p.clock.now(),
      lat,
      lng: -4.0273,
      alt: 500,
      spd: 60,
      course: 0,
      satt: 9,
      valid: true,
      src: 1,
      attributes: { ignition: true },
    };
    await p.services.processor.submit({
      protocol: "teltonika",
      imei: vehicle.imei,
      remote: "test",
      positions: [position],
    });
    await p.services.processor.idle();
    await p.services.alarms.idle();
  }
}

const base = (companyId = acme) => `companies/id/${companyId}/maintenances`;
const noticeCount = async () =>
  (
    await p.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from alarm_logs where item_id = $1 and data->>'event' = 'maintenanceDue'
       and data->'params'->>'revisionId' = $2`,
      [vehicle.id, String(revision.id)],
    )
  )[0]!.n;
const mailCount = async () =>
  (
    await p.ctx.db.query<{ n: number }>(
      // The acme administrators read Spanish: the mail is in their language (kernel/mail/language); its subject
      // starts with the company's brand, the demo reseller's.
      "select count(*)::int as n from mail_outbox where subject like 'Iberia Tracking: Mantenimiento próximo: Oil change%'",
    )
  )[0]!.n;

let revision: Revision;

describe("maintenance revisions", () => {
  it("falls due by km as the vehicle drives, and notifies each stage once", async () => {
    const rule = emptyAlarmRule();
    rule.items.vehicleIds = [vehicle.id];
    rule.info.name = "Revisions";
    rule.info.family = EVENT_FAMILY.maintenance;
    rule.info.value = 999_999;
    rule.info.priority = 2;
    const ruleSaved = await p.api.post(`companies/id/${acme}/alarms`, rule, admin);
    expect(ruleSaved.body).toMatchObject({ id: expect.any(Number) });

    await driveKm(1);
    const created = await p.api.post<Revision[]>(
      base(),
      { itemType: 1, itemId: vehicle.id, task: "Oil change", everyKm: 5, warnKm: 2 },
      operator,
    );
    expect(created.body).toMatchObject([{ task: "Oil change" }]);
    revision = created.body[0]!;
    expect(revision).toMatchObject({ state: 0, overdue: false, task: "Oil change" });
    expect(revision.dueKm).toBe((revision.baseKm ?? 0) + 5);

    await driveKm(1);
    const current = async () =>
      (await p.api.get<Revision[]>(`${base()}?itemId=${vehicle.id}`, admin)).body.find(
        (r) => r.id === revision.id,
      )!;
    expect((await current()).state).toBe(0);
    expect(await noticeCount()).toBe(0);

    await driveKm(3);
    const pending = await current();
    expect(pending).toMatchObject({ state: 1, overdue: false });
    expect(await noticeCount()).toBe(1);
    expect(await mailCount()).toBeGreaterThan(0);

    await driveKm(3);
    const overdue = await current();
    expect(overdue).toMatchObject({ state: 1, overdue: true });
    expect(await noticeCount()).toBe(2);
    // More positions do not notify the same stage again.
    await driveKm(1);
    expect(await noticeCount()).toBe(2);
    const counts = await p.api.get<{ overdue: number }>(`${base()}/counts`, admin);
    expect(counts.body.overdue).toBeGreaterThanOrEqual(1);
  });

  it("is marked done with a cost and attachments, schedules the next one, and can be unmarked", async () => {
    const cost = await p.api.post<{ id: number }>(
      `companies/id/${acme}/costs`,
      { name: "Oil", typeId: 1, quantity: 1, unitPrice: 80, tax: 21, currency: "EUR", date: "2026-01-15" },
      operator,
    );
    const foreignFile = await p.api.post<ErrorBody>(
      `${base()}/id/${revision.id}/done`,
      { date: "2026-01-15", fileIds: [999_999] },
      operator,
    );
    expect(foreignFile.body.description).toBe("file.unknown");
    const done = await p.api.post<{ revision: Revision; next: Revision }>(
      `${base()}/id/${revision.id}/done`,
      { date: "2026-01-15", workshop: "Talleres Gómez", costId: cost.body.id, scheduleNext: true },
      operator,
    );
    expect(done.status).toBe(200);
    expect(done.body.revision).toMatchObject({ state: 2, workshop: "Talleres Gómez", costId: cost.body.id });
    expect(done.body.next).toMatchObject({ state: 0, previousId: revision.id, task: "Oil change" });
    expect(done.body.next.dueKm).toBe((done.body.revision.doneKm ?? 0) + 5);
    expect((await p.api.post(`${base()}/id/${revision.id}/done`, { date: "2026-01-15" }, admin)).status).toBe(
      409,
    );

    const undone = await p.api.post<Revision>(`${base()}/id/${revision.id}/undone`, {}, admin);
    expect(undone.status).toBe(200);
    expect(undone.body.state).toBe(1);
    const left = await p.api.get<Revision[]>(`${base()}?itemId=${vehicle.id}`, admin);
    expect(left.body.some((r) => r.id === revision.id)).toBe(true);
    expect(left.body.some((r) => r.previousId === revision.id)).toBe(false);
  });

  it("falls due by days with the owner's sweep in the company's time zone", async () => {
    const created = await p.api.post<Revision[]>(
      base(),
      { itemType: 1, itemId: vehicle.id, task: "ITV", everyDays: 10, warnDays: 2 },
      admin,
    );
    const id = created.body[0]!.id;
    expect(created.body[0]!.dueDate).toBe("2026-01-25");
    p.clock.advance(7 * 86_400_000);
    await p.services.maintenance.sweep();
    await signIn();
    const state = async () => (await p.api.get<Revision[]>(base(), admin)).body.find((r) => r.id === id)!;
    expect((await state()).state).toBe(0);
    p.clock.advance(2 * 86_400_000);
    await p.services.maintenance.sweep();
    await signIn();
    expect(await state()).toMatchObject({ state: 1, overdue: false });
  });

  it("keeps roles, groups and tenants apart", async () => {
    const body = { itemType: 1, itemId: vehicle.id, task: "Tyres", everyKm: 40000 };
    expect((await p.api.post(base(), body, viewer)).status).toBe(403);
    // The sub-admin's groups (Madrid) do not hold the Toledo vehicle.
    expect((await p.api.post(base(), body, subadmin)).status).toBe(400);
    expect((await p.api.get<Revision[]>(base(), subadmin)).body.some((r) => r.itemId === vehicle.id)).toBe(
      false,
    );
    expect((await p.api.post(base(), { ...body, everyKm: null }, admin)).status).toBe(400);
    expect([403, 404]).toContain((await p.api.get(base(), globexAdmin)).status);
    expect((await p.api.get<Revision[]>(base(globex), globexAdmin)).body).toEqual([]);
    expect((await p.api.post(base(globex), body, globexAdmin)).status).toBe(400);
    const mine = (await p.api.get<Revision[]>(base(), admin)).body[0]!;
    expect(
      (await p.api.request("DELETE", `${base(globex)}/id/${mine.id}`, { token: globexAdmin })).status,
    ).toBe(404);
  });
  it("serves a done revision's attachments to users who see its item, and to nobody else", async () => {
    // A 1×1 PNG.
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
        "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5f7a8a10000000049454e44ae426082",
      "hex",
    );
    const upload = async (companyId: number, token: string) => {
      const response = await fetch(
        `${p.url}/fr/v1/companies/id/${companyId}/files?name=invoice.png&kind=document`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
          body: new Uint8Array(png),
        },
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as { id: number }).id;
    };
    const attached = await upload(acme, operator);
    const other = await upload(acme, operator);
    const created = await p.api.post<Revision[]>(
      base(),
      { itemType: 1, itemId: vehicle.id, task: "Brakes", everyKm: 30000 },
      operator,
    );
    const id = created.body[0]!.id;
    const done = await p.api.post<{ revision: Revision }>(
      `${base()}/id/${id}/done`,
      { date: "2026-01-20", fileIds: [attached], scheduleNext: false },
      operator,
    );
    expect(done.body.revision.files).toMatchObject([
      { id: attached, name: "invoice.png", mime: "image/png" },
    ]);

    const get = (companyId: number, fileId: number, token: string) =>
      fetch(`${p.url}/fr/v1/${base(companyId)}/id/${id}/files/id/${fileId}?download=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
    for (const token of [admin, operator, viewer]) {
      const response = await get(acme, attached, token);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toContain("attachment");
      expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
    }
    // Not this revision's file, another group's user, another tenant: not found either way.
    expect((await get(acme, other, admin)).status).toBe(404);
    expect((await get(acme, attached, subadmin)).status).toBe(404);
    expect([403, 404]).toContain((await get(acme, attached, globexAdmin)).status);
    expect((await get(globex, attached, globexAdmin)).status).toBe(404);
  });
});
