import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { PNG_1X1 as PNG } from "../support/images.ts";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** Brands as data a reseller manages: CRUD, who may, inheritance, images, sign-in per host, mail links, index.html. */

interface Brand {
  id: number;
  name: string;
  hosts: string[];
  resellerId: number | null;
  assigned: boolean;
  logoUrl: string;
  faviconUrl: string;
  primaryColor: string | null;
  origin: string;
  productName: string;
}

const INDEX = `<!doctype html><html><head><link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<title>Vigia</title></head><body><div id="root"></div></body></html>`;

let p: TestPlatform;
let web = "";
let iberia = 0;
let atlas = 0;
let root = 0;
let iberiaBrand = 0;
let reseller = "";
let superReseller = "";

const id = async (sql: string) => (await p.ctx.db.query<{ id: number }>(sql))[0]!.id;

beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), "vigia-web-"));
  writeFileSync(path.join(web, "index.html"), INDEX);
  p = await startTestPlatform({ VIGIA_WEB_DIST: web });
  iberia = await id("select id from resellers where name = 'Iberia Tracking'");
  atlas = await id("select id from resellers where name = 'Atlas Telematics'");
  root = await id("select id from resellers where name = 'Vigia Platform'");
  iberiaBrand = await id("select site_id as id from site_hosts where host = 'iberia.localhost'");
  reseller = await p.api.token("reseller@vigia.demo");
  superReseller = await p.api.token("super@vigia.demo");
});
afterAll(async () => {
  await p?.close();
  rmSync(web, { recursive: true, force: true });
});

const onHost = (host: string) => ({ "x-forwarded-host": host });

async function upload(brandId: number, image: "logo" | "favicon", body: Buffer, token = reseller) {
  const response = await fetch(
    `${p.url}/fr/v1/resellers/id/${iberia}/brands/id/${brandId}/images/${image}?name=${image}.bin`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
      body: new Uint8Array(body),
    },
  );
  return { status: response.status, body: (await response.json()) as Brand & ErrorBody };
}

describe("brands a reseller manages", () => {
  it("lists the reseller's own brand, which its companies carry", async () => {
    const list = await p.api.get<Brand[]>(`resellers/id/${iberia}/brands`, reseller);
    expect(list.status).toBe(200);
    expect(list.body.map((b) => b.name)).toEqual(["Iberia Tracking"]);
    expect(list.body[0]).toMatchObject({ resellerId: iberia, assigned: true, hosts: ["iberia.localhost"] });
    expect(list.body[0]!.logoUrl).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it("refuses company admins and resellers outside the tree; the super reseller sees every brand", async () => {
    const admin = await p.api.token("admin@acme.demo");
    expect((await p.api.get(`resellers/id/${iberia}/brands`, admin)).status).toBe(403);
    expect((await p.api.get(`resellers/id/${atlas}/brands`, reseller)).status).toBe(404);
    expect((await p.api.get(`resellers/id/${iberia}/brands/id/1`, reseller)).status).toBe(404);
    const all = await p.api.get<Brand[]>(`resellers/id/${root}/brands`, superReseller);
    expect(all.body.map((b) => b.id)).toEqual(expect.arrayContaining([1, iberiaBrand]));
    const edit = await p.api.put<Brand>(
      `resellers/id/${root}/brands/id/${iberiaBrand}`,
      { name: "Iberia Tracking", hosts: ["iberia.localhost"], primaryColor: "#C2410C" },
      superReseller,
    );
    expect(edit.status).toBe(200);
    expect(edit.body.primaryColor).toBe("#c2410c");
  });

  it("creates and edits a brand; validation names the field; a host of another brand is a 409 on hosts", async () => {
    const created = await p.api.post<Brand>(
      `resellers/id/${iberia}/brands`,
      { name: "Iberia Flotas", hosts: ["flotas.iberia.test"], origin: "https://flotas.iberia.test/" },
      reseller,
    );
    expect(created.status).toBe(200);
    // Iberia already has its own brand: a second one serves its hosts, its companies keep the first.
    expect(created.body).toMatchObject({
      resellerId: iberia,
      assigned: false,
      origin: "https://flotas.iberia.test",
    });
    const bad = await p.api.post<ErrorBody>(
      `resellers/id/${iberia}/brands`,
      { name: "X", hosts: ["not a host"], origin: "ftp://x" },
      reseller,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {})).toEqual(expect.arrayContaining(["hosts.0", "origin"]));
    const taken = await p.api.put<ErrorBody>(
      `resellers/id/${iberia}/brands/id/${created.body.id}`,
      { name: "Iberia Flotas", hosts: ["flotas.iberia.test", "iberia.localhost"] },
      reseller,
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      description: "brand.hostTaken",
      fields: { hosts: "brand.hostTaken" },
    });
    const platformHost = await p.api.post<ErrorBody>(
      `resellers/id/${iberia}/brands`,
      { name: "Steal", hosts: ["localhost"] },
      reseller,
    );
    expect(platformHost.status).toBe(409);
  });

  it("a sub-reseller's companies inherit the brand until it has its own", async () => {
    // Initech belongs to Iberia Norte, which has no brand: it signs in on Iberia's host.
    expect((await p.api.login("admin@initech.demo", undefined, onHost("iberia.localhost"))).status).toBe(200);
    const norte = await id("select id from resellers where name = 'Iberia Norte'");
    const own = await p.api.post<Brand>(
      `resellers/id/${norte}/brands`,
      { name: "Norte GPS", hosts: ["norte.localhost"], productName: "Norte Fleet" },
      reseller,
    );
    expect(own.body.assigned).toBe(true);
    expect((await p.api.login("admin@initech.demo", undefined, onHost("iberia.localhost"))).status).toBe(403);
    expect((await p.api.login("admin@initech.demo", undefined, onHost("norte.localhost"))).status).toBe(200);
    const norteSite = await p.api.get<{ sitename: string; productName: string }>(
      "site",
      undefined,
      onHost("norte.localhost"),
    );
    expect(norteSite.body).toMatchObject({ sitename: "Norte GPS", productName: "Norte Fleet" });
  });
});

