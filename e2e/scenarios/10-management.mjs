// Management: a reseller imports devices (every bad row shows its error) and assigns one to Acme; the table
// exports to xlsx, csv and pdf and the files open; the Acme admin creates a group, a vehicle with that device
// and a user; the read-only viewer sees no action buttons.
import { readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { assert, byTestId, chooseOption, shot, signInTo } from "../lib.mjs";

export const name =
  "management: device import and assignment, exports, admin creates group/vehicle/user, viewer read-only";

const IMEI = "356307042440001";
const CSV = [
  "idImei,description,type,phone,simType",
  `${IMEI},E2E tracker,1,+34600111222,1`,
  ",no imei,1,,",
  "356307042440003,unknown type,77,,",
  `356307042440004,long phone,1,${"6".repeat(33)},`,
  "356307042440005,bad sim,1,,5",
  "35630704244000Z,not hex,1,,",
].join("\n");
const BAD_ROWS = 5;

/** A fresh page signed in as `email`: the previous account's stored session is dropped first. */
async function pageAs(context, baseUrl, email, landing) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signInTo(page, baseUrl, email, landing);
  return page;
}

async function saveForm(page) {
  await page.waitForFunction(
    (sel) => !document.querySelector(sel)?.hasAttribute("disabled"),
    byTestId("mgmt-save"),
  );
  await page.locator(byTestId("mgmt-save")).click();
  await page.locator(byTestId("mgmt-form")).waitFor({ state: "detached", timeout: 10_000 });
}

/** Types into the table search and waits until the debounced filter shows only matching rows. */
async function search(page, text) {
  await page
    .locator(`${byTestId("table-search")} input, input${byTestId("table-search")}`)
    .first()
    .fill(text);
  if (text.length < 2) return;
  await page.waitForFunction(
    ({ sel, needle }) => {
      const rows = [...document.querySelectorAll(sel)];
      return rows.length > 0 && rows.every((r) => r.textContent.toLowerCase().includes(needle));
    },
    { sel: byTestId("table-row"), needle: text.toLowerCase() },
  );
}

async function exportAll(page, dir) {
  const files = {};
  for (const format of ["xlsx", "csv", "pdf"]) {
    await page.locator(byTestId("table-export")).click();
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 20_000 }),
      page.locator(byTestId(`table-export-${format}`)).click(),
    ]);
    const name = download.suggestedFilename();
    assert(
      new RegExp(`^report_devices_\\d{4}-\\d{2}-\\d{2}\\.${format}$`).test(name),
      `export file name ${name}`,
    );
    const path = join(dir, name);
    await download.saveAs(path);
    files[format] = path;
  }
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(files.xlsx);
  const sheet = book.worksheets[0];
  assert(sheet && sheet.rowCount > 1, "xlsx has a header and rows");
  const csv = readFileSync(files.csv, "utf8");
  assert(csv.includes("IMEI"), "csv has the header");
  const pdf = readFileSync(files.pdf, "latin1");
  assert(pdf.startsWith("%PDF"), "pdf header");
  const pages = (pdf.match(/\/Type\s*\/Page\b/g) ?? []).length;
  assert(pages >= 1, `pdf has ${pages} pages`);
}

