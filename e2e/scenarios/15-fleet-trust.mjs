// What a fleet manager must be able to trust: a device that goes silent turns its item offline (under
// the test clock), a save that could not do what was chosen says why inside its dialog, a group with items is
// not deleted with a raw error behind the dialog, destructive row actions ask first, and the map works on a
// phone (the detail panel is a bottom sheet) and wide tables keep their row actions at 1440 px.
import { advanceClock, apiAs, assert, byTestId, chooseOption, ITEM_TYPE, shot, signInTo } from "../lib.mjs";

export const name =
  "fleet trust: staleness under the test clock, a failed save reports itself, errors inside dialogs, phone layout";

const WALKER_DEVICE = "walkphone01"; // a Traccar Client id: not hex, accepted for OsmAnd (defect 9)
const CRATE_DEVICE = "walkphone02";
const MIN = 60_000;

/** The platform's API as a script would use it: for the changes "another user" makes meanwhile. */

/** Registers a Traccar Client device in the reseller's stock and gives it to the company. */
async function registerPhone(reseller, resellerId, companyId, deviceId) {
  const created = await reseller("POST", `resellers/id/${resellerId}/trackers`, { deviceId, typeId: 4 });
  assert(created.status === 200, `register ${deviceId}: ${created.status} ${JSON.stringify(created.body)}`);
  const given = await reseller("PUT", `resellers/id/${resellerId}/trackers/id/${created.body.id}/company`, {
    companyId,
  });
  assert(given.status === 200, `assign ${deviceId} to the company: ${given.status}`);
  return created.body.id;
}

/** One OsmAnd report, as the Traccar Client app sends it; `ageMs` back from now. */
async function report(deviceId, ageMs) {
  const ts = Math.floor((Date.now() - ageMs) / 1000);
  const url = `http://127.0.0.1:${process.env.OSMAND_PORT}/?id=${deviceId}&lat=40.4168&lon=-3.7038&timestamp=${ts}&speed=0`;
  const response = await fetch(url, { method: "POST" });
  assert(response.ok, `OsmAnd report answered ${response.status}`);
}

async function newItemForm(page, baseUrl, path, itemName, device) {
  await page.goto(`${baseUrl}/${path}`);
  await page.locator(byTestId(`table-${path}`)).waitFor();
  await page.locator(byTestId("mgmt-new")).click();
  await page.locator(byTestId("field-name")).fill(itemName);
  await chooseOption(page, "field-group", "Toledo");
  await chooseOption(page, "field-device", device);
}

async function save(page) {
  await page.waitForFunction(
    (sel) => !document.querySelector(sel)?.hasAttribute("disabled"),
    byTestId("mgmt-save"),
  );
  await page.locator(byTestId("mgmt-save")).click();
}