describe("the brand's base map", () => {
  it("is one of the offered base maps, and the brand's host tells the web which", async () => {
    const path = `resellers/id/${iberia}/brands/id/${iberiaBrand}`;
    const body = { name: "Iberia Tracking", hosts: ["iberia.localhost"] };
    const unknown = await p.api.put<ErrorBody>(path, { ...body, mapProvider: "google-hybrid" }, reseller);
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ mapProvider: "invalidOption" });
    const chosen = await p.api.put<Brand & { mapProvider: string }>(
      path,
      { ...body, mapProvider: "world" },
      reseller,
    );
    expect(chosen.body.mapProvider).toBe("world");
    const site = await p.api.get<{ mapProvider: string }>("site", undefined, onHost("iberia.localhost"));
    expect(site.body.mapProvider).toBe("world");
    const platform = await p.api.get<{ mapProvider: string }>("site", undefined, onHost("localhost"));
    expect(platform.body.mapProvider).toBe("");
  });
});

describe("the brand a reseller's companies carry", () => {
  it("moves to the brand the reseller assigns, and back", async () => {
    const spare = await p.api.post<Brand>(
      `resellers/id/${iberia}/brands`,
      { name: "Iberia Spare", hosts: ["spare.localhost"] },
      reseller,
    );
    expect(spare.body.assigned).toBe(false);
    expect((await p.api.login("admin@acme.demo", undefined, onHost("spare.localhost"))).status).toBe(403);
    const moved = await p.api.put<Brand>(
      `resellers/id/${iberia}/brands/id/${spare.body.id}`,
      { name: "Iberia Spare", hosts: ["spare.localhost"], assigned: true },
      reseller,
    );
    expect(moved.body.assigned).toBe(true);
    expect((await p.api.login("admin@acme.demo", undefined, onHost("spare.localhost"))).status).toBe(200);
    expect((await p.api.login("admin@acme.demo", undefined, onHost("iberia.localhost"))).status).toBe(403);
    const back = await p.api.put<Brand>(
      `resellers/id/${iberia}/brands/id/${iberiaBrand}`,
      { name: "Iberia Tracking", hosts: ["iberia.localhost"], assigned: true },
      reseller,
    );
    expect(back.body.assigned).toBe(true);
    expect((await p.api.login("admin@acme.demo", undefined, onHost("iberia.localhost"))).status).toBe(200);
  });
});

