// Commands from the map (issue 21): an admin reboots a Teltonika vehicle's tracker from the item panel,
// confirms, and sees the device's answer; an operator sees why the buttons are not there.
import { assert, byTestId, shot, signInTo } from "../lib.mjs";

export const name = "device commands: confirm, send, the device's answer; operators are told why not";

async function openVehicle(page, vehicle) {
  await page.locator(byTestId("live-map")).waitFor();
  await page.locator('[data-testid^="map-row-v:"]', { hasText: vehicle }).first().click();
  await page.locator(byTestId("map-commands")).waitFor({ timeout: 15_000 });
}

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  // Demo vehicle 1 carries a Teltonika FMB920, which the simulator connects.
  await openVehicle(page, "Renault Master 1");
  await page.locator(byTestId("map-command-reboot")).click();
  await page.locator(byTestId("map-command-confirm-send")).waitFor();
  await shot(page, "command-confirm");
  await page.locator(byTestId("map-command-confirm-send")).click();
  const answered = page.locator('[data-testid^="map-command-status-"]', { hasText: "Respondido" });
  await answered.first().waitFor({ timeout: 30_000 });
  const history = await page.locator(byTestId("map-commands-history")).innerText();
  assert(history.includes("Reset in 5 sec"), `the device's answer is not shown: ${history}`);
  await shot(page, "command-answered");
  // Sign out, so the operator signs in on the same browser.
  await page.locator(byTestId("user-menu")).click();
  await page.locator(byTestId("logout")).click();
  await page.locator(byTestId("login-username")).waitFor();
  await page.close();

  const operator = await context.newPage();
  await signInTo(operator, baseUrl, "operator@acme.demo", "/");
  const row = operator.locator('[data-testid^="map-row-v:"]').first();
  await row.click();
  await operator.locator(byTestId("map-detail")).waitFor();
  const commands = operator.locator(byTestId("map-commands"));
  if (await commands.count()) {
    const text = await commands.innerText();
    assert(text.includes("Su rol no puede enviar comandos"), `operator sees: ${text}`);
    assert(
      (await operator.locator(byTestId("map-command-reboot")).count()) === 0,
      "operator has a reboot button",
    );
  }
  await operator.close();
}
