// Back office: the Acme admin imports costs from a CSV with a bad row (the preview shows its error and only
// the good rows go in), fixes the row and imports it; the totals show; then marks a revision done with its
// workshop on /maintenances (the next one is scheduled) and the revision shows as done.
import { assert, byTestId, shot, signInTo } from "../lib.mjs";

export const name = "back office: cost CSV import with a bad row then fixed, a revision marked done";

const HEADER = "name,type,quantity,unitPrice,tax,currency,date,vehicle,driver,asset,description";
const GOOD = "E2E tyres,repair,4,110,21,EUR,2026/01/05,,,,";
const BAD = "E2E ferry,toll,0,35,0,EUR,2026/01/06,,,,";
const FIXED = "E2E ferry,toll,1,35,0,EUR,2026/01/06,,,,";

async function importCsv(page, csv) {
  await page.locator(byTestId("costs-import")).click();
  await page.locator(`${byTestId("import-dialog")} input[type=file]`).setInputFiles({
    name: "costs.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await page.locator(byTestId("import-summary")).waitFor();
}

async function search(page, text) {
  await page
    .locator(`${byTestId("table-search")} input, input${byTestId("table-search")}`)
    .first()
    .fill(text);
  await page.waitForFunction(
    ({ sel, needle }) => {
      const rows = [...document.querySelectorAll(sel)];
      return rows.length > 0 && rows.every((r) => r.textContent.toLowerCase().includes(needle));
    },
    { sel: byTestId("table-row"), needle: text.toLowerCase() },
  );
}

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  await page.goto(`${baseUrl}/costs`);
  await page.locator(byTestId("table-costs")).waitFor();
  await page.locator(byTestId("cost-totals")).waitFor();

  await importCsv(page, [HEADER, GOOD, BAD].join("\n"));
  await page.locator(byTestId("import-errors")).waitFor();
  const errorRows = await page.locator(byTestId("import-error-row")).count();
  assert(errorRows === 1, `expected 1 error row, got ${errorRows}`);
  const errors = (await page.locator(byTestId("import-errors")).textContent()) ?? "";
  assert(errors.includes("La cantidad no puede ser cero"), `the bad row says why: ${errors}`);
  await shot(page, "backoffice-costs-import-preview");
  await page.locator(byTestId("import-confirm")).click();
  await page.getByText(/Insertados 1/).waitFor();
  await page.keyboard.press("Escape");

  // The fixed row goes in on its own.
  await importCsv(page, [HEADER, FIXED].join("\n"));
  assert((await page.locator(byTestId("import-error-row")).count()) === 0, "the fixed file has no errors");
  await page.locator(byTestId("import-confirm")).click();
  await page.getByText(/Insertados 1/).waitFor();
  await page.keyboard.press("Escape");
  await search(page, "E2E");
  const rows = await page.locator(byTestId("table-row")).count();
  assert(rows === 2, `both imported costs are listed, got ${rows}`);
  await search(page, "");
  await shot(page, "backoffice-costs");

  await page.goto(`${baseUrl}/maintenances`);
  await page.locator(byTestId("table-maintenances")).waitFor();
  await page.locator(byTestId("maintenance-calendar")).waitFor();
  await shot(page, "backoffice-maintenances");
  await search(page, "ITV");
  const before = await page.locator(byTestId("row-action-done")).count();
  assert(before > 0, "an open revision can be marked done");
  await page.locator(byTestId("row-action-done")).first().click();
  await page.locator(byTestId("done-workshop")).fill("Talleres E2E");
  await shot(page, "backoffice-revision-done-form");
  await page.locator(byTestId("mgmt-save")).click();
  await page.locator(byTestId("mgmt-form")).waitFor({ state: "detached", timeout: 10_000 });
  await page.getByText("Talleres E2E").first().waitFor();
  await page.locator(byTestId("row-action-undone")).first().waitFor();
  await shot(page, "backoffice-revision-done");

  // Phone layout: the list stays usable.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${baseUrl}/costs`);
  await page.locator(byTestId("table-costs")).waitFor();
  await shot(page, "backoffice-costs-phone");
}