describe("brand images", () => {
  it("stores a PNG logo, serves it publicly by its link, and GET site carries it", async () => {
    const saved = await upload(iberiaBrand, "logo", PNG);
    expect(saved.status).toBe(200);
    expect(saved.body.logoUrl).toMatch(/^\/fr\/v1\/brand-images\/\d+\/[0-9a-f-]{36}$/);
    const image = await fetch(`${p.url}${saved.body.logoUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("content-security-policy")).toContain("sandbox");
    const site = await p.api.get<{ logoUrl: string }>("site", undefined, onHost("iberia.localhost"));
    expect(site.body.logoUrl).toBe(saved.body.logoUrl);
    // A new logo replaces the old, whose link stops working.
    const next = await upload(iberiaBrand, "logo", PNG);
    expect(next.body.logoUrl).not.toBe(saved.body.logoUrl);
    expect((await fetch(`${p.url}${saved.body.logoUrl}`)).status).toBe(404);
  });

  it("sanitises an SVG favicon (no script, no handler, no outside reference) and refuses other types", async () => {
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 16 16">
        <script>alert(1)</script><circle cx="8" cy="8" r="7" fill="#c2410c" onload="alert(2)"/>
        <image href="https://evil.example/x.png" width="4" height="4"/></svg>`,
    );
    const saved = await upload(iberiaBrand, "favicon", svg);
    expect(saved.status).toBe(200);
    const served = await fetch(`${p.url}${saved.body.faviconUrl}`);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    const text = await served.text();
    expect(text).toContain("<circle");
    expect(text).not.toMatch(/script|onload|evil\.example/);
    const html = await upload(iberiaBrand, "favicon", Buffer.from("<html><body>hi</body></html>"));
    expect(html.status).toBe(415);
    const pdf = await upload(iberiaBrand, "logo", Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\n"));
    expect(pdf.status).toBe(415);
  });

  it("refuses an image for a brand outside the reseller's tree", async () => {
    const platformBrand = await upload(1, "logo", PNG);
    expect(platformBrand.status).toBe(404);
    const admin = await p.api.token("admin@acme.demo");
    expect((await upload(iberiaBrand, "logo", PNG, admin)).status).toBe(403);
  });
});

describe("sign-in per brand host", () => {
  it("accepts a brand's own accounts on its host, refuses others with auth.wrongBrand, the platform host takes all", async () => {
    expect((await p.api.login("admin@acme.demo", undefined, onHost("iberia.localhost"))).status).toBe(200);
    expect((await p.api.login("reseller@vigia.demo", undefined, onHost("iberia.localhost"))).status).toBe(
      200,
    );
    const globex = await p.api.login("admin@globex.demo", undefined, onHost("iberia.localhost"));
    expect(globex.status).toBe(403);
    expect(globex.body.description).toBe("auth.wrongBrand");
    // A wrong password learns nothing about the brand.
    const wrong = await p.api.login("admin@globex.demo", "Wrong-Pass1", onHost("iberia.localhost"));
    expect(wrong.status).toBe(401);
    expect((await p.api.login("admin@globex.demo", undefined, onHost("localhost"))).status).toBe(200);
    expect((await p.api.login("admin@acme.demo", undefined, onHost("unknown.example"))).status).toBe(200);
    expect((await p.api.login("super@vigia.demo", undefined, onHost("iberia.localhost"))).status).toBe(403);
  });
});

describe("a session on another brand's host", () => {
  it("refuses a token of brand A's user on brand B's host with 401 auth.wrongBrand; the platform host takes all", async () => {
    // Signed in on the platform's host, where every account may.
    const globex = await p.api.login("admin@globex.demo", undefined, onHost("localhost"));
    const token = globex.body.accessToken;
    const refused = await p.api.get<ErrorBody>("current/user", token, onHost("iberia.localhost"));
    expect(refused.status).toBe(401);
    expect(refused.body.description).toBe("auth.wrongBrand");
    expect((await p.api.get("current/user", token, onHost("localhost"))).status).toBe(200);
    expect((await p.api.get("current/user", token, onHost("unknown.example"))).status).toBe(200);
    // Refreshing there gives no new pair either.
    const refresh = await p.api.get<ErrorBody>(
      "auth/token",
      globex.body.refreshToken,
      onHost("iberia.localhost"),
    );
    expect(refresh.status).toBe(401);
    expect(refresh.body.description).toBe("auth.wrongBrand");
  });

  it("refuses it on the live channel opened on brand B's host too", async () => {
    const token = await p.api.token("admin@globex.demo");
    const answer = async (host: string) => {
      const ws = new WebSocket(`${p.url.replace("http", "ws")}/fr/ws/`, { headers: onHost(host) });
      const first = new Promise<unknown>((resolve) =>
        ws.once("message", (raw) => resolve(JSON.parse(String(raw)))),
      );
      ws.once("open", () => ws.send(JSON.stringify({ type: "initialize", data: { accessToken: token } })));
      const message = await first;
      ws.close();
      return message;
    };
    expect(await answer("iberia.localhost")).toMatchObject({
      type: "error",
      data: { description: "auth.wrongBrand", request: "initialize" },
    });
    expect(await answer("localhost")).toMatchObject({ type: "initialize", data: { ok: true } });
  });

  it("keeps the brand's own users and reseller staff working on its host", async () => {
    const acme = await p.api.token("admin@acme.demo");
    expect((await p.api.get("current/user", acme, onHost("iberia.localhost"))).status).toBe(200);
    expect(
      (await p.api.get(`resellers/id/${iberia}/brands`, reseller, onHost("iberia.localhost"))).status,
    ).toBe(200);
    const platformStaff = await p.api.get<ErrorBody>(
      "current/user",
      superReseller,
      onHost("iberia.localhost"),
    );
    expect(platformStaff.status).toBe(401);
  });
});

describe("mail links and the served page", () => {
  it("links in a password mail use the brand's origin when it has one", async () => {
    const reset = async (email: string) => {
      expect((await p.api.post("auth/password/reset", { email })).status).toBeLessThan(300);
      const rows = await p.ctx.db.query<{ subject: string; body_text: string }>(
        "select subject, body_text from mail_outbox where to_address = $1 order by id desc limit 1",
        [email],
      );
      return `${rows[0]!.subject}\n${rows[0]!.body_text}`;
    };
    await p.api.put(
      `resellers/id/${iberia}/brands/id/${iberiaBrand}`,
      { name: "Iberia Tracking", hosts: ["iberia.localhost"], origin: "https://flota.iberia.test" },
      reseller,
    );
    const iberiaMail = await reset("operator@acme.demo");
    expect(iberiaMail).toContain("https://flota.iberia.test/password/set/");
    expect(iberiaMail).toMatch(/^Iberia Tracking: /);
    const platformMail = await reset("admin@globex.demo");
    expect(platformMail).not.toContain("iberia");
    expect(platformMail).toMatch(/^Vigia: /);
  });

  it("serves index.html with the brand's title, favicon and colour for the host", async () => {
    await p.api.put(
      `resellers/id/${iberia}/brands/id/${iberiaBrand}`,
      {
        name: "Iberia Tracking",
        hosts: ["iberia.localhost"],
        primaryColor: "#123456",
        productName: "Iberia <Flota>",
      },
      reseller,
    );
    const favicon = (await p.api.get<Brand>(`resellers/id/${iberia}/brands/id/${iberiaBrand}`, reseller)).body
      .faviconUrl;
    const page = async (host: string, route = "/") =>
      (await fetch(`${p.url}${route}`, { headers: { "x-forwarded-host": host } })).text();
    const branded = await page("iberia.localhost", "/vehicles");
    expect(branded).toContain("<title>Iberia &#60;Flota&#62;</title>");
    expect(branded).toContain(`<link rel="icon" href="${favicon}" />`);
    expect(branded).toContain("--vigia-brand-color:#123456");
    expect(await page("iberia.localhost", "/index.html")).toContain("<title>Iberia &#60;Flota&#62;</title>");
    const plain = await page("localhost");
    expect(plain).toContain("<title>Vigia</title>");
    expect(plain).toContain('href="/favicon.svg"');
  });
});
