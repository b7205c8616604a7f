// Indoor: an admin uploads a floor plan, places it by dragging a corner and saves it; on the live
// map the demo warehouse shows its plan with a level selector, and an indoor item positioned from beacon
// sightings (source 5) moves.
import { assert, byTestId, shot, signInTo } from "../lib.mjs";

export const name = "indoor: place a floor plan, watch an indoor item move on the live map";

/** A 40 × 25 px PNG plan (our own bytes): enough for the upload's type sniffing and the map's image source. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAACgAAAAZCAIAAADMuvsyAAAAOklEQVR4nGOwsXEbEMQAxK8/fKUzGrUYIoRfA1VkRy0etXjU4lGLRy0etXjUYnwW0weNWkxviwcEAQBlSnOsIrZS5wAAAABJRU5ErkJggg==",
  "base64",
);

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem("vigia.debug", "1"));
  await signInTo(page, baseUrl, "admin@acme.demo", "/");

  // ---- place a floor plan ----
  await page.goto(`${baseUrl}/indoor`);
  await page.locator(byTestId("indoor-page")).waitFor();
  await page.locator(byTestId("mgmt-new")).click();
  await page.locator(byTestId("indoor-name")).fill("E2E level");
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "plan.png", mimeType: "image/png", buffer: PNG });
  const topRight = page.locator(byTestId("indoor-topRight"));
  await topRight.waitFor({ timeout: 15_000 });
  const before = await topRight.inputValue();
  const marker = page.locator(byTestId("corner-topRight"));
  await marker.waitFor();
  const box = await marker.boundingBox();
  assert(box, "the top-right corner handle is not on the map");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height + 10, { steps: 6 });
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height + 20, { steps: 6 });
  await page.mouse.up();
  const after = await topRight.inputValue();
  assert(after !== before, `dragging the corner did not move it (${before})`);
  await shot(page, "indoor-placing");
  await page.locator(byTestId("indoor-save")).click();
  await page.locator(byTestId("indoor-form")).waitFor({ state: "detached", timeout: 10_000 });
  await page.getByText("E2E level", { exact: true }).first().waitFor({ timeout: 10_000 });
  await shot(page, "indoor-list");

  // ---- beacons of the demo warehouse ----
  await page.goto(`${baseUrl}/beacons`);
  await page.locator(byTestId("beacons-page")).waitFor();
  await page.getByText("B-0.1", { exact: true }).first().waitFor({ timeout: 10_000 });
  await page.waitForTimeout(1500);
  await shot(page, "indoor-beacons");

  // ---- the live map: plan, level selector, an indoor item moving ----
  await page.goto(`${baseUrl}/`);
  await page.locator(byTestId("live-map")).waitFor();
  await page.locator(byTestId("level-selector")).waitFor({ timeout: 20_000 });
  // The indoor items' positions (BLE, source 5), read in the page; one of them moves within a few reports.
  const first = await page.waitForFunction(
    () => {
      const live = window.vigiaDebug?.live;
      if (!live) return null;
      const out = {};
      for (const k of live.keys()) {
        const pos = live.get(k)?.pos;
        if (pos?.src === 5) out[k] = `${pos.lat},${pos.lng}`;
      }
      return Object.keys(out).length > 0 ? out : null;
    },
    null,
    { timeout: 30_000 },
  );
  const was = await first.jsonValue();
  await page.waitForFunction(
    (before) => {
      const live = window.vigiaDebug.live;
      return Object.entries(before).some(([k, p]) => {
        const pos = live.get(k)?.pos;
        return pos?.src === 5 && `${pos.lat},${pos.lng}` !== p;
      });
    },
    was,
    { timeout: 40_000 },
  );
  await page.locator(byTestId("level-building")).first().click();
  await page.waitForTimeout(1500);
  await shot(page, "indoor-live-level0");
  await page.locator(byTestId("level-selector")).getByText("P1", { exact: true }).click();
  await page.waitForTimeout(1500);
  await shot(page, "indoor-live-level1");
}
