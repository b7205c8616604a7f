// Dashboard and heat map: live tiles counted from the channel, period figures from the daily
// aggregates, and a heat map of the demo fleet's positions drawn from server-side H3 bins; incidents listed.
import { assert, byTestId, shot, signInTo } from "../lib.mjs";

export const name = "the dashboard shows live tiles and period figures; the heat map draws the fleet";

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  await page.goto(`${baseUrl}/dashboard`);
  await page.locator(byTestId("dashboard")).waitFor();
  // The live tiles fill once the channel has delivered the company's items.
  await page.waitForFunction(
    () =>
      ["moving", "idle", "stopped", "offline"].reduce(
        (sum, s) => sum + Number(document.querySelector(`[data-testid="tile-${s}-value"]`)?.textContent ?? 0),
        0,
      ) > 0,
    undefined,
    { timeout: 20_000 },
  );
  await page.locator(byTestId("tile-distance-value")).filter({ hasNotText: "…" }).waitFor();
  await shot(page, "dashboard");

  const heat = page.waitForResponse((r) => r.url().includes("/heatmap?") && r.ok());
  await page.goto(`${baseUrl}/heatmaps`);
  const body = await (await heat).json();
  assert(Array.isArray(body.cells), "heat map answered cells");
  await page.locator(byTestId("heatmap-summary")).filter({ hasNotText: "Cargando" }).waitFor();
  await shot(page, "heatmaps");

  await page.goto(`${baseUrl}/incidents`);
  await page.locator(byTestId("incidents-map")).waitFor();
  await shot(page, "incidents");

  await page.goto(`${baseUrl}/`);
  await page.locator(byTestId("map-heatmap-tool")).click();
  const drawn = page.waitForResponse((r) => r.url().includes("/heatmap?") && r.ok());
  await page.locator(byTestId("map-heatmap-on")).click();
  await drawn;
  await shot(page, "live-map-heat-tool");
}
