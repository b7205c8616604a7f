// Places: draw a polygon and a circle on the geozones map, save, reload and find them again; create a POI
// on one page and watch it appear on a second open places map through the live channel.
import { assert, byTestId, shot, signInTo } from "../lib.mjs";

export const name = "places: draw geozones, reload, live POI on a second map";

/** The map canvas box, to click at fractions of its size. */
async function mapBox(page) {
  const canvas = page.locator(`${byTestId("places-map")} canvas`);
  await canvas.waitFor();
  const box = await canvas.boundingBox();
  assert(box, "places map has no size");
  return { at: (fx, fy) => [box.x + box.width * fx, box.y + box.height * fy] };
}

async function saveNamed(page, placeName) {
  await page.locator(byTestId("place-name")).fill(placeName);
  const save = page.locator(byTestId("place-save"));
  await page.waitForFunction(
    (sel) => !document.querySelector(sel)?.hasAttribute("disabled"),
    byTestId("place-save"),
  );
  await save.click();
  await page.locator(byTestId("place-save")).waitFor({ state: "detached", timeout: 10_000 });
  await page.getByText(placeName, { exact: true }).first().waitFor({ timeout: 10_000 });
}

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  await page.goto(`${baseUrl}/geozones`);
  await page.locator(byTestId("new-polygon")).click();
  const map = await mapBox(page);
  // Wait for the map so the pointer handlers are bound.
  await page.waitForFunction(
    (sel) => document.querySelector(sel)?.classList.contains("maplibregl-map"),
    byTestId("places-map"),
  );

  // Polygon: three clicks, the last one a double-click that finishes it.
  await page.mouse.click(...map.at(0.3, 0.3));
  await page.mouse.click(...map.at(0.5, 0.25));
  await page.mouse.dblclick(...map.at(0.45, 0.5));
  await page.locator(byTestId("geozone-form")).waitFor();
  await shot(page, "places-polygon-drawn");
  await saveNamed(page, "E2E polygon");

  // Circle: press at the centre, drag out the radius.
  await page.locator(byTestId("new-circle")).click();
  const [cx, cy] = map.at(0.7, 0.6);
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 40, cy, { steps: 5 });
  await page.mouse.move(cx + 80, cy, { steps: 5 });
  await page.mouse.up();
  const radius = Number((await page.locator(byTestId("place-radius")).inputValue()).replace(/[^\d.]/g, ""));
  assert(radius > 1, `dragging set no radius (${radius})`);
  await saveNamed(page, "E2E circle");

  await page.reload();
  await page.getByText("E2E polygon", { exact: true }).first().waitFor({ timeout: 15_000 });
  await page.getByText("E2E circle", { exact: true }).first().waitFor({ timeout: 15_000 });
  await shot(page, "places-geozones-after-reload");

  // Two maps open on the POIs screen: a POI made on the first appears on the second.
  const second = await context.newPage();
  await second.goto(`${baseUrl}/pois`);
  await second.locator(byTestId("places-map")).waitFor({ timeout: 15_000 });
  await page.goto(`${baseUrl}/pois`);
  await page.locator(byTestId("new-poi")).click();
  const poiMap = await mapBox(page);
  await page.waitForFunction(
    (sel) => document.querySelector(sel)?.classList.contains("maplibregl-map"),
    byTestId("places-map"),
  );
  // The second page needs its live channel bound before the POI is made.
  await second.locator('[data-testid="places-frame"][data-live="bound"]').waitFor({ timeout: 20_000 });
  await page.mouse.click(...poiMap.at(0.5, 0.5));
  await page.locator(byTestId("poi-position")).waitFor();
  await saveNamed(page, "E2E live POI");
  await second.getByText("E2E live POI", { exact: true }).first().waitFor({ timeout: 15_000 });
  await shot(second, "places-poi-on-second-map");
  await shot(page, "places-pois");

  await page.goto(`${baseUrl}/wmsmaps`);
  await page.locator(byTestId("wms-form")).waitFor();
  await shot(page, "places-wms");
  await second.close();
}
