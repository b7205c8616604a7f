// The live map: the demo fleet moves between two live batches, a vehicle opens with its detail and live
// track, and its day route loads.
import { assert, byTestId, shot, signInTo } from "../lib.mjs";

export const name = "live map: items move, vehicle detail, track and day route";

/** Records every vehicle's position, then waits (batch by batch, up to 30 s) until one of them moved. */
async function vehiclesMove(page) {
  return page.evaluate(async () => {
    const live = window.vigiaDebug.live;
    const where = () =>
      new Map(
        live
          .keys()
          .filter((k) => k.startsWith("v:"))
          .map((k) => [k, live.get(k)?.pos ? `${live.get(k).pos.lat},${live.get(k).pos.lng}` : null]),
      );
    const before = where();
    const deadline = Date.now() + 30_000;
    let seen = window.vigiaDebug.mapStats?.batches ?? 0;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      const batches = window.vigiaDebug.mapStats?.batches ?? 0;
      if (batches === seen) continue;
      seen = batches;
      for (const [key, pos] of where()) if (pos && before.get(key) && before.get(key) !== pos) return true;
    }
    return false;
  });
}

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  // Debug mode (packages/web/README.md) publishes the live store and the map's figures on window.vigiaDebug.
  await page.addInitScript(() => localStorage.setItem("vigia.debug", "1"));
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  await page.locator(byTestId("live-map")).waitFor();
  await page.waitForFunction(() => (window.vigiaDebug?.live?.size() ?? 0) > 0, null, { timeout: 20_000 });
  assert(await vehiclesMove(page), "no vehicle moved between two live batches");
  await page.locator(byTestId("map-live-state")).waitFor();
  await shot(page, "map-live");

  // A moving vehicle if the list shows one (speed in km/h), otherwise the first vehicle.
  const moving = page.locator('[data-testid^="map-row-v:"]', { hasText: "km/h" });
  const row =
    (await moving.count()) > 0 ? moving.first() : page.locator('[data-testid^="map-row-v:"]').first();
  const rowName = (await row.locator("p").first().textContent())?.trim();
  await row.click();
  await page.locator(byTestId("map-detail")).waitFor();
  const detailName = (await page.locator(byTestId("map-detail-name")).textContent())?.trim();
  assert(detailName === rowName, `detail shows "${detailName}", list row was "${rowName}"`);
  const panel = await page.locator(byTestId("map-detail")).textContent();
  assert(/\d+ km\/h/.test(panel ?? ""), "detail shows no speed");
  assert(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.test(panel ?? ""), "detail shows no last update time");
  await page.waitForFunction(() => window.vigiaDebug.live.trackLength() > 1, null, { timeout: 30_000 });
  await shot(page, "map-vehicle-detail");

  await page.locator(byTestId("map-route-load")).click();
  await page
    .locator(`${byTestId("map-route-summary")}, ${byTestId("map-route-error")}`)
    .first()
    .waitFor({ timeout: 15_000 });
  assert((await page.locator(byTestId("map-route-summary")).count()) === 1, "the day route did not load");
  await shot(page, "map-day-route");

  await page.locator(byTestId("map-detail-close")).click();
  await page.locator(byTestId("map-detail")).waitFor({ state: "detached" });
  await page.close();
}
