// The selected item is never lost in a cluster: the Acme admin selects a vehicle from the list, and from zoom 5
// (the whole fleet in bubbles) to zoom 16 the map draws that vehicle on its own, above the clusters. With the
// measure tool open, a click on another vehicle's marker adds a measuring point and the detail panel stays on the
// selected vehicle.
import { assert, byTestId, shot, signInTo } from "../lib.mjs";

export const name =
  "map: the selected item stays visible above clusters; the measure tool never selects; the user menu closes with Escape";

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  // Debug mode (packages/web/README.md) lets the test ask the map what it drew.
  await page.addInitScript(() => localStorage.setItem("vigia.debug", "1"));
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  await page.locator(byTestId("live-map")).waitFor();
  await page.waitForFunction(() => (window.vigiaDebug?.live?.size() ?? 0) > 1, null, { timeout: 30_000 });
  await page.waitForFunction(() => window.vigiaDebug?.map?.getSource("selected-item"), null, {
    timeout: 30_000,
  });

  const rows = page.locator('[data-testid^="map-row-v:"]');
  await rows.first().waitFor();
  // A vehicle the map knows a position of (a device may not have reported yet since the demo started).
  const handle = await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-testid^="map-row-v:"]')]
        .map((el) => el.getAttribute("data-testid").replace("map-row-", ""))
        .find((k) => window.vigiaDebug.live.get(k)?.pos) ?? null,
    null,
    { timeout: 30_000 },
  );
  const key = await handle.jsonValue();
  const row = page.locator(byTestId(`map-row-${key}`));
  await row.click();
  await page.locator(byTestId("map-detail")).waitFor();
  const name = (await page.locator(byTestId("map-detail-name")).textContent()).trim();

  for (const zoom of [5, 9, 12, 16]) {
    // Centred on where the vehicle is now: it keeps driving, and at street zoom it soon leaves a fixed view.
    await page.evaluate(
      ([k, z]) => {
        const pos = window.vigiaDebug.live.get(k)?.pos;
        window.vigiaDebug.map.jumpTo({ zoom: z, ...(pos ? { center: [pos.lng, pos.lat] } : {}) });
      },
      [key, zoom],
    );
    // Drawn on its own at this zoom: a rendered feature of the selection layer with the selected key.
    await page.waitForFunction(
      ([k]) => {
        // Not map.loaded(): with live batches arriving every second a source is nearly always reloading.
        const map = window.vigiaDebug.map;
        const drawn = map.queryRenderedFeatures({ layers: ["selected-item"] });
        return drawn.some((f) => f.properties.key === k);
      },
      [key],
      { timeout: 20_000 },
    );
    if (zoom === 5) {
      const bubbles = await page.evaluate(
        () => window.vigiaDebug.map.queryRenderedFeatures({ layers: ["clusters"] }).length,
      );
      assert(bubbles > 0, "at zoom 5 the rest of the fleet is clustered");
      await shot(page, "selection-01-above-clusters-z5");
    }
  }
  await shot(page, "selection-02-z16");

  // Measuring: a click on another vehicle's marker is a point, not a selection.
  await page.evaluate(() => window.vigiaDebug.map.jumpTo({ zoom: 12 }));
  await page.locator(byTestId("map-tools")).click();
  await page.locator(byTestId("map-tool-measure")).click();
  await page.locator(byTestId("measure-panel")).waitFor();
  const target = await page.waitForFunction(
    ([k]) => {
      const map = window.vigiaDebug.map;
      const box = map.getCanvas().getBoundingClientRect();
      // A marker in the middle of the map, clear of the list and detail panels over its sides and of the
      // measure panel along the bottom.
      const other = map
        .queryRenderedFeatures({ layers: ["items"] })
        .map((f) => ({ key: f.properties.key, p: map.project(f.geometry.coordinates) }))
        .find(
          (f) =>
            f.key !== k &&
            f.p.x > box.width * 0.35 &&
            f.p.x < box.width * 0.6 &&
            f.p.y > 80 &&
            f.p.y < box.height * 0.65,
        );
      if (!other) {
        // None there yet: bring the nearest other vehicle to the centre.
        const any = map.queryRenderedFeatures({ layers: ["items"] }).find((f) => f.properties.key !== k);
        if (any) map.jumpTo({ center: any.geometry.coordinates });
        return null;
      }
      return { x: box.left + other.p.x, y: box.top + other.p.y, key: other.key };
    },
    [key],
    { timeout: 20_000 },
  );
  const point = await target.jsonValue();
  await page.mouse.click(point.x, point.y);
  // The click became the measure's first point.
  await page.waitForFunction(
    () => document.querySelector('[data-testid="measure-undo"]')?.disabled === false,
    null,
    { timeout: 10_000 },
  );
  const after = (await page.locator(byTestId("map-detail-name")).textContent()).trim();
  assert(after === name, `the detail stays on ${name} after a measuring click on ${point.key}: ${after}`);
  await shot(page, "selection-03-measure-click");

  // The user menu closes with Escape, focus still on its button after the click that opened it.
  await page.locator(byTestId("user-menu")).click();
  const dropdown = page.locator(".mantine-Popover-dropdown", { hasText: "admin@acme.demo" });
  await dropdown.waitFor();
  await page.keyboard.press("Escape");
  await dropdown.waitFor({ state: "detached", timeout: 5_000 });
}
