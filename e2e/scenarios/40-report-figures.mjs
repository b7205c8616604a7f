// The report screen explains its figures and shows the period it will read: the definitions page (trip, stop, idle,
// driving time, distance, fuel) is one click away, and with "yesterday" chosen the greyed period fields show
// yesterday, midnight to midnight, in the company's time zone.
import { assert, byTestId, chooseOption, shot, signInTo } from "../lib.mjs";

export const name = "report figures: definitions linked, preset period shown";

/** YYYY-MM-DD of an instant in a zone. */
const dayIn = (ts, timeZone) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    ts,
  );

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  await page.locator(`${byTestId("nav-menu")} a[href="/reports"]`).click();
  await page.locator(byTestId("reports-page")).waitFor({ timeout: 60_000 });

  await chooseOption(page, "report-preset", "Ayer");
  const from = (await page.locator(byTestId("report-from")).textContent()) ?? "";
  const to = (await page.locator(byTestId("report-to")).textContent()) ?? "";
  const today = dayIn(Date.now(), "Europe/Madrid");
  const yesterday = dayIn(Date.now() - 86_400_000, "Europe/Madrid");
  // Around midnight the two clocks may straddle a day: either reading of "yesterday" is right then.
  assert(from.includes(`${yesterday} 00:00`) || from.includes(`${today} 00:00`), `from shows ${from}`);
  assert(to.includes("00:00"), `to shows ${to}`);
  await shot(page, "40-report-period");

  await page.locator(byTestId("report-definitions")).click();
  await page.locator(byTestId("help-page")).waitFor({ timeout: 15_000 });
  const text = (await page.locator(byTestId("help-page")).textContent()) ?? "";
  for (const heading of ["Viaje", "Parada", "Ralentí", "Tiempo de conducción", "Distancia", "Combustible"])
    assert(text.includes(heading), `the definitions lack "${heading}"`);
  await shot(page, "40-report-definitions");
}
