// An administrator creates a trips report from /reports, sees it on screen (table, chart or notice) and
// downloads it as a PDF named report_{name}_{date}.pdf; an empty form shows its errors per field first.
import { readFileSync } from "node:fs";
import { assert, byTestId, chooseOption, shot, signInTo } from "../lib.mjs";

export const name = "a trips report to screen and to PDF";

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  // Through the menu, not a page load: the company is not read again.
  await page.locator(`${byTestId("nav-menu")} a[href="/reports"]`).click();
  await page.locator(byTestId("reports-page")).waitFor({ timeout: 60_000 });

  // Nothing chosen: the form says what is missing, field by field, and sends nothing.
  await page.locator(byTestId("report-run")).click();
  await page.locator(byTestId("report-selection-error")).waitFor({ timeout: 5_000 });

  await chooseOption(page, "report-type", "Trayectos");
  await page.locator(byTestId("report-vehicles")).first().click();
  const options = page.getByRole("option");
  await options.first().waitFor();
  for (let i = 0; i < 3; i++) await options.nth(i).click();
  await page.keyboard.press("Escape");
  await page.getByLabel("Nombre (para el archivo)").fill("Flota Madrid");
  await page.locator(byTestId("report-run")).click();
  await page.locator(byTestId("report-result")).waitFor({ timeout: 60_000 });
  const table = await page.locator(byTestId("report-result")).innerText();
  assert(table.includes("Trayectos"), `the result has no title: ${table.slice(0, 200)}`);
  await shot(page, "14-reports-screen");

  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 20_000 }),
    page.locator(byTestId("report-download-pdf")).click(),
  ]);
  const file = download.suggestedFilename();
  assert(/^report_Flota_Madrid_\d{4}-\d{2}-\d{2}\.pdf$/.test(file), `unexpected file name ${file}`);
  const bytes = readFileSync(await download.path());
  assert(bytes.subarray(0, 5).toString("latin1") === "%PDF-", "the download is not a PDF");

  // Phone layout: the form stacks and stays usable.
  await page.setViewportSize({ width: 390, height: 900 });
  await shot(page, "14-reports-phone");
}
