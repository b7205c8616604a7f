// History playback: a vehicle of the demo fleet plays back a range; the cursor moves along the route and the
// item's panel follows it (time, speed, sensors at the cursor). Screenshots at 1440 px and 390 px.
import { assert, byTestId, chooseOption, shot, signInTo } from "../lib.mjs";

export const name = "history playback: range loads, plays, cursor and panel move";

/** Loads the playback range until the demo fleet has stored enough of it (the fleet starts with the server). */
async function loadRange(page) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    await page.locator(byTestId("playback-load")).click();
    await page
      .locator(`${byTestId("playback-summary")}, ${byTestId("playback-error")}`)
      .first()
      .waitFor({ timeout: 15_000 });
    const summary = page.locator(byTestId("playback-summary"));
    if ((await summary.count()) === 1) {
      const enough = await page
        .locator(byTestId("playback-bar"))
        .evaluate((bar) => Number(bar.dataset.cursor) > 0);
      if (enough) return true;
    }
    await page.waitForTimeout(3_000);
    // The range ends "now" when the bar opens: open it afresh so the new positions fall inside.
    await page.locator(byTestId("playback-close")).click();
    await page.locator(byTestId("map-playback-open")).click();
    await page.locator(byTestId("playback-bar")).waitFor();
  }
  return false;
}

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript(() => localStorage.setItem("vigia.debug", "1"));
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  await page.locator(byTestId("live-map")).waitFor();
  await page.waitForFunction(() => (window.vigiaDebug?.live?.size() ?? 0) > 0, null, { timeout: 20_000 });

  // A vehicle that is moving if the list shows one, otherwise the first.
  const moving = page.locator('[data-testid^="map-row-v:"]', { hasText: "km/h" });
  const row =
    (await moving.count()) > 0 ? moving.first() : page.locator('[data-testid^="map-row-v:"]').first();
  await row.click();
  await page.locator(byTestId("map-detail")).waitFor();
  await page.locator(byTestId("map-playback-open")).click();
  await page.locator(byTestId("playback-bar")).waitFor();
  assert(await loadRange(page), "the playback range never held the vehicle's positions");
  await page.locator(byTestId("playback-cursor")).waitFor();

  // Slowest speed, so the cursor is seen moving rather than jumping to the end.
  await chooseOption(page, "playback-speed", "1×");
  const cursorBefore = await page.locator(byTestId("playback-bar")).getAttribute("data-cursor");
  const timeBefore = await page.locator(byTestId("playback-cursor-time")).textContent();
  await page.locator(byTestId("playback-play")).click();
  await page.waitForFunction(
    (before) =>
      document.querySelector('[data-testid="playback-bar"]')?.getAttribute("data-cursor") !== before,
    cursorBefore,
    { timeout: 10_000 },
  );
  await page.waitForFunction(
    (before) => document.querySelector('[data-testid="playback-cursor-time"]')?.textContent !== before,
    timeBefore,
    { timeout: 10_000 },
  );
  // Pause (unless it reached the end already): the panel settles on the position under the cursor.
  if ((await page.locator(byTestId("playback-play")).getAttribute("data-playing")) === "1")
    await page.locator(byTestId("playback-play")).click();
  await page.locator(byTestId("playback-sensors")).waitFor({ timeout: 15_000 });
  const speed = await page.locator(byTestId("playback-cursor-speed")).textContent();
  assert(/\d+ km\/h/.test(speed ?? ""), `the panel shows no speed at the cursor: "${speed}"`);
  const summary = await page.locator(byTestId("playback-summary")).textContent();
  assert(/\d+/.test(summary ?? ""), "no trips/stops summary");
  await shot(page, "playback-1440");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator(byTestId("playback-bar")).waitFor();
  await shot(page, "playback-390");

  await page.locator(byTestId("playback-close")).click();
  await page.locator(byTestId("playback-bar")).waitFor({ state: "detached" });
  await page.close();
}