export async function run({ context, baseUrl }) {
  const dir = await mkdtemp(join(tmpdir(), "vigia-e2e-"));
  // Reseller: import devices with bad rows, then assign the good one to Acme.
  const reseller = await context.newPage();
  await signInTo(reseller, baseUrl, "reseller@vigia.demo", "/companies");
  await reseller.locator(byTestId("table-companies")).waitFor();
  await shot(reseller, "mgmt-companies");
  await reseller.goto(`${baseUrl}/devices`);
  await reseller.locator(byTestId("table-devices")).waitFor();
  await reseller.locator(byTestId("devices-import")).click();
  await reseller.locator(`${byTestId("import-dialog")} input[type=file]`).setInputFiles({
    name: "devices.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(CSV),
  });
  await reseller.locator(byTestId("import-errors")).waitFor();
  const errorRows = await reseller.locator(byTestId("import-error-row")).count();
  assert(errorRows === BAD_ROWS, `expected ${BAD_ROWS} error rows, got ${errorRows}`);
  const errorsText = await reseller.locator(byTestId("import-errors")).textContent();
  for (const text of [
    "Falta el IMEI",
    "Tipo de dispositivo desconocido",
    "Teléfono de más de 32",
    "Tipo de SIM desconocido",
    "hexadecimales",
  ])
    assert((errorsText ?? "").includes(text), `import errors show "${text}"`);
  await shot(reseller, "mgmt-devices-import");
  await reseller.locator(byTestId("import-confirm")).click();
  await reseller.getByText(/Insertados 1/).waitFor();
  await reseller.keyboard.press("Escape");
  await search(reseller, IMEI);
  await reseller.locator(byTestId("table-row")).first().waitFor();
  await reseller.locator(byTestId("row-action-assignCompany")).first().click();
  await chooseOption(reseller, "assign-company-select", "Acme Logistics");
  await reseller.locator(byTestId("assign-company-confirm")).click();
  await reseller.locator(byTestId("row-action-unassignCompany")).first().waitFor();
  await search(reseller, "");
  await shot(reseller, "mgmt-devices");
  try {
    await exportAll(reseller, dir);
  } catch (error) {
    await shot(reseller, "mgmt-export-failure");
    throw error;
  }
  await reseller.close();

  // Acme administrator: group, vehicle with the device, user.
  const admin = await pageAs(context, baseUrl, "admin@acme.demo", "/");
  await admin.goto(`${baseUrl}/groups`);
  await admin.locator(byTestId("mgmt-new")).click();
  await admin.locator(byTestId("field-name")).fill("E2E Group");
  await saveForm(admin);
  await admin.getByText("E2E Group", { exact: true }).first().waitFor();
  await shot(admin, "mgmt-groups");

  await admin.goto(`${baseUrl}/vehicles`);
  await admin.locator(byTestId("table-vehicles")).waitFor();
  await admin.locator(byTestId("mgmt-new")).click();
  await admin.locator(byTestId("field-plate")).fill("E2E-001");
  await admin.locator(byTestId("field-name")).fill("E2E truck");
  await chooseOption(admin, "field-group", "E2E Group");
  await chooseOption(admin, "field-device", IMEI);
  await shot(admin, "mgmt-vehicle-form");
  await saveForm(admin);
  await search(admin, "E2E-001");
  await admin.getByText(IMEI).first().waitFor({ timeout: 10_000 });
  await search(admin, "");
  await shot(admin, "mgmt-vehicles");

  await admin.goto(`${baseUrl}/users`);
  await admin.locator(byTestId("table-users")).waitFor();
  await admin.locator(byTestId("mgmt-new")).click();
  await admin.locator(byTestId("field-email")).fill("e2e.user@acme.demo");
  await admin.locator(byTestId("field-firstName")).fill("E2E");
  await admin.locator(byTestId("field-lastName")).fill("User");
  await chooseOption(admin, "field-groups", "E2E Group");
  await admin.keyboard.press("Escape");
  await shot(admin, "mgmt-user-form");
  await saveForm(admin);
  await admin.getByText("e2e.user@acme.demo").first().waitFor();
  await shot(admin, "mgmt-users");
  // The demo viewer is a plain read-only USER, which the guard keeps out of management screens; the admin
  // makes it a read-only ADMIN so it can open /vehicles and show what read-only means there.
  await search(admin, "viewer@acme.demo");
  await admin.locator(byTestId("row-action-edit")).first().click();
  await chooseOption(admin, "field-role", "Administrador");
  await saveForm(admin);
  await admin.close();

  // Read-only viewer: rows but no actions, no mass select, no new button.
  const viewer = await pageAs(context, baseUrl, "viewer@acme.demo", "/");
  await viewer.goto(`${baseUrl}/vehicles`);
  await viewer.locator(byTestId("table-row")).first().waitFor();
  for (const id of ["row-action-edit", "row-action-delete", "mgmt-new", "table-select-all"])
    assert((await viewer.locator(byTestId(id)).count()) === 0, `viewer sees ${id}`);
  await shot(viewer, "mgmt-viewer-vehicles");
}
