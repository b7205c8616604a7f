// Brands, the rest of their life: on /branding the Iberia reseller creates a brand with a base map picked from
// the ones the server offers, then deletes it after a confirmation; the super reseller is told, inside the
// confirmation, that the platform's own brand cannot be deleted. A customer signed in on Iberia's host is
// signed out with the reason once its reseller moves its companies to another brand, because the session is
// checked against the host on every request, not only at sign-in. At the end Iberia's companies carry the demo
// brand again and the spare brand is gone, as the later scenarios expect.
import { apiAs, assert, byTestId, shot, signIn, signInTo } from "../lib.mjs";

export const name =
  "brands: base map select, delete with confirmation, a session refused on another brand's host";

const HOST = "brand54.localhost";
const SPARE = "spare54.localhost";

async function openBranding(page) {
  await page.locator(byTestId("menu-branding")).click();
  await page.locator(byTestId("table-brands")).waitFor();
}

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, baseUrl, "reseller@vigia.demo", "/companies");
  await openBranding(page);

  await page.locator(byTestId("mgmt-new")).click();
  await page.locator(byTestId("brand-field-name")).fill("Brand 54");
  await page.locator(byTestId("brand-field-hosts")).fill(HOST);
  await page.keyboard.press("Enter");
  const offered = await (await apiAs(baseUrl, "reseller@vigia.demo"))("GET", "map/providers");
  const world = offered.body.find((p) => p.id === "world");
  assert(world, `the server offers the world base map: ${JSON.stringify(offered.body)}`);
  await page.locator(byTestId("brand-field-mapProvider")).click();
  const options = page.getByRole("option");
  await options.first().waitFor();
  assert(
    (await options.count()) === offered.body.length,
    `the select offers exactly the server's base maps (${offered.body.length})`,
  );
  await shot(page, "brand-base-map-select");
  await options.first().click();
  await page.locator(byTestId("mgmt-save")).click();
  await page.locator(byTestId("mgmt-form")).waitFor({ state: "detached", timeout: 10_000 });

  const row = page.locator(byTestId("table-row")).filter({ hasText: HOST });
  await row.waitFor();
  await shot(page, "brand-list-with-new");
  await row.locator(byTestId("row-action-edit")).click();
  const picked = await page.locator(byTestId("brand-field-mapProvider")).inputValue();
  assert(picked !== "", "the saved base map shows again when the brand is edited");
  await shot(page, "brand-edit-selects");
  await page.locator(byTestId("mgmt-close")).click();
  await page.locator(byTestId("mgmt-form")).waitFor({ state: "detached" });

  // A fresh screen: the table ignores a second row action within half a second of the first (a double click).
  await page.reload();
  await row.waitFor();
  await row.locator(byTestId("row-action-delete")).click();
  await page.locator(byTestId("mgmt-delete-confirm")).waitFor();
  await shot(page, "brand-delete-confirmation");
  await page.locator(byTestId("mgmt-delete-confirm")).click();
  await row.waitFor({ state: "detached", timeout: 10_000 });
  const site = await fetch(`${baseUrl}/fr/v1/site`, { headers: { "x-forwarded-host": HOST } });
  assert((await site.json()).id === 1, "the deleted brand's host is the platform's again");

  // The platform's own brand stays: the super reseller reads why inside the confirmation.
  await page.locator(byTestId("user-menu")).click();
  await page.locator(byTestId("logout")).click();
  await page.locator(byTestId("login-submit")).waitFor();
  const platformPage = page;
  await signInTo(platformPage, baseUrl, "super@vigia.demo", "/companies");
  await openBranding(platformPage);
  const own = platformPage.locator(byTestId("table-row")).filter({ hasText: "127.0.0.1" });
  await own.locator(byTestId("row-action-delete")).click();
  await platformPage.locator(byTestId("mgmt-delete-confirm")).click();
  const why = platformPage.locator(byTestId("mgmt-delete-error"));
  await why.waitFor();
  const whyText = (await why.textContent()) ?? "";
  assert(whyText.includes("no se puede eliminar"), `the refusal is explained: ${whyText}`);
  await shot(platformPage, "brand-delete-refused");

  await refusedAfterSignIn(context, baseUrl);
}

/** A customer of Iberia on Iberia's host, signed out with the reason once Iberia moves to another brand. */
async function refusedAfterSignIn(context, baseUrl) {
  const port = new URL(baseUrl).port;
  const customer = await context.newPage();
  await customer.setViewportSize({ width: 1440, height: 900 });
  await signIn(customer, `http://iberia.localhost:${port}`, "admin@acme.demo");
  await customer.locator(byTestId("user-menu")).waitFor({ timeout: 15_000 });

  const api = await apiAs(baseUrl, "reseller@vigia.demo");
  const me = await api("GET", "current/user");
  const resellerId = me.body.resellerId;
  const spare = await api("POST", `resellers/id/${resellerId}/brands`, {
    name: "Iberia 54",
    hosts: [SPARE],
    assigned: true,
  });
  assert(
    spare.status === 200 && spare.body.assigned,
    `Iberia's companies carry the spare brand: ${spare.status}`,
  );

  // The open session is refused on the old brand's host (here when the reloaded page renews its token): the
  // app signs out and says why.
  await customer.reload();
  const signedOut = customer.locator(byTestId("login-signed-out"));
  await signedOut.waitFor({ timeout: 15_000 });
  const text = (await signedOut.textContent()) ?? "";
  assert(text.includes("otra marca"), `the customer is told the account is of another brand: ${text}`);
  await shot(customer, "brand-session-refused");

  const brands = await api("GET", `resellers/id/${resellerId}/brands`);
  const demo = brands.body.find((b) => b.hosts.includes("iberia.localhost"));
  const { id, resellerId: _owner, logoUrl: _logo, faviconUrl: _favicon, ...fields } = demo;
  const back = await api("PUT", `resellers/id/${resellerId}/brands/id/${id}`, { ...fields, assigned: true });
  assert(back.status === 200 && back.body.assigned, `the demo brand is Iberia's again: ${back.status}`);
  const removed = await api("DELETE", `resellers/id/${resellerId}/brands/id/${spare.body.id}`);
  assert(removed.status === 204, `the spare brand is deleted: ${removed.status}`);
}
