// The reseller's smaller fixes, in the browser: a device saved with an identifier already registered says so
// on the field; the SIM's APN and the APN pushed to the device have different labels; the company state list
// reads as words (no "0 · Activa"); the itinerary compliance day is an ISO date; the own reseller row offers
// no delete; reloading a page of the chosen company keeps the reseller in it.
import { apiAs, assert, byTestId, shot, signInTo, waitForPath } from "../lib.mjs";

export const name =
  "reseller small items: duplicate IMEI message, APN labels, company states, own reseller row";

export async function run({ context, baseUrl }) {
  const api = await apiAs(baseUrl, "reseller@vigia.demo");
  const me = (await api("GET", "current/user")).body;
  const stock = await api("GET", `resellers/id/${me.resellerId}/trackers`);
  const taken = Object.values(stock.body).find((d) => d.typeId === 1);
  assert(taken, "a Teltonika device of the reseller exists");

  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, baseUrl, "reseller@vigia.demo", "/companies");

  // Duplicate identifier: the answer is shown on the field, the dialog stays open.
  await page.locator(byTestId("menu-devices")).click();
  await page.locator(byTestId("table-devices")).waitFor();
  await page.locator(byTestId("mgmt-new")).click();
  await page.locator(byTestId("field-deviceId")).fill(taken.deviceId);
  await page.waitForFunction(
    (sel) => !document.querySelector(sel)?.hasAttribute("disabled"),
    byTestId("mgmt-save"),
  );
  await page.locator(byTestId("mgmt-save")).click();
  await page.getByText("Ya está en uso").waitFor({ timeout: 10_000 });
  const form = (await page.locator(byTestId("mgmt-form")).textContent()) ?? "";
  assert(form.includes("APN de la SIM (registro)"), "the SIM's APN is labelled as such");
  assert(form.includes("APN a configurar en el dispositivo"), "the configured APN is labelled as such");
  assert(/dígitos decimales \(IMEI\)/.test(form), `the IMEI hint says decimal digits: ${form.slice(0, 300)}`);
  await shot(page, "reseller-duplicate-imei");
  await page.keyboard.press("Escape");

  // Company states as words, 0 not offered to a company in state 1.
  await page.locator(byTestId("menu-companies")).click();
  // The devices table (its rows name the company too) may stay until the companies page replaces it: the row is
  // the one with the company's e-mail, which only the companies table shows.
  await waitForPath(page, "/companies");
  await page
    .locator(byTestId("table-row"))
    .filter({ hasText: "info@acme.demo" })
    .locator(byTestId("row-action-edit"))
    .click();
  await page.locator(byTestId("company-state")).click();
  const states = await page.getByRole("option").allTextContents();
  assert(
    JSON.stringify(states) ===
      JSON.stringify(["Activa", "Activa, sin distintivo de estado", "Suspendida", "Desactivada"]),
    `company states: ${states}`,
  );
  await shot(page, "reseller-company-states");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");

  // Inside Acme, the itinerary compliance day reads as an ISO date.
  await page.locator(byTestId("company-row")).filter({ hasText: "Acme" }).getByRole("button").click();
  await waitForPath(page, "/");
  await page.locator(byTestId("menu-itineraries")).click();
  const day = await page.locator(`input${byTestId("itinerary-day")}, ${byTestId("itinerary-day")}`).first();
  await day.waitFor();
  const shownDay = (await day.inputValue().catch(() => null)) ?? (await day.textContent()) ?? "";
  assert(/^\d{4}-\d{2}-\d{2}$/.test(shownDay.trim()), `the day is shown as an ISO date: "${shownDay}"`);
  await shot(page, "reseller-itinerary-day");

  // The own reseller row: edit, never delete.
  await page.locator(byTestId("menu-resellers")).click();
  const table = page.locator(byTestId("table-resellers"));
  await table.waitFor();
  // Iberia Tracking's own row (its child's path names it too).
  const own = table
    .locator(byTestId("table-row"))
    .filter({ hasText: "Iberia Tracking" })
    .filter({ hasNotText: "Norte" });
  await own.waitFor();
  const rows = table.locator(byTestId("table-row"));
  const deletes = await own.locator(byTestId("row-action-delete")).count();
  assert(deletes === 0, `no delete on the own reseller row (${deletes})`);
  assert(
    (await rows.locator(byTestId("row-action-delete")).count()) >= 1,
    "other resellers keep their delete",
  );
  await shot(page, "reseller-own-row");

  // A reload inside the chosen company stays there (Acme is still chosen in this tab).
  await page.locator(byTestId("menu-vehicles")).click();
  await waitForPath(page, "/vehicles");
  await page.reload();
  await page.locator(byTestId("table-vehicles")).waitFor({ timeout: 30_000 });
  assert(new URL(page.url()).pathname === "/vehicles", `after a reload the reseller is on ${page.url()}`);
}
