import type { Form, Submission, Ticket, TicketSummary } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** Tickets and custom forms over HTTP, in the roles the spec names. */
let p: TestPlatform;
let acme = 0;
let globex = 0;
let iberia = 0;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  p = await startTestPlatform();
  const company = async (name: string) =>
    (await p.ctx.db.query<{ id: number }>("select id from companies where name = $1", [name]))[0]!.id;
  acme = await company("Acme Logistics");
  globex = await company("Globex Security");
  iberia = (
    await p.ctx.db.query<{ id: number }>("select id from resellers where name = 'Iberia Tracking'")
  )[0]!.id;
  for (const email of [
    "admin@acme.demo",
    "operator@acme.demo",
    "viewer@acme.demo",
    "subadmin@acme.demo",
    "reseller@vigia.demo",
    "admin@globex.demo",
  ])
    tokens[email] = await p.api.token(email);
  for (const row of await p.ctx.db.query<{ id: number; email: string }>("select id, email from users"))
    ids[row.email] = row.id;
});
afterAll(async () => {
  await p?.close();
});

const base = () => `companies/id/${acme}/tickets`;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5f7a8a10000000049454e44ae426082",
  "hex",
);

async function uploadPng(companyId: number, token: string): Promise<number> {
  const response = await fetch(
    `${p.url}/fr/v1/companies/id/${companyId}/files?name=photo.png&kind=document`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
      body: new Uint8Array(PNG),
    },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

async function outbox(to: string): Promise<string[]> {
  const rows = await p.ctx.db.query<{ subject: string }>(
    "select subject from mail_outbox where to_address = $1 order by id",
    [to],
  );
  return rows.map((r) => r.subject);
}

describe("tickets", () => {
  let ticket: Ticket;

  it("lives: open, comment, assign, tasks, resolve, close, reopen, with every change in the history", async () => {
    const admin = tokens["admin@acme.demo"];
    const vehicle = (
      await p.ctx.db.query<{ id: number }>("select id from vehicles where company_id = $1 limit 1", [acme])
    )[0]!.id;
    const created = await p.api.post<Ticket>(
      base(),
      { type: "incident", title: "  Broken mirror ", priority: "high", linkKind: "vehicle", linkId: vehicle },
      admin,
    );
    expect(created.status).toBe(200);
    ticket = created.body;
    expect(ticket).toMatchObject({ title: "Broken mirror", state: "open", requesterName: "Alicia Moreno" });
    expect(ticket.linkName).toBeTruthy();

    const operator = ids["operator@acme.demo"]!;
    const assigned = await p.api.put<Ticket>(
      `${base()}/id/${ticket.id}`,
      { type: "incident", title: "Broken mirror", priority: "high", assigneeId: operator },
      admin,
    );
    expect(assigned.body.assigneeName).toBe("Olga Castro");
    expect(await outbox("operator@acme.demo")).toContain(`Ticket #${ticket.id}: Broken mirror`);
    // The operator reads Spanish: the mail is in the recipient's language.
    const body = await p.ctx.db.query<{ body: string }>(
      "select body_text as body from mail_outbox where to_address = 'operator@acme.demo' order by id desc limit 1",
    );
    expect(body[0]?.body).toContain("te ha sido asignado por admin@acme.demo");

    const photo = await uploadPng(acme, tokens["operator@acme.demo"]!);
    const commented = await p.api.post<Ticket>(
      `${base()}/id/${ticket.id}/comments`,
      { text: "On my way", attachments: [photo] },
      tokens["operator@acme.demo"],
    );
    expect(commented.body.comments.map((c) => c.text)).toEqual(["On my way"]);
    expect(commented.body.comments[0]!.attachments).toMatchObject([{ id: photo, mime: "image/png" }]);
    const foreignFile = await uploadPng(globex, tokens["admin@globex.demo"]!);
    const refused = await p.api.post<ErrorBody>(
      `${base()}/id/${ticket.id}/comments`,
      { text: "Not mine", attachments: [foreignFile] },
      admin,
    );
    expect(refused.status).toBe(400);
    expect((await outbox("admin@acme.demo")).length).toBeGreaterThan(0);

    const withTask = await p.api.post<Ticket>(
      `${base()}/id/${ticket.id}/tasks`,
      { text: "Order part" },
      admin,
    );
    const task = withTask.body.tasks[0]!;
    const ticked = await p.api.put<Ticket>(
      `${base()}/id/${ticket.id}/tasks/id/${task.id}`,
      { done: true },
      tokens["operator@acme.demo"],
    );
    expect(ticked.body.tasks[0]).toMatchObject({ done: true, doneBy: "operator@acme.demo" });
    expect(ticked.body.tasksDone).toBe(1);

    for (const state of ["inProgress", "resolved", "closed", "open"] as const) {
      const moved = await p.api.put<Ticket>(`${base()}/id/${ticket.id}/state`, { state, note: state }, admin);
      expect(moved.status).toBe(200);
      expect(moved.body.state).toBe(state);
      ticket = moved.body;
    }
    expect(ticket.history.filter((h) => h.kind === "state").map((h) => h.state)).toEqual([
      "open",
      "closed",
      "resolved",
      "inProgress",
      "open",
    ]);
    expect(ticket.history.some((h) => h.kind === "assign" && h.assignee === "Olga Castro")).toBe(true);
    const wrong = await p.api.put<ErrorBody>(`${base()}/id/${ticket.id}/state`, { state: "open" }, admin);
    expect(wrong.status).toBe(400);

    const count = await p.api.get<{ open: number }>(`${base()}/count`, admin);
    expect(count.body.open).toBeGreaterThan(0);
  });

  it("lets operators write tickets even read-only, and the read-only user nothing", async () => {
    const viewer = tokens["viewer@acme.demo"];
    const refused = await p.api.post<ErrorBody>(base(), { type: "incident", title: "x" }, viewer);
    expect(refused.status).toBe(403);
    expect(refused.body.description).toBe("read.only");
    await p.ctx.db.query("update users set role = 'OPERATOR' where email = 'viewer@acme.demo'");
    try {
      const ok = await p.api.post<Ticket>(
        base(),
        { type: "incident", title: "From a read-only operator" },
        viewer,
      );
      expect(ok.status).toBe(200);
      const form = await p.api.post<ErrorBody>(`companies/id/${acme}/forms`, {}, viewer);
      expect(form.status).toBe(403);
    } finally {
      await p.ctx.db.query("update users set role = 'USER' where email = 'viewer@acme.demo'");
    }
  });

  it("keeps other tenants out and shows service requests, not incidents, to the provider", async () => {
    const other = await p.api.get<ErrorBody>(`${base()}/id/${ticket.id}`, tokens["admin@globex.demo"]);
    expect(other.status).toBe(404);
    const request = await p.api.post<Ticket>(
      base(),
      { type: "serviceRequest", title: "Add two trackers" },
      tokens["operator@acme.demo"],
    );
    expect(request.status).toBe(200);
    const reseller = tokens["reseller@vigia.demo"];
    const list = await p.api.get<Record<string, TicketSummary>>(`resellers/id/${iberia}/tickets`, reseller);
    expect(list.status).toBe(200);
    expect(new Set(Object.values(list.body).map((t) => t.type))).toEqual(new Set(["serviceRequest"]));
    expect((await p.api.get(`resellers/id/${iberia}/tickets/id/${ticket.id}`, reseller)).status).toBe(404);
    const answer = await p.api.post<Ticket>(
      `resellers/id/${iberia}/tickets/id/${request.body.id}/comments`,
      { text: "Shipped today" },
      reseller,
    );
    expect(answer.body.comments[0]).toMatchObject({ fromProvider: true, text: "Shipped today" });
    const seen = await p.api.get<Ticket>(`${base()}/id/${request.body.id}`, tokens["operator@acme.demo"]);
    expect(seen.body.comments.map((c) => c.text)).toEqual(["Shipped today"]);
    const count = await p.api.get<{ serviceRequests: number }>(
      `resellers/id/${iberia}/tickets/count`,
      reseller,
    );
    expect(count.body.serviceRequests).toBeGreaterThan(0);
    expect((await p.api.get(`companies/id/${globex}/tickets`, tokens["admin@acme.demo"])).status).toBe(404);
  });

  it("opens a ticket from an alarm notice", async () => {
    const vehicle = (
      await p.ctx.db.query<{ id: number; group_id: number }>(
        "select id, group_id from vehicles where company_id = $1 limit 1",
        [acme],
      )
    )[0]!;
    const logs = await p.ctx.db.query<{ id: number }>(
      `insert into alarm_logs (company_id, item_type, item_id, group_id, item_name, ts, reception_ts, info, data, state)
       values ($1, 1, $2, $3, 'Van 1', 1, 1, $4, $5, $6) returning id`,
      [
        acme,
        vehicle.id,
        vehicle.group_id,
        { name: "Speeding", priority: 1, family: 1, description: "" },
        { event: "", text: "120 km/h", pos: null },
        { current: null, historic: [] },
      ],
    );
    const r = await p.api.post<Ticket>(
      `companies/id/${acme}/alarmlogs/id/${logs[0]!.id}/ticket`,
      {},
      tokens["admin@acme.demo"],
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      title: "Speeding: Van 1",
      alarmLogId: Number(logs[0]!.id),
      linkKind: "vehicle",
    });
  });
});

