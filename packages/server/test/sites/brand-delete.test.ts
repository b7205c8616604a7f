import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG_1X1 as PNG } from "../support/images.ts";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** Deleting a brand: who may, what goes with it, and the platform's own brand that stays. */

interface Brand {
  id: number;
  assigned: boolean;
  logoUrl: string;
}

let p: TestPlatform;
let iberia = 0;
let norte = 0;
let atlas = 0;
let root = 0;
let iberiaBrand = 0;
let reseller = "";

const id = async (sql: string) => (await p.ctx.db.query<{ id: number }>(sql))[0]!.id;
const onHost = (host: string) => ({ "x-forwarded-host": host });
const remove = (resellerId: number, brandId: number, token: string) =>
  p.api.request<ErrorBody | null>("DELETE", `resellers/id/${resellerId}/brands/id/${brandId}`, { token });

/** A reseller staff account of `resellerId`, with the demo password. */
async function staff(email: string, resellerId: number): Promise<string> {
  await p.ctx.db.query(
    `insert into users (email, password_hash, role, reseller_id, first_name, last_name, created_ts, updated_ts)
     select $1, password_hash, 'RESELLER', $2, 'Brand', 'Staff', 0, 0 from users where email = 'reseller@vigia.demo'`,
    [email, resellerId],
  );
  return p.api.token(email);
}

beforeAll(async () => {
  p = await startTestPlatform();
  iberia = await id("select id from resellers where name = 'Iberia Tracking'");
  norte = await id("select id from resellers where name = 'Iberia Norte'");
  atlas = await id("select id from resellers where name = 'Atlas Telematics'");
  root = await id("select id from resellers where name = 'Vigia Platform'");
  iberiaBrand = await id("select site_id as id from site_hosts where host = 'iberia.localhost'");
  reseller = await p.api.token("reseller@vigia.demo");
});
afterAll(async () => {
  await p?.close();
});

describe("deleting a brand", () => {
  it("removes the brand, its hosts and its images", async () => {
    const created = await p.api.post<Brand>(
      `resellers/id/${iberia}/brands`,
      { name: "Iberia Old", hosts: ["old.iberia.test"] },
      reseller,
    );
    expect(created.status).toBe(200);
    const brandId = created.body.id;
    const logo = await fetch(`${p.url}/fr/v1/resellers/id/${iberia}/brands/id/${brandId}/images/logo`, {
      method: "POST",
      headers: { authorization: `Bearer ${reseller}`, "content-type": "application/octet-stream" },
      body: new Uint8Array(PNG),
    });
    const logoUrl = ((await logo.json()) as Brand).logoUrl;
    expect((await fetch(`${p.url}${logoUrl}`)).status).toBe(200);
    expect(
      (await p.api.get<{ sitename: string }>("site", undefined, onHost("old.iberia.test"))).body.sitename,
    ).toBe("Iberia Old");

    expect((await remove(iberia, brandId, reseller)).status).toBe(204);
    expect((await p.api.get(`resellers/id/${iberia}/brands/id/${brandId}`, reseller)).status).toBe(404);
    // The host is free again: it answers with the platform's own brand, and the logo's link stops working.
    const site = await p.api.get<{ id: number }>("site", undefined, onHost("old.iberia.test"));
    expect(site.body.id).toBe(1);
    expect((await fetch(`${p.url}${logoUrl}`)).status).toBe(404);
    expect((await remove(iberia, brandId, reseller)).status).toBe(404);
  });

  it("gives a sub-reseller's companies the parent's brand again when their own is deleted", async () => {
    const own = await p.api.post<Brand>(
      `resellers/id/${norte}/brands`,
      { name: "Norte GPS", hosts: ["norte.localhost"] },
      reseller,
    );
    expect(own.body.assigned).toBe(true);
    expect((await p.api.login("admin@initech.demo", undefined, onHost("iberia.localhost"))).status).toBe(403);
    expect((await remove(norte, own.body.id, reseller)).status).toBe(204);
    expect((await p.api.login("admin@initech.demo", undefined, onHost("iberia.localhost"))).status).toBe(200);
  });

  it("refuses brands outside the caller's tree with 404 and company users with 403", async () => {
    const atlasStaff = await staff("staff@atlas.test", atlas);
    expect((await remove(atlas, iberiaBrand, atlasStaff)).status).toBe(404);
    expect((await remove(iberia, iberiaBrand, atlasStaff)).status).toBe(404);
    // A sub-reseller manages its own subtree, not the brand of the reseller above it.
    const norteStaff = await staff("staff@norte.test", norte);
    expect((await remove(norte, iberiaBrand, norteStaff)).status).toBe(404);
    expect((await remove(iberia, iberiaBrand, norteStaff)).status).toBe(404);
    const admin = await p.api.token("admin@acme.demo");
    expect((await remove(iberia, iberiaBrand, admin)).status).toBe(403);
    expect((await p.api.get(`resellers/id/${iberia}/brands/id/${iberiaBrand}`, reseller)).status).toBe(200);
  });

  it("never deletes the platform's own brand", async () => {
    const superReseller = await p.api.token("super@vigia.demo");
    const refused = await remove(root, 1, superReseller);
    expect(refused.status).toBe(409);
    expect(refused.body?.description).toBe("brand.default");
    expect((await p.api.get(`resellers/id/${root}/brands/id/1`, superReseller)).status).toBe(200);
  });
});
