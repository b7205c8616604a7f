// Itineraries: the reseller, inside Acme, opens a new itinerary and draws it from a past trip: a
// vehicle and yesterday; the server proposes that day's stops as waypoints, which fill the table; named and
// saved, the itinerary has them. It is deleted again at the end.
import { apiAs, assert, byTestId, chooseOption, shot, signInTo, waitForPath } from "../lib.mjs";

export const name = "itinerary from a past trip: the day's stops become the editor's waypoints";

export async function run({ context, baseUrl }) {
  const reseller = await apiAs(baseUrl, "reseller@vigia.demo");
  const admin = await apiAs(baseUrl, "admin@acme.demo");
  const companyId = (await admin("GET", "current/user")).body.companyId;
  const page = await context.newPage();
  await signInTo(page, baseUrl, "reseller@vigia.demo", "/companies");
  await page.getByText("Acme Logistics").first().click();
  await waitForPath(page, "/");
  // Through the menu: the company chosen stays in this page's memory.
  await page.locator('a[href="/itineraries"]').click();
  await waitForPath(page, "/itineraries");
  await page.locator(byTestId("mgmt-new")).click();
  await page.locator(byTestId("itinerary-from-trip")).waitFor();
  await chooseOption(page, "from-trip-vehicle", "Renault Master 1");
  await page.locator(byTestId("from-trip-propose")).click();
  const outcome = page.locator(byTestId("from-trip-outcome"));
  await outcome.waitFor({ timeout: 15_000 });
  const rows = page.locator(`${byTestId("itinerary-waypoints")} tbody tr`);
  const count = await rows.count();
  assert(count >= 1, `yesterday's stops became waypoints: ${count} (${await outcome.textContent()})`);
  await shot(page, "itinerary-from-trip");
  await page.locator(byTestId("field-name")).fill("E2E from a trip");
  await page.locator(byTestId("mgmt-save")).click();
  await page.locator(byTestId("mgmt-form")).waitFor({ state: "detached", timeout: 15_000 });
  const saved = (await reseller("GET", `companies/id/${companyId}/itineraries`)).body.find(
    (i) => i.name === "E2E from a trip",
  );
  try {
    assert(saved, "the itinerary was saved");
    assert(saved.waypoints.length === count, `saved with its ${count} waypoints: ${saved.waypoints.length}`);
  } finally {
    if (saved) await reseller("DELETE", `companies/id/${companyId}/itineraries/id/${saved.id}`);
    await page.close();
  }
}
