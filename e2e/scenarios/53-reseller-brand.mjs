// A reseller's own brand from the UI: on /branding the Iberia reseller creates a brand for the host
// brand53.localhost (its companies carry it), uploads a logo and a favicon and sees them in the preview. The
// sign-in page on that host then shows the brand's title, logo and favicon from the first paint; a customer
// of another reseller (Globex, under Atlas) is refused there with the translated reason, and a customer of
// Iberia signs in. At the end Iberia's companies carry the demo brand again, as the later scenarios expect.
import { crc32, deflateSync } from "node:zlib";
import { apiAs, assert, byTestId, DEMO_PASSWORD, shot, signInTo } from "../lib.mjs";

export const name = "reseller brand: created on /branding, shown on its own host, others refused there";

const HOST = "brand53.localhost";
const TITLE = "Flota 53";

/** A 16×16 PNG in the brand's teal, drawn here (one filter byte, then RGB, per row). */
function tealSquarePng() {
  const size = 16;
  const rows = Buffer.concat(
    Array.from({ length: size }, () =>
      Buffer.concat([
        Buffer.from([0]),
        Buffer.from(Array.from({ length: size }, () => [15, 118, 110]).flat()),
      ]),
    ),
  );
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 32" width="120" height="32">
<rect x="2" y="4" width="24" height="24" rx="6" fill="#0f766e"/><path d="M8 20l6-8 6 8" stroke="#fff" stroke-width="3" fill="none"/>
<text x="32" y="22" font-family="Arial" font-size="15" font-weight="700" fill="#0f766e">FLOTA 53</text>
<script>document.title = "owned"</script></svg>`;

async function upload(page, image, file) {
  const chooser = page.waitForEvent("filechooser");
  await page.locator(byTestId(`brand-${image}-upload`)).click();
  await (await chooser).setFiles(file);
  await page.locator(`${byTestId(`brand-${image}-preview`)}[src*="/brand-images/"]`).waitFor();
}

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, baseUrl, "reseller@vigia.demo", "/companies");
  await page.locator(byTestId("menu-branding")).click();
  await page.locator(byTestId("table-brands")).waitFor();
  await page.locator(byTestId("mgmt-new")).click();
  await page.locator(byTestId("brand-field-name")).fill("Brand 53");
  await page.locator(byTestId("brand-field-productName")).fill(TITLE);
  await page.locator(byTestId("brand-field-hosts")).fill(HOST);
  await page.keyboard.press("Enter");
  await page.locator(byTestId("brand-field-primaryColor")).fill("#0f766e");
  await page.locator(byTestId("brand-field-assigned")).check();
  await page.locator(byTestId("mgmt-save")).click();
  await page.locator(byTestId("mgmt-form")).waitFor({ state: "detached", timeout: 10_000 });

  const row = page.locator(byTestId("table-row")).filter({ hasText: HOST });
  await row.waitFor();
  await shot(page, "reseller-brand-list");
  await row.locator(byTestId("row-action-edit")).click();
  await upload(page, "logo", { name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from(LOGO_SVG) });
  await upload(page, "favicon", { name: "favicon.png", mimeType: "image/png", buffer: tealSquarePng() });
  const preview = page.locator(byTestId("brand-preview"));
  assert(((await preview.textContent()) ?? "").includes(TITLE), "the preview shows the product name");
  await shot(page, "reseller-brand-form");
  await page.locator(byTestId("mgmt-close")).click();

  // The sign-in page on the brand's host: *.localhost reaches this machine in Chromium.
  const port = new URL(baseUrl).port;
  const branded = await context.newPage();
  const response = await branded.goto(`http://${HOST}:${port}/login`);
  // The title and favicon are in the served page itself, before any script ran.
  const served = (await response?.text()) ?? "";
  assert(served.includes(`<title>${TITLE}</title>`), "index.html carries the brand's title");
  assert(
    /<link rel="icon" href="\/fr\/v1\/brand-images\//.test(served),
    "index.html carries the brand's favicon",
  );
  await branded.locator(byTestId("login-username")).waitFor();
  await branded.locator(`${byTestId("site-logo")}[src*="/brand-images/"]`).waitFor();
  const title = await branded.title();
  assert(title === TITLE, `the window title is the brand's: "${title}"`);
  const icon = await branded.locator('link[rel="icon"]').getAttribute("href");
  assert(icon?.includes("/brand-images/"), `the favicon is the brand's: ${icon}`);
  const logoOk = await branded
    .locator(byTestId("site-logo"))
    .evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0);
  assert(logoOk, "the brand's logo loads");
  await shot(branded, "reseller-brand-sign-in");

  await branded.locator(byTestId("login-username")).fill("admin@globex.demo");
  await branded.locator(byTestId("login-password")).fill(DEMO_PASSWORD);
  await branded.locator(byTestId("login-submit")).click();
  const alert = branded.locator(byTestId("login-alert"));
  await alert.waitFor();
  const text = (await alert.textContent()) ?? "";
  assert(text.includes("otra marca"), `a customer of another reseller is told why: ${text}`);
  await shot(branded, "reseller-brand-refused");

  await branded.locator(byTestId("login-username")).fill("admin@acme.demo");
  await branded.locator(byTestId("login-submit")).click();
  await branded.locator(byTestId("user-menu")).waitFor({ timeout: 15_000 });

  // Iberia's companies carry the demo brand again.
  const api = await apiAs(baseUrl, "reseller@vigia.demo");
  const me = await api("GET", "current/user");
  const brands = await api("GET", `resellers/id/${me.body.resellerId}/brands`);
  const demo = brands.body.find((b) => b.hosts.includes("iberia.localhost"));
  const { id, resellerId: _owner, logoUrl: _logo, faviconUrl: _favicon, ...fields } = demo;
  const back = await api("PUT", `resellers/id/${me.body.resellerId}/brands/id/${id}`, {
    ...fields,
    assigned: true,
  });
  assert(back.status === 200 && back.body.assigned, `the demo brand is Iberia's again: ${back.status}`);
  await demoBrandLogo(context, baseUrl);
}

/** The seeded demo brand shows its own logo (drawn in the seed), not the product's. */
async function demoBrandLogo(context, baseUrl) {
  const page = await context.newPage();
  await page.goto(`http://iberia.localhost:${new URL(baseUrl).port}/login`);
  const logo = page.locator(`${byTestId("site-logo")}[src^="data:image/svg+xml"]`);
  await logo.waitFor();
  assert((await page.title()) === "Iberia Tracking", `the demo brand's title: ${await page.title()}`);
  await shot(page, "demo-brand-sign-in");
}
