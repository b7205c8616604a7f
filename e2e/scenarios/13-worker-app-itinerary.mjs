// An itinerary assigned to a person: the reseller assigns it to the person for every day (the editor shows the person
// ticked in its picker); the person's paired phone walks to the first waypoint; its Tasks tab shows the itinerary
// above the tickets with that waypoint arrived and the next one marked (the live map's detail of the person shows the
// day too), and still shows it without a connection.
// It runs before every scenario that moves the server clock forward: the phone stamps its fixes with the
// browser's clock, and the day they belong to is the server's.
import {
  assert,
  byTestId,
  openPairedApp,
  personWithAppDevice,
  phoneContext,
  shot,
  signInTo,
  waitForPath,
} from "../lib.mjs";

export const name = "worker app: a person's itinerary, the first waypoint reached on foot shows arrived";

const DEVICE = "e2e-phone-15";
const KEY = "e2e-phone-15-key-00000001";
const ITINERARY = "E2E walking round";
/** North along the Castellana, about 110 m between points; the last two inside the first waypoint. */
const WALK = [40.43, 40.431, 40.432, 40.4329, 40.433].map((latitude) => ({ latitude, longitude: -3.6905 }));

export async function run({ context, baseUrl }) {
  const { reseller, admin, ok, resellerId, base, device, person } = await personWithAppDevice(baseUrl, {
    deviceId: DEVICE,
    key: KEY,
    name: "E2E Round Walker",
  });
  const before = (await ok(admin, "GET", `${base}/appconfig`)).config;
  await ok(admin, "PUT", `${base}/appconfig`, { ...before, precision: 6, sensorInterval: 100 });
  // Planned at the day's last minute with a whole day's margin: the arrival window is open whenever this runs.
  const planned = { time: "23:59", before: 1440, after: 0 };
  const itinerary = await ok(reseller, "POST", `${base}/itineraries`, {
    name: ITINERARY,
    waypoints: [
      { kind: "point", lat: 40.433, lng: -3.6905, radius: 60, ...planned },
      { kind: "point", lat: 40.44, lng: -3.69, radius: 60, ...planned },
    ],
    assignments: [{ itemType: "person", itemId: person.id, days: [0, 1, 2, 3, 4, 5, 6] }],
  });

  const phone = await phoneContext(context, { ...WALK[0], accuracy: 5 });
  try {
    // The editor's picker offers persons as well as vehicles: this one is ticked on every day.
    const desk = await context.newPage();
    await desk.setViewportSize({ width: 1440, height: 900 });
    await signInTo(desk, baseUrl, "reseller@vigia.demo", "/companies");
    await desk.getByText("Acme Logistics").first().click();
    await waitForPath(desk, "/");
    await desk.locator('a[href="/itineraries"]').click();
    await waitForPath(desk, "/itineraries");
    await desk
      .locator(byTestId("table-row"))
      .filter({ hasText: ITINERARY })
      .locator(byTestId("row-action-edit"))
      .click();
    const row = desk.locator(byTestId(`assign-person-${person.id}`));
    await row.waitFor();
    await row.scrollIntoViewIfNeeded();
    const ticked = await row.locator('input[type="checkbox"]:checked').count();
    assert(ticked === 7, `the person is assigned on every day in the editor (got ${ticked})`);
    await shot(desk, "13-itinerary-editor-person");
    await desk.close();

    const page = await openPairedApp(phone, baseUrl, DEVICE, KEY);

    // Before walking: the itinerary is there, its first waypoint pending and next.
    await page.locator(byTestId("tab-tasks")).click();
    const card = page.locator(byTestId("itinerary")).filter({ hasText: ITINERARY });
    await card.waitFor();
    const first = card.locator(byTestId("itinerary-waypoint")).first();
    assert((await first.getAttribute("data-state")) === "pending", "the first waypoint starts pending");
    assert((await first.getAttribute("data-next")) === "1", "the first waypoint starts as the next one");

    await page.locator(byTestId("tab-track")).click();
    await page.locator(byTestId("track-start")).click();
    await page.locator(byTestId("track-stop")).waitFor();
    const shows = (point) =>
      page
        .getByText(`${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}`, { exact: true })
        .waitFor({ timeout: 15_000 });
    await shows(WALK[0]);
    for (const point of WALK.slice(1)) {
      await phone.setGeolocation({ ...point, accuracy: 5 });
      await shows(point);
    }
    await page.waitForFunction(() => document.querySelector('[data-testid="queued"]')?.textContent === "0");

    // The upload is acknowledged once durable; the route may be stored a moment later: read until it is.
    const stored = async () => {
      const route = await ok(
        admin,
        "GET",
        `${base}/persons/id/${person.id}/route?from=${Date.now() - 3_600_000}&to=${Date.now() + 60_000}`,
      );
      return route.points.some((p) => p.lat.toFixed(4) === "40.4330");
    };
    for (let tries = 0; tries < 40 && !(await stored()); tries++) await page.waitForTimeout(250);
    assert(await stored(), "the walk's last point is in the person's route");

    await page.locator(byTestId("tab-tasks")).click();
    await card.waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="itinerary"] [data-testid="itinerary-waypoint"]')?.dataset
          .state === "arrived",
      null,
      { timeout: 15_000 },
    );
    const second = card.locator(byTestId("itinerary-waypoint")).nth(1);
    assert((await first.textContent()).includes("Llegado"), "the first waypoint's badge says it was reached");
    assert((await second.getAttribute("data-next")) === "1", "the second waypoint is now the next one");
    await shot(page, "13-app-itinerary-arrived");

    // The live map's detail of the person shows the same day to the company's admin.
    // Its own context: the reseller's session stays in this scenario's one.
    const office = await context
      .browser()
      .newContext({ viewport: { width: 1440, height: 900 }, locale: "es-ES" });
    const map = await office.newPage();
    await signInTo(map, baseUrl, "admin@acme.demo", "/");
    await map.locator(byTestId("map-search")).fill("E2E Round Walker");
    await map.locator('[data-testid^="map-row-p:"]').filter({ hasText: "E2E Round Walker" }).first().click();
    const section = map.locator(byTestId("map-detail-itinerary"));
    await section.getByText(ITINERARY).waitFor();
    await section.scrollIntoViewIfNeeded();
    await shot(map, "13-map-person-itinerary");
    await office.close();

    // Without a connection the tab still shows the itinerary as last read.
    await phone.setOffline(true);
    await page.locator(byTestId("tasks-reload")).click();
    await page.locator(byTestId("itinerary-cached")).waitFor();
    assert((await first.getAttribute("data-state")) === "arrived", "offline: the copy last read is shown");
    await shot(page, "13-app-itinerary-offline");
    await phone.setOffline(false);
    await page.close();
  } finally {
    await phone.close();
    await reseller("DELETE", `${base}/itineraries/id/${itinerary.id}`);
    await admin("PUT", `${base}/appconfig`, before);
    await reseller("PUT", `resellers/id/${resellerId}/trackers/id/${device}/company`, { companyId: null });
    await reseller("DELETE", `resellers/id/${resellerId}/trackers/id/${device}`);
    await admin("DELETE", `${base}/persons/id/${person.id}`);
  }
}