describe("forms", () => {
  const fields = [
    { key: "km", type: "number", label: "Odometer", required: true, min: 0, max: 2_000_000 },
    { key: "ok", type: "boolean", label: "Tyres fine" },
    { key: "fuel", type: "select", label: "Fuel", options: ["full", "half", "empty"] },
    { key: "photo", type: "attachment", label: "Photo" },
  ];

  it("refuses a range whose minimum is above its maximum, and non-admins", async () => {
    const bad = await p.api.post<ErrorBody>(
      `companies/id/${acme}/forms`,
      { name: "Bad", fields: [{ key: "a", type: "numberRange", label: "A", min: 5, max: 1 }] },
      tokens["admin@acme.demo"],
    );
    expect(bad.status).toBe(400);
    const sub = await p.api.post<ErrorBody>(
      `companies/id/${acme}/forms`,
      { name: "Mine", fields },
      tokens["subadmin@acme.demo"],
    );
    expect(sub.status).toBe(403);
  });

  it("is built, offered on an item, submitted with values checked, and versioned on change", async () => {
    const admin = tokens["admin@acme.demo"];
    const vehicle = (
      await p.ctx.db.query<{ id: number }>("select id from vehicles where company_id = $1 limit 1", [acme])
    )[0]!.id;
    const created = await p.api.post<Form>(
      `companies/id/${acme}/forms`,
      { name: "Daily check", fields, items: [{ itemType: "vehicle", itemId: vehicle }] },
      admin,
    );
    expect(created.status).toBe(200);
    const form = created.body;
    const photo = await uploadPng(acme, admin!);
    const offered = await p.api.get<Form[]>(`companies/id/${acme}/forms/item/vehicle/id/${vehicle}`, admin);
    expect(offered.body.map((f) => f.id)).toContain(form.id);

    const invalid = await p.api.post<ErrorBody>(
      `companies/id/${acme}/forms/id/${form.id}/submissions`,
      { itemType: "vehicle", itemId: vehicle, values: { km: -1, fuel: "none" } },
      admin,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toEqual({ "values.km": "value_belowMin", "values.fuel": "invalid" });

    const sent = await p.api.post<Submission>(
      `companies/id/${acme}/forms/id/${form.id}/submissions`,
      {
        itemType: "vehicle",
        itemId: vehicle,
        values: {
          km: 1200,
          ok: true,
          fuel: "half",
          photo: { id: photo, name: "claimed.exe", size: 1, type: "x" },
        },
        lat: 40.4,
        lng: -3.7,
      },
      admin,
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ version: 1, author: "Alicia Moreno", lat: 40.4 });
    // The store's name, size and type, not what the client claimed.
    expect(sent.body.values.photo).toEqual({
      id: photo,
      name: "photo.png",
      size: PNG.length,
      type: "image/png",
    });

    const changed = await p.api.put<Form>(
      `companies/id/${acme}/forms/id/${form.id}`,
      { name: "Daily check", fields: [...fields, { key: "note", type: "text", label: "Note" }] },
      admin,
    );
    expect(changed.body.version).toBe(2);
    const detail = await p.api.get<{ submission: Submission; fields: unknown[] }>(
      `companies/id/${acme}/forms/submissions/id/${sent.body.id}`,
      admin,
    );
    expect(detail.body.fields).toHaveLength(4);
    const list = await p.api.get<Submission[]>(`companies/id/${acme}/forms/id/${form.id}/submissions`, admin);
    expect(list.body.map((s) => s.id)).toEqual([sent.body.id]);
    expect(
      (await p.api.get(`companies/id/${acme}/forms/id/${form.id}/submissions`, tokens["admin@globex.demo"]))
        .status,
    ).toBe(404);
  });
});
