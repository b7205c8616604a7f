// A form built then submitted: the Acme admin builds a form (a range whose minimum is above its maximum is
// refused inline), assigns it to the company's root group, fills it in from the map's "edit forms" modal on
// a vehicle (a required field left empty is named), and finds the submission in the form's list and detail.
import { assert, byTestId, chooseOption, shot, signInTo } from "../lib.mjs";

export const name = "forms: a form built in /forms, submitted from the map, listed with its detail";

const FORM = `Trailer inspection ${Date.now() % 100000}`;

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  await page.goto(`${baseUrl}/forms`);
  await page.locator(byTestId("table-forms")).waitFor();
  await page.locator(byTestId("table-row")).first().waitFor();
  await shot(page, "19-forms");

  await page.locator(byTestId("mgmt-new")).click();
  await page.locator(byTestId("field-name")).fill(FORM);
  await page.locator(byTestId("builder-groups")).click();
  await page.getByRole("option", { name: "Acme", exact: true }).click();
  await page.keyboard.press("Escape");
  await chooseOption(page, "builder-type-0", "Número");
  await page.locator(byTestId("builder-label-0")).fill("Odometer");
  await page.locator(byTestId("builder-min-0")).fill("20");
  await page.locator(byTestId("builder-max-0")).fill("10");
  await page.getByText("El inicio debe ser anterior al fin").first().waitFor();
  assert(await page.locator(byTestId("mgmt-save")).isDisabled(), "save is disabled while min > max");
  await shot(page, "19-form-builder-error");
  await page.locator(byTestId("builder-max-0")).fill("900000");
  await page.locator(byTestId("builder-add-field")).click();
  await chooseOption(page, "builder-type-1", "Selección única");
  await page.locator(byTestId("builder-label-1")).fill("Doors");
  await page.locator(`${byTestId("builder-options-1")}`).fill("Closed");
  await page.keyboard.press("Enter");
  await page.locator(`${byTestId("builder-options-1")}`).fill("Open");
  await page.keyboard.press("Enter");
  await page
    .locator(`${byTestId("builder-field-1")} input[type=checkbox]`)
    .first()
    .check();
  await shot(page, "19-form-builder");
  await page.locator(byTestId("mgmt-save")).click();
  await page.locator(byTestId("mgmt-form")).waitFor({ state: "detached" });
  await page.locator(byTestId("table-row")).filter({ hasText: FORM }).waitFor();

  // On the map: pick a vehicle, open its forms, send one.
  await page.goto(`${baseUrl}/`);
  // A demo vehicle of an Acme group (earlier scenarios add vehicles of their own, without the form's groups).
  await page.locator(byTestId("map-search")).fill("Renault Master");
  await page.locator('[data-testid^="map-row-v:"]').filter({ hasText: "Renault Master" }).first().click();
  await page.locator(byTestId("map-detail-forms")).click();
  await page.locator(byTestId("item-forms")).waitFor();
  // The vehicle's forms load after the window opens; with more than one the window asks which.
  const select = page.locator(byTestId("item-forms-select"));
  await select
    .or(page.locator(byTestId("form-field-f1")))
    .first()
    .waitFor({ timeout: 30_000 });
  if (await select.count()) {
    // Typing narrows the list to the one form; Playwright's click waits for the option to hold still.
    await select.fill(FORM);
    await page.getByRole("option", { name: FORM, exact: true }).click();
  }
  await page.locator(byTestId("form-field-f1")).waitFor();
  await page.locator(`${byTestId("form-field-f1")}`).fill("48500");
  await page.locator(byTestId("item-forms-submit")).click();
  await page.getByText("Obligatorio").first().waitFor();
  await shot(page, "19-item-forms-required");
  await page.locator(byTestId("form-field-f2")).click();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await page.locator(byTestId("item-forms-submit")).click();
  await page.locator(byTestId("item-forms-sent")).waitFor();
  await shot(page, "19-item-forms-sent");
  await page.keyboard.press("Escape");

  // Back in /forms: the submission is listed and its detail shows the values.
  await page.goto(`${baseUrl}/forms`);
  const row = page.locator(byTestId("table-row")).filter({ hasText: FORM });
  await row.locator(byTestId("row-action-submissions")).click();
  await page.locator(byTestId("submissions")).waitFor();
  const submitted = page.locator(byTestId("table-row")).filter({ hasText: "48500" });
  await submitted.waitFor();
  await submitted.locator(byTestId("row-action-view")).click();
  const detail = page.locator(byTestId("submission-detail"));
  await detail.waitFor();
  const text = (await detail.textContent()) ?? "";
  for (const value of ["48500", "Closed", "Alicia Moreno", "v1"])
    assert(text.includes(value), `detail shows ${value}`);
  await shot(page, "19-submission-detail");
}
