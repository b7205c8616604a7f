// Numbers a manager can act on, in Spanish: the dashboard's distance tile is the dashboard API's total in the
// Spanish format; the live panel shows its figures one way ("181.360,7 km", never "181360.7 km") and the GSM
// signal in its real unit (never "rayas"); with yesterday's route loaded in the panel, the map tools open on
// yesterday, not today.
import { assert, byTestId, shot, signInTo } from "../lib.mjs";

export const name = "numbers in one format per language; map tools open on the loaded day";

/** YYYY-MM-DD of an instant in a zone. */
const dayIn = (ts, timeZone) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    ts,
  );

/** The product's distance format in Spanish: metres under 1 km, else km with one decimal. */
const spanishDistance = (metres) =>
  metres < 1000
    ? `${new Intl.NumberFormat("es", { maximumFractionDigits: 0 }).format(Math.round(metres))} m`
    : `${new Intl.NumberFormat("es", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.round(metres / 100) / 10)} km`;

/** Picks a day in the open Mantine date picker: the month's day button of `day` (YYYY-MM-DD). */
async function pickDay(page, day, today) {
  if (day.slice(0, 7) !== today.slice(0, 7)) await page.locator('[data-direction="previous"]').last().click();
  const dayOfMonth = String(Number(day.slice(8, 10)));
  await page
    .locator("table button:not([data-outside]):not([data-disabled])", {
      hasText: new RegExp(`^${dayOfMonth}$`),
    })
    .last()
    .click();
}

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  // Debug mode (packages/web/README.md) lets the test ask which vehicles the map has sensors of.
  await page.addInitScript(() => localStorage.setItem("vigia.debug", "1"));
  await signInTo(page, baseUrl, "admin@acme.demo", "/");

  // The dashboard tile shows the API's own total, in Spanish.
  const answered = page.waitForResponse((r) => /\/dashboard\?/.test(r.url()) && r.ok(), { timeout: 60_000 });
  await page.goto(`${baseUrl}/dashboard`);
  const api = await (await answered).json();
  const tile = page.locator(byTestId("tile-distance-value"));
  await tile.filter({ hasNotText: "…" }).waitFor({ timeout: 30_000 });
  const shown = (await tile.textContent())?.trim();
  assert(
    shown === spanishDistance(api.totals.distanceM),
    `dashboard shows ${shown}, its API answered ${api.totals.distanceM} m`,
  );
  await shot(page, "41-dashboard-spanish");

  // The live panel: one number format, the GSM signal in its unit.
  await page.goto(`${baseUrl}/`);
  await page.locator(byTestId("live-map")).waitFor();
  await page.locator('[data-testid^="map-row-v:"]').first().waitFor({ timeout: 20_000 });
  // A vehicle whose device has reported sensors (one may not have reported since the demo started).
  const handle = await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-testid^="map-row-v:"]')]
        .map((el) => el.getAttribute("data-testid").replace("map-row-", ""))
        .find((k) => Object.keys(window.vigiaDebug?.live?.get(k)?.sensors ?? {}).length > 0) ?? null,
    null,
    { timeout: 30_000 },
  );
  const row = page.locator(byTestId(`map-row-${await handle.jsonValue()}`));
  await row.click();
  await page.locator(byTestId("map-detail")).waitFor();
  await page.locator(byTestId("map-sensors")).waitFor({ timeout: 20_000 });
  const panel = (await page.locator(byTestId("map-detail")).textContent()) ?? "";
  // Cells run together in the text ("204.571,2 kmCuentahoras"): no word boundary after the unit.
  assert(
    !/\d\.\d km/.test(panel),
    `the panel shows an English decimal: ${panel.match(/[\d.,]+\.\d km/)?.[0]}`,
  );
  assert(/\d,\d km/.test(panel), "the panel shows no distance with a Spanish decimal comma");
  assert(!/rayas|bars/.test(panel), "the GSM signal still reads in bars");

  // Yesterday's route in the panel; the stops and day use tools open on yesterday.
  const timeZone = "Europe/Madrid";
  const today = dayIn(Date.now(), timeZone);
  const yesterday = dayIn(Date.now() - 86_400_000, timeZone);
  await page.locator(byTestId("map-route-day")).click();
  await pickDay(page, yesterday, today);
  const routeDay = (await page.locator(byTestId("map-route-day")).textContent())?.trim();
  assert(routeDay === yesterday, `the route picker shows ${routeDay}, not ${yesterday}`);
  await page.locator(byTestId("map-route-load")).click();
  await page
    .locator(`${byTestId("map-route-summary")}, ${byTestId("map-route-error")}`)
    .first()
    .waitFor({ timeout: 30_000 });

  for (const [tool, picker] of [
    ["stops", "stops-day"],
    ["dayUse", "dayuse-day"],
  ]) {
    await page.locator(byTestId("map-tools")).click();
    await page.locator(byTestId(`map-tool-${tool}`)).click();
    const day = page.locator(byTestId(picker));
    await day.waitFor();
    const opened = (await day.textContent())?.trim();
    assert(opened === yesterday, `the ${tool} tool opened on ${opened}, the loaded route is of ${yesterday}`);
    await shot(page, `41-${tool}-on-loaded-day`);
    await page.keyboard.press("Escape");
    await day.waitFor({ state: "detached" });
  }
}
