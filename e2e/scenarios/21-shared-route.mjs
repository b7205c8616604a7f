// Share route: an operator shares one item for an hour; the link opens without signing in, shows that
// item (and it moving) and nothing else of the company; revoking it, or the hour passing under the test clock,
// turns the page into a clear "no longer available" page.
import { advanceClock, apiAs, assert, byTestId, shot, signInTo } from "../lib.mjs";

export const name = "shared route: public link without sign-in, only its item, moving, revoked and expired";

/** One OsmAnd report (Traccar Client) of the shared item's phone, now. */
async function report(deviceId, lat, lng) {
  const ts = Math.floor(Date.now() / 1000);
  const url = `http://127.0.0.1:${process.env.OSMAND_PORT}/?id=${deviceId}&lat=${lat}&lon=${lng}&timestamp=${ts}&speed=20`;
  const response = await fetch(url, { method: "POST" });
  assert(response.ok, `OsmAnd report answered ${response.status}`);
}

const sharedItems = (page) =>
  page
    .locator(byTestId("shared-item"))
    .evaluateAll((rows) =>
      rows.map((r) => ({ name: r.dataset.name, lat: r.dataset.lat, lng: r.dataset.lng })),
    );

export async function run({ context, baseUrl }) {
  const browser = context.browser();
  const admin = await apiAs(baseUrl, "admin@acme.demo");
  const me = await admin("GET", "current/user");
  const companyId = me.body.selectedCompanyId ?? me.body.companyId;
  const trackers = await admin("GET", `companies/id/${companyId}/trackers`);
  const phone = Object.values(trackers.body).find((d) => d.typeId === 4 && d.itemId !== null);
  assert(phone, "the demo has an item with a Traccar Client phone");
  const itemName = phone.itemName;

  const page = await context.newPage();
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  await page.locator(byTestId("map-tools")).click();
  await page.locator(byTestId("map-tool-share")).click();
  await page.locator(byTestId("share-create")).waitFor();
  await page.locator(byTestId("share-items")).click();
  await page.getByRole("option", { name: itemName, exact: true }).click();
  await page.keyboard.press("Escape");
  await page.locator(`${byTestId("share-validity")} input[value="1h"]`).check({ force: true });
  await page.locator(byTestId("share-create")).click();
  const link = await page.locator(byTestId("share-link")).inputValue();
  assert(/\/shareroute\/[A-Za-z0-9_-]{40,}$/.test(link), `an unguessable link: ${link}`);
  await shot(page, "shared-route-modal");

  // A visitor with no session at all: a fresh browser context.
  const visitor = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: "reduce",
  });
  const pub = await visitor.newPage();
  await pub.goto(link);
  await pub.locator(byTestId("shared-item")).first().waitFor({ timeout: 15_000 });
  let shown = await sharedItems(pub);
  assert(shown.length === 1 && shown[0].name === itemName, `only the shared item: ${JSON.stringify(shown)}`);
  assert(new URL(pub.url()).pathname.startsWith("/shareroute/"), "no redirect to sign-in");
  const before = shown[0];

  // The item moves 220 m (well under a GPS jump): the page follows it without a reload.
  const from =
    before.lat === "" ? { lat: 40.4168, lng: -3.7038 } : { lat: Number(before.lat), lng: Number(before.lng) };
  await report(phone.deviceId, from.lat + 0.002, from.lng);
  await pub.waitForFunction(
    (lat) => document.querySelector('[data-testid="shared-item"]')?.getAttribute("data-lat") !== lat,
    before.lat,
    { timeout: 20_000 },
  );
  shown = await sharedItems(pub);
  assert(shown.length === 1, "still only the shared item");
  await shot(pub, "shared-route-public");

  // Nothing else of the company is reachable with the token.
  const token = link.split("/").pop();
  const asBearer = await fetch(`${baseUrl}/fr/v1/companies/id/${companyId}/vehicles`, {
    headers: { authorization: `Bearer ${token}` },
  });
  assert(asBearer.status === 401, `the token opens no API route: ${asBearer.status}`);

  // Revoked from the list of active links.
  const row = page.locator('[data-testid^="share-revoke-"]').first();
  await row.click();
  await page.locator('[data-testid^="share-revoke-"]').first().waitFor({ state: "detached" });
  // No reload: the link's live channel ends on revocation and the open page says so by itself.
  await pub.locator('[data-testid="shared-unavailable"][data-reason="revoked"]').waitFor({ timeout: 15_000 });
  await shot(pub, "shared-route-revoked");

  // Expired: a one-hour link after the hour, under the manual clock.
  const second = await admin("POST", `companies/id/${companyId}/sharedroutes`, {
    items: [{ itemType: phone.itemType, itemId: phone.itemId }],
    validity: "1h",
  });
  assert(second.status === 200, `second link: ${second.status}`);
  await pub.goto(`${baseUrl}/shareroute/${second.body.token}`);
  await pub.locator(byTestId("shared-item")).first().waitFor({ timeout: 15_000 });
  await advanceClock(baseUrl, 3_600_000 + 1000);
  await pub.reload();
  await pub.locator('[data-testid="shared-unavailable"][data-reason="expired"]').waitFor({ timeout: 15_000 });
  await shot(pub, "shared-route-expired");
  await visitor.close();
}
