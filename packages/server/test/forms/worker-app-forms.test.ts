import {
  ENCODED_DEVICE_TYPE_ID,
  encodeDeviceId,
  type Form,
  type StoredFile,
  type Submission,
} from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * The worker app's forms: the phone, speaking as its device, reads the forms assigned to its person, stores photos
 * through the file service and submits; the submission is stored as a web one (same checks, same list) with the
 * person as its author, once however often it is resent.
 */
/** A 1×1 PNG. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5f7a8a10000000049454e44ae426082",
  "hex",
);

let p: TestPlatform;
let acme: number;
let globex: number;
let person: number;
let admin: string;
let form: Form;
let foreignForm: Form;
let otherPersonForm: Form;

const DEVICE = "phone-forms-1";
const KEY = "forms-key-0123456789";
const basic = (id: string, key: string) => ({
  authorization: `Basic ${Buffer.from(`${id}:${key}`).toString("base64")}`,
});
const OTHER_DEVICE = "phone-forms-2";
const me = basic(DEVICE, KEY);
const wrong = basic(DEVICE, "wrong-key-0123456789");

async function deviceUpload(
  body: Buffer,
  headers: Record<string, string>,
  query = "name=photo.png&kind=photo",
) {
  const response = await fetch(`${p.url}/fr/v1/device/files?${query}`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/octet-stream" },
    body: new Uint8Array(body),
  });
  return { status: response.status, body: (await response.json()) as StoredFile & ErrorBody };
}

const FIELDS = [
  { key: "note", type: "text", label: "Note", required: true },
  { key: "count", type: "number", label: "Count", min: 0 },
  { key: "photo", type: "attachment", label: "Photo" },
];

async function createForm(companyId: number, token: string, name: string, items: Form["items"]) {
  const r = await p.api.post<Form>(`companies/id/${companyId}/forms`, { name, fields: FIELDS, items }, token);
  expect(r.status).toBe(200);
  return r.body;
}

beforeAll(async () => {
  p = await startTestPlatform();
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  globex = companies.find((c) => c.name === "Globex Security")!.id;
  const persons = await p.ctx.db.query<{ id: number }>(
    `insert into persons (company_id, group_id, name, created_ts, updated_ts)
     select company_id, group_id, 'Forms tester', 0, 0 from persons where company_id = $1
     order by id limit 1 returning id`,
    [acme],
  );
  person = persons[0]!.id;
  const other = await p.ctx.db.query<{ id: number }>(
    "select id from persons where company_id = $1 and id <> $2 order by id limit 1",
    [acme, person],
  );
  await p.ctx.db.query(
    `insert into devices (device_id, type_id, company_id, reseller_id, device_key, item_type, item_id,
       created_ts, updated_ts)
     select $1, t.id, c.id, c.reseller_id, $3, 3, $4, 0, 0 from device_types t, companies c
     where t.proto = 'app' and c.id = $2`,
    [encodeDeviceId(ENCODED_DEVICE_TYPE_ID, DEVICE), acme, KEY, person],
  );
  await p.ctx.db.query(
    `insert into devices (device_id, type_id, company_id, reseller_id, device_key, item_type, item_id,
       created_ts, updated_ts)
     select $1, t.id, c.id, c.reseller_id, $3, 3, $4, 0, 0 from device_types t, companies c
     where t.proto = 'app' and c.id = $2`,
    [encodeDeviceId(ENCODED_DEVICE_TYPE_ID, OTHER_DEVICE), acme, KEY, other[0]!.id],
  );
  admin = await p.api.token("admin@acme.demo");
  const globexAdmin = await p.api.token("admin@globex.demo");
  form = await createForm(acme, admin, "Site visit", [{ itemType: "person", itemId: person }]);
  otherPersonForm = await createForm(acme, admin, "Someone else's", [
    { itemType: "person", itemId: other[0]!.id },
  ]);
  foreignForm = await createForm(globex, globexAdmin, "Globex visit", []);
});
afterAll(async () => {
  await p?.close();
});

describe("worker app forms", () => {
  it("refuses a wrong key on every route", async () => {
    expect((await p.api.get("device/forms", undefined, wrong)).status).toBe(401);
    const submit = await p.api.post(
      `device/forms/id/${form.id}/submissions`,
      { clientId: "client-wrong-key", ts: 1, values: { note: "x" } },
      undefined,
      wrong,
    );
    expect(submit.status).toBe(401);
    expect((await deviceUpload(PNG, wrong)).status).toBe(401);
  });

  it("lists only the active forms assigned to the device's person", async () => {
    const r = await p.api.get<Form[]>("device/forms", undefined, me);
    expect(r.status).toBe(200);
    expect(r.body.map((f) => f.name)).toContain("Site visit");
    expect(r.body.map((f) => f.id)).not.toContain(otherPersonForm.id);
    expect(r.body.map((f) => f.id)).not.toContain(foreignForm.id);
  });

  it("answers another company's form and a form not assigned to the person as not found", async () => {
    for (const id of [foreignForm.id, otherPersonForm.id]) {
      const r = await p.api.post(
        `device/forms/id/${id}/submissions`,
        { clientId: `client-foreign-${id}`, ts: 1, values: { note: "x" } },
        undefined,
        me,
      );
      expect(r.status).toBe(404);
    }
  });

  it("checks the values with the web's rules and names the wrong field", async () => {
    const r = await p.api.post<ErrorBody>(
      `device/forms/id/${form.id}/submissions`,
      { clientId: "client-bad-values", ts: 1, values: { note: "", count: -2 } },
      undefined,
      me,
    );
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ "values.note": "required", "values.count": "value_belowMin" });
  });

  it("stores photos through the file service with its checks", async () => {
    expect((await deviceUpload(Buffer.from("not an image at all"), me)).status).toBe(415);
    expect((await deviceUpload(Buffer.alloc(0), me)).status).toBe(400);
    const saved = await deviceUpload(PNG, me, "name=..%2Fevidence.png&kind=photo");
    expect(saved.status).toBe(200);
    expect(saved.body.mime).toBe("image/png");
    expect(saved.body.name).not.toContain("/");
  });

  it("stores a submission once however often it is resent, visible in the company's submissions", async () => {
    const photo = await deviceUpload(PNG, me);
    const filled = p.clock.now() - 3_600_000;
    const body = {
      clientId: "client-visit-0001",
      ts: filled,
      lat: 40.41,
      lng: -3.7,
      accuracy: 8,
      values: {
        note: "Door 3 sticks",
        count: 4,
        photo: { id: photo.body.id, name: "x", size: 1, type: "x" },
      },
    };
    const first = await p.api.post<Submission>(`device/forms/id/${form.id}/submissions`, body, undefined, me);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      author: "Forms tester",
      source: "mobile",
      ts: filled,
      itemId: person,
    });
    expect(first.body.values.photo).toEqual({
      id: photo.body.id,
      name: "photo.png",
      size: PNG.length,
      type: "image/png",
    });
    const again = await p.api.post<Submission>(`device/forms/id/${form.id}/submissions`, body, undefined, me);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    // Another person's phone sending the same id learns nothing of this submission.
    const theirs = await p.api.post(
      `device/forms/id/${otherPersonForm.id}/submissions`,
      body,
      undefined,
      basic(OTHER_DEVICE, KEY),
    );
    expect(theirs.status).toBe(404);

    const listed = await p.api.get<Submission[]>(
      `companies/id/${acme}/forms/id/${form.id}/submissions`,
      admin,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.filter((s) => s.author === "Forms tester")).toEqual([
      expect.objectContaining({ id: first.body.id, lat: 40.41, lng: -3.7, values: first.body.values }),
    ]);
  });

  it("refuses a photo of another company in a submission", async () => {
    const globexAdmin = await p.api.token("admin@globex.demo");
    const response = await fetch(`${p.url}/fr/v1/companies/id/${globex}/files?name=g.png&kind=photo`, {
      method: "POST",
      headers: { authorization: `Bearer ${globexAdmin}`, "content-type": "application/octet-stream" },
      body: new Uint8Array(PNG),
    });
    const foreignFile = (await response.json()) as StoredFile;
    const r = await p.api.post<ErrorBody>(
      `device/forms/id/${form.id}/submissions`,
      {
        clientId: "client-foreign-file",
        ts: 1,
        values: { note: "x", photo: { id: foreignFile.id, name: "g.png", size: 1, type: "image/png" } },
      },
      undefined,
      me,
    );
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ "values.photo": "unknown" });
  });
});
