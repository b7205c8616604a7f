// Sub-dealer staff from the UI: on /superUsers the reseller creates a staff user for Iberia Norte, a reseller
// of its own tree. The only role it may give is already chosen, the reseller picker offers its tree and
// nothing outside it, the save goes through and the list shows the user under Iberia Norte.
import { assert, byTestId, shot, signInTo } from "../lib.mjs";

export const name = "sub-reseller staff: /superUsers creates a user for a reseller of the own tree";

const EMAIL = "staff.e2e@norte.demo";

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, baseUrl, "reseller@vigia.demo", "/companies");
  await page.locator(byTestId("menu-superUsers")).click();
  await page.locator(byTestId("table-superUsers")).waitFor();
  await page.locator(byTestId("mgmt-new")).click();
  await page.locator(byTestId("field-email")).fill(EMAIL);
  await page.locator(byTestId("field-firstName")).fill("Nerea");
  await page.locator(byTestId("field-lastName")).fill("Etxeberria");
  const role = await page.locator(byTestId("field-role")).inputValue();
  assert(role === "Distribuidor", `the only role offered is chosen: "${role}"`);

  await page.locator(byTestId("field-reseller")).click();
  const options = await page.getByRole("option").allTextContents();
  assert(options.includes("Iberia Norte"), `the own tree is offered: ${options}`);
  assert(!options.includes("Atlas Telematics"), `no reseller outside the tree: ${options}`);
  await page.getByRole("option", { name: "Iberia Norte", exact: true }).click();
  await shot(page, "sub-reseller-staff-form");
  await page.locator(byTestId("mgmt-save")).click();
  await page.locator(byTestId("mgmt-form")).waitFor({ state: "detached", timeout: 10_000 });

  const row = page.locator(byTestId("table-row")).filter({ hasText: EMAIL });
  await row.waitFor();
  const text = (await row.textContent()) ?? "";
  assert(text.includes("Iberia Norte"), `the new user is listed under Iberia Norte: ${text}`);
  await shot(page, "sub-reseller-staff-list");
}
