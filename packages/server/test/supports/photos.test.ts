import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** A support contact's photo (≤ 2 MB) through the file storage, shown in the companies' help menu. */

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5f7a8a10000000049454e44ae426082",
  "hex",
);

let p: TestPlatform;
let iberia = 0;
let atlas = 0;
let acme = 0;
let reseller = "";
let contactId = 0;
beforeAll(async () => {
  p = await startTestPlatform();
  const id = async (sql: string) => (await p.ctx.db.query<{ id: number }>(sql))[0]!.id;
  iberia = await id("select id from resellers where name = 'Iberia Tracking'");
  atlas = await id("select id from resellers where name = 'Atlas Telematics'");
  acme = await id("select id from companies where name = 'Acme Logistics'");
  reseller = await p.api.token("reseller@vigia.demo");
  const created = await p.api.post<{ id: number }>(
    `resellers/id/${iberia}/supports`,
    { name: "Photo desk", companyIds: [acme] },
    reseller,
  );
  contactId = created.body.id;
});
afterAll(async () => {
  await p?.close();
});

async function upload(resellerId: number, supportId: number, token: string, body: Buffer) {
  const response = await fetch(
    `${p.url}/fr/v1/resellers/id/${resellerId}/supports/id/${supportId}/photo?name=me.png`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
      body: new Uint8Array(body),
    },
  );
  return { status: response.status, body: (await response.json()) as { photoUrl?: string } & ErrorBody };
}

const storedFiles = async () =>
  (await p.ctx.db.query<{ id: number }>("select id from stored_files where reseller_id = $1", [iberia])).map(
    (r) => r.id,
  );

describe("support contact photos", () => {
  it("stores the photo as the reseller's file; the company's help menu shows its link, which serves it", async () => {
    const saved = await upload(iberia, contactId, reseller, PNG);
    expect(saved.status).toBe(200);
    expect(saved.body.photoUrl).toMatch(/^\/fr\/v1\/support-photos\/\d+\/[0-9a-f-]{36}$/);
    const admin = await p.api.token("admin@acme.demo");
    const info = await p.api.get<{ conf: { supports: { name: string; photoUrl: string }[] } }>(
      `companies/id/${acme}/info`,
      admin,
    );
    expect(info.body.conf.supports.find((s) => s.name === "Photo desk")?.photoUrl).toBe(saved.body.photoUrl);
    // An <img> sends no token: the link itself opens it, as an image that cannot run as a page.
    const image = await fetch(`${p.url}${saved.body.photoUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    // A guessed token opens nothing.
    const guessed = saved.body.photoUrl!.replace(/[0-9a-f-]{36}$/, "00000000-0000-0000-0000-000000000000");
    expect((await fetch(`${p.url}${guessed}`)).status).toBe(404);
  });

  it("a new photo replaces the old one, whose link stops working; removing it leaves no file", async () => {
    const first = (
      await p.api.get<{ id: number; photoUrl: string }[]>(`resellers/id/${iberia}/supports/admin`, reseller)
    ).body.find((c) => c.id === contactId)!.photoUrl;
    const second = await upload(iberia, contactId, reseller, PNG);
    expect(second.body.photoUrl).not.toBe(first);
    expect((await fetch(`${p.url}${first}`)).status).toBe(404);
    expect(await storedFiles()).toHaveLength(1);
    const removed = await p.api.request<{ photoUrl: string }>(
      "DELETE",
      `resellers/id/${iberia}/supports/id/${contactId}/photo`,
      { token: reseller },
    );
    expect(removed.body.photoUrl).toBe("");
    expect(await storedFiles()).toEqual([]);
    expect((await fetch(`${p.url}${second.body.photoUrl}`)).status).toBe(404);
  });

  it("refuses what is not an image, more than 2 MB, another reseller's contact and company users", async () => {
    const text = await upload(iberia, contactId, reseller, Buffer.from("not an image at all"));
    expect(text.status).toBe(415);
    const big = await upload(
      iberia,
      contactId,
      reseller,
      Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
    );
    expect(big.status).toBe(413);
    expect((await upload(atlas, contactId, reseller, PNG)).status).toBe(404);
    expect((await upload(iberia, 9999, reseller, PNG)).status).toBe(404);
    const admin = await p.api.token("admin@acme.demo");
    expect((await upload(iberia, contactId, admin, PNG)).status).toBe(403);
    expect(await storedFiles()).toEqual([]);
  });
});