export async function run({ context, baseUrl }) {
  const reseller = await apiAs(baseUrl, "reseller@vigia.demo");
  const me = await reseller("GET", "current/user");
  const resellerId = me.body.resellerId;
  const companies = await reseller("GET", `resellers/id/${resellerId}/companies`);
  const acme = Object.values(companies.body).find((c) => c.name === "Acme Logistics").id;
  await registerPhone(reseller, resellerId, acme, WALKER_DEVICE);
  const crateDevice = await registerPhone(reseller, resellerId, acme, CRATE_DEVICE);

  const page = await context.newPage();
  await signInTo(page, baseUrl, "admin@acme.demo", "/");

  // Defect 8: a person takes a device like a vehicle.
  await newItemForm(page, baseUrl, "persons", "E2E Walker", WALKER_DEVICE);
  await shot(page, "trust-person-form");
  await save(page);
  await page.locator(byTestId("mgmt-form")).waitFor({ state: "detached" });

  // Defect 1: the walker's phone reports once (its fix 8 minutes old), then falls silent.
  await report(WALKER_DEVICE, 8 * MIN);
  await page.goto(`${baseUrl}/`);
  await page.locator(byTestId("map-search")).fill("E2E Walker");
  const row = page.locator('[data-testid^="map-row-p:"]').first();
  await row.locator(byTestId("map-row-age")).waitFor();
  const age = await row.locator(byTestId("map-row-age")).textContent();
  assert(/8 min/.test(age ?? ""), `the list shows the age of the last position: "${age}"`);
  assert(
    (await row.locator(byTestId("map-row-dot-offline")).count()) === 0,
    "a device heard just now is not offline",
  );
  await row.click();
  await page.locator(byTestId("map-detail-age")).waitFor();
  await shot(page, "trust-map-online");
  // Six minutes pass on the server (the company's default timeout is five): the item turns grey.
  await advanceClock(baseUrl, 6 * MIN);
  await row.locator(byTestId("map-row-dot-offline")).waitFor({ timeout: 10_000 });
  await page.getByText("Sin señal").first().waitFor();
  const badge = await page.locator(byTestId("map-detail-motion")).textContent();
  assert(badge === "Sin señal", `the detail panel says the item is offline: "${badge}"`);
  await shot(page, "trust-map-offline");

  // Defect 5: on a phone the detail is a bottom sheet and the map stays visible above it.
  // A phone opens the map with the list folded; choosing an item folds it again and shows the sheet.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.locator(byTestId("map-list-open")).click();
  await page.locator(byTestId("map-search")).fill("E2E Walker");
  await page.locator('[data-testid^="map-row-p:"]').first().click();
  await page.locator(`${byTestId("map-detail")}[data-sheet]`).waitFor();
  await page.locator(byTestId("map-list-open")).waitFor();
  // The map has loaded (its spinner is gone) before the picture is taken.
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="live-map"] .mantine-Loader-root'),
    null,
    { timeout: 20_000 },
  );
  const sheet = await page.locator(byTestId("map-detail")).boundingBox();
  assert(sheet && sheet.x >= 0 && sheet.width <= 390, `the sheet fits the screen: ${JSON.stringify(sheet)}`);
  assert(sheet.y > 844 * 0.4, `the sheet leaves the upper map visible: top at ${sheet.y}`);
  await shot(page, "trust-map-390");
  await page.setViewportSize({ width: 1440, height: 900 });

  // Defect 2: another admin puts the chosen device on a vehicle while the form is open; the save says why.
  await newItemForm(page, baseUrl, "assets", "E2E Crate", CRATE_DEVICE);
  const admin = await apiAs(baseUrl, "admin@acme.demo");
  const vehicles = await admin("GET", `companies/id/${acme}/vehicles`);
  const vehicle = Object.values(vehicles.body)[0];
  const taken = await admin("PUT", `companies/id/${acme}/trackers/id/${crateDevice}/item`, {
    itemType: ITEM_TYPE.vehicle,
    itemId: vehicle.id,
  });
  assert(taken.status === 200, `the other admin's assignment: ${taken.status}`);
  await save(page);
  const form = page.locator(byTestId("mgmt-form"));
  await form.getByText(/ya no está libre/).waitFor();
  assert(await form.isVisible(), "the dialog stays open with the reason inside it");
  await shot(page, "trust-failed-save");
  await page.keyboard.press("Escape");

  // Defect 4: deleting a group with items shows a translated reason inside the confirmation.
  await page.goto(`${baseUrl}/groups`);
  await page.locator(byTestId("table-groups")).waitFor();
  const toledo = page.locator(byTestId("table-row"), { hasText: "Toledo" }).first();
  await toledo.locator(byTestId("row-action-delete")).click();
  await page.locator(byTestId("mgmt-delete-confirm")).click();
  const failure = await page.locator(byTestId("mgmt-delete-error")).textContent();
  assert(/no está vacío/.test(failure ?? ""), `the reason is translated: "${failure}"`);
  assert(!/409|group\.notEmpty/.test(failure ?? ""), `no raw error code: "${failure}"`);
  await shot(page, "trust-group-not-empty");
  await page.close();

  // Defect 3 and 5: the reseller's device list asks before taking a device off its item, and at 1440 px the
  // row actions of the wide table are on screen.
  const devices = await context.newPage();
  await devices.setViewportSize({ width: 1440, height: 900 });
  await devices.goto(`${baseUrl}/login`);
  await devices.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signInTo(devices, baseUrl, "reseller@vigia.demo", "/companies");
  await devices.goto(`${baseUrl}/devices`);
  await devices.locator(byTestId("table-devices")).waitFor();
  await devices
    .locator(`${byTestId("table-search")} input, input${byTestId("table-search")}`)
    .first()
    .fill(WALKER_DEVICE);
  const deviceRow = devices.locator(byTestId("table-row"), { hasText: WALKER_DEVICE }).first();
  const unassign = deviceRow.locator(byTestId("row-action-unassignItem"));
  await unassign.waitFor();
  const box = await unassign.boundingBox();
  assert(box && box.x + box.width <= 1440, `the row action is on screen at 1440 px: ${JSON.stringify(box)}`);
  await unassign.click();
  await devices.locator(byTestId("row-action-confirm")).waitFor();
  const question = await devices.locator(byTestId("row-action-confirm")).textContent();
  assert(question?.includes(WALKER_DEVICE), `the confirmation names the device: "${question}"`);
  await shot(devices, "trust-devices-confirm-1440");
  await devices.locator(byTestId("row-action-confirm-ok")).click();
  await deviceRow.locator(byTestId("row-action-unassignItem")).waitFor({ state: "detached" });
  await devices.setViewportSize({ width: 390, height: 844 });
  await devices.reload();
  await devices.locator(byTestId("table-devices")).waitFor();
  await shot(devices, "trust-devices-390");
}
