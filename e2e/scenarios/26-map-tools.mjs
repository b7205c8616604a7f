// Issue 18, the live map's tools: all sensors with a sensor's history chart, stops with addresses, distance and
// time between two route points, track-to-geozone opened in the geozone editor, a marker added and deleted, the
// DPA limits; and a geozone created in one session appearing in another without a reload (live `geozone`).
// Everything it creates it deletes again.
import { apiAs, assert, byTestId, shot, signInTo } from "../lib.mjs";

export const name = "map tools: sensors chart, stops, span, corridor to geozone, markers, DPA, live geozones";

async function openTool(page, id) {
  await page.locator(byTestId("map-tools")).click();
  await page.locator(byTestId(`map-tool-${id}`)).click();
}

async function closeModal(page) {
  await page.keyboard.press("Escape");
  await page.locator(".mantine-Modal-content").waitFor({ state: "detached" });
}

/** Selects a moving vehicle (its route has points today), else the first one, and waits for its detail. */
async function selectVehicle(page) {
  await page.locator(byTestId("live-map")).waitFor();
  await page.locator('[data-testid^="map-row-v:"]').first().waitFor({ timeout: 20_000 });
  const moving = page.locator('[data-testid^="map-row-v:"]', { hasText: "km/h" });
  const row =
    (await moving.count()) > 0 ? moving.first() : page.locator('[data-testid^="map-row-v:"]').first();
  await row.click();
  await page.locator(byTestId("map-detail")).waitFor();
}

export async function run({ context, baseUrl }) {
  const admin = await apiAs(baseUrl, "admin@acme.demo");
  const me = await admin("GET", "current/user");
  const companyId = me.body.selectedCompanyId ?? me.body.companyId;

  const page = await context.newPage();
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  await page.locator(byTestId("live-map")).waitFor();
  await selectVehicle(page);

  // All sensors, and the history chart of the first sensor that has one.
  await openTool(page, "sensors");
  await page.locator(byTestId("sensors-table")).waitFor();
  await shot(page, "maptools-sensors");
  // The odometer changes all day long; any other charted sensor will do when it is missing.
  const odometer = page.locator(byTestId("sensor-chart-odometer"));
  const chartButton =
    (await odometer.count()) > 0 ? odometer : page.locator('[data-testid^="sensor-chart-"]').first();
  assert((await chartButton.count()) > 0, "no sensor offers a history chart");
  await chartButton.click();
  await page.locator(byTestId("sensor-history")).waitFor();
  await page
    .locator(
      `${byTestId("sensor-history")} .recharts-surface, ${byTestId("sensor-history")} .mantine-Alert-root`,
    )
    .first()
    .waitFor({ timeout: 15_000 });
  await shot(page, "maptools-sensor-history");
  await closeModal(page);
  // A fresh map for the route tools (the sensors modal re-rendered with every live update while open).
  await page.goto(`${baseUrl}/`);
  await selectVehicle(page);

  // Stops with addresses.
  await openTool(page, "stops");
  await page.locator(".mantine-Modal-content").waitFor();
  await page
    .locator(".mantine-Modal-content .mantine-Loader-root")
    .waitFor({ state: "detached", timeout: 15_000 });
  await shot(page, "maptools-stops");
  await closeModal(page);

  // Distance and time between two route points.
  await openTool(page, "span");
  await page.locator(byTestId("span-from")).waitFor({ timeout: 15_000 });
  await page.locator(byTestId("span-from")).click();
  await page.getByRole("option").first().click();
  await page.locator(byTestId("span-to")).click();
  await page.getByRole("option").last().click();
  await page.locator(byTestId("span-result")).waitFor();
  await shot(page, "maptools-span");
  await closeModal(page);

  // Track to geozone: the day's route as a corridor, opened in the geozone editor.
  await openTool(page, "corridor");
  await page.locator(byTestId("corridor-width")).waitFor({ timeout: 15_000 });
  await page.locator(byTestId("corridor-build")).click();
  await page.locator(byTestId("corridor-result")).waitFor();
  await shot(page, "maptools-corridor");
  await page.locator(byTestId("corridor-open")).click();
  await page.waitForFunction(() => window.location.pathname === "/geozones");
  await page.locator(byTestId("geozone-form")).waitFor();
  await page.locator('[data-testid="places-map"][data-ready="true"]').waitFor();
  await shot(page, "maptools-corridor-editor");

  // The geozones list follows another session's edits live: a geozone created and deleted through the API.
  await page.goto(`${baseUrl}/geozones`);
  await page.locator(byTestId("places-map")).waitFor();
  const zoneName = `E2E live zone ${Date.now()}`;
  const created = await admin("POST", `companies/id/${companyId}/geozones`, {
    type: "circle",
    name: zoneName,
    color: "#2f9e44",
    lat: 40.42,
    lng: -3.7,
    radius: 300,
  });
  assert(created.status === 200, `geozone create answered ${created.status}`);
  await page.getByText(zoneName).first().waitFor({ timeout: 15_000 });
  await shot(page, "maptools-geozone-live");
  await admin("DELETE", `companies/id/${companyId}/geozones/id/${created.body.id}`);
  await page.getByText(zoneName).first().waitFor({ state: "detached", timeout: 15_000 });

  // A marker added at the map's centre, listed, then deleted.
  await page.goto(`${baseUrl}/`);
  await page.locator(byTestId("live-map")).waitFor();
  await openTool(page, "marker");
  const markerName = `Gate ${Date.now() % 10000}`;
  await page.locator(byTestId("marker-name")).fill(markerName);
  await page.locator(byTestId("marker-add")).click();
  await page.locator(byTestId("markers-table")).getByText(markerName).waitFor();
  await shot(page, "maptools-markers");
  const markers = await admin("GET", `companies/id/${companyId}/mapmarkers`);
  const mine = markers.body.find((m) => m.name === markerName);
  assert(mine?.mine === true && mine.shared === false, "the marker is the admin's own and personal");
  await closeModal(page);
  await shot(page, "maptools-marker-on-map");
  const removed = await admin("DELETE", `companies/id/${companyId}/mapmarkers/id/${mine.id}`);
  assert(removed.status === 200, `marker delete answered ${removed.status}`);

  // DPA limits.
  await openTool(page, "dpa");
  await page.locator(byTestId("dpa-info")).waitFor();
  const dpaText = await page.locator(byTestId("dpa-info")).textContent();
  assert(/\d+/.test(dpaText ?? ""), "the DPA modal shows the retention days");
  await shot(page, "maptools-dpa");
  await closeModal(page);
  await page.close();
}
