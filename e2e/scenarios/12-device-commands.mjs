// Commands from the map: an admin reboots a Teltonika vehicle's tracker from the item panel, confirms, and sees
// the device's answer; a GT06 vehicle is offered its commands with a note on the reset the protocol cannot
// confirm; a container's tracker is never offered engine stop; an operator sees why the buttons are not there.
import { assert, byTestId, shot, signInTo } from "../lib.mjs";

export const name =
  "device commands: confirm, send, the device's answer; offered per device and item; operators are told why not";

async function openItem(page, letter, name) {
  await page.locator(byTestId("live-map")).waitFor();
  await page.locator(`[data-testid^="map-row-${letter}:"]`, { hasText: name }).first().click();
  await page.locator(byTestId("map-commands")).waitFor({ timeout: 15_000 });
}
const openVehicle = (page, vehicle) => openItem(page, "v", vehicle);
const offered = async (page, kind) => (await page.locator(byTestId(`map-command-${kind}`)).count()) === 1;

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

  // Demo vehicle 3 carries a GT06N: its reset restarts the terminal with no answer, which the panel says.
  await openVehicle(page, "Seat Leon 3");
  for (const kind of ["engineStop", "engineResume", "reboot"])
    assert(await offered(page, kind), `the GT06 vehicle is not offered ${kind}`);
  const note = await page.locator(byTestId("map-commands-unanswered")).textContent();
  assert(note.includes("Reiniciar") && note.includes("Enviado"), `no note on the unanswered reset: ${note}`);
  await page.locator(byTestId("map-command-reboot")).click();
  await page.locator(byTestId("map-command-confirm-unanswered")).waitFor();
  await shot(page, "command-unanswered-confirm");
  await page.keyboard.press("Escape");
  await page.locator(byTestId("map-command-confirm-unanswered")).waitFor({ state: "detached" });
  // The relay commands are answered: engine stop reaches "Respondido" with the terminal's words.
  await page.locator(byTestId("map-command-engineStop")).click();
  await page.locator(byTestId("map-command-confirm-send")).waitFor();
  assert(
    (await page.locator(byTestId("map-command-confirm-unanswered")).count()) === 0,
    "engine stop is said to have no answer",
  );
  await page.locator(byTestId("map-command-confirm-send")).click();
  await answered.first().waitFor({ timeout: 30_000 });
  await page.getByText("Cut off the fuel supply: Success!").first().waitFor({ timeout: 30_000 });
  await shot(page, "command-gt06-answered");

  // A container carries a GT06N too, but has no engine: only the reboot and a custom text are offered.
  await openItem(page, "a", "Container C-01");
  assert(await offered(page, "reboot"), "the container's tracker is not offered a reboot");
  for (const kind of ["engineStop", "engineResume"])
    assert(!(await offered(page, kind)), `the container is offered ${kind}`);
  await shot(page, "command-container");
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
