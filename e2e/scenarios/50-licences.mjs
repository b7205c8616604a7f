// Licences count: the reseller's company with 2 vehicle licences takes its second vehicle from the form and
// refuses the third with the limit named inside the dialog; the companies list shows 2 / 2 at its limit and
// the overview counts the company as at a limit.
import { apiAs, assert, byTestId, chooseOption, shot, signInTo, waitForPath } from "../lib.mjs";

export const name =
  "licences: a company with 2 vehicle licences refuses the third; the list shows used / licensed";

const COMPANY = "Licencias E2E";

async function newVehicle(page, plate) {
  await page.locator(byTestId("mgmt-new")).click();
  await page.locator(byTestId("field-plate")).fill(plate);
  await chooseOption(page, "field-group", COMPANY);
  await page.waitForFunction(
    (sel) => !document.querySelector(sel)?.hasAttribute("disabled"),
    byTestId("mgmt-save"),
  );
  await page.locator(byTestId("mgmt-save")).click();
}

/** The text of the company's licence cells in the companies table (vehicles first, then assets). */
async function licenceCells(page) {
  const row = page.locator(byTestId("table-row")).filter({ hasText: COMPANY });
  await row.waitFor();
  return row.locator(byTestId("licence-cell")).allTextContents();
}

export async function run({ context, baseUrl }) {
  const api = await apiAs(baseUrl, "reseller@vigia.demo");
  const me = await api("GET", "current/user");
  const resellerId = me.body?.resellerId;
  assert(typeof resellerId === "number", `the reseller's id: ${JSON.stringify(me.body).slice(0, 200)}`);
  const created = await api("POST", `resellers/id/${resellerId}/companies`, {
    name: COMPANY,
    resellerId,
    licenses: { vehicleTotal: 2, vehicleBillable: 2, assetTotal: 0, assetBillable: 0 },
  });
  assert(created.status === 200, `company created: ${created.status} ${JSON.stringify(created.body)}`);
  const companyId = created.body.id;
  const groups = await api("GET", `companies/id/${companyId}/groups`);
  const group = Number(Object.keys(groups.body)[0]);
  const first = await api("POST", `companies/id/${companyId}/vehicles`, {
    plate: "LIC-001",
    consumption: { average: 8, highway: 7, urban: 9, idle: 1 },
    group,
  });
  assert(first.status === 200, `first vehicle over the API: ${first.status}`);

  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, baseUrl, "reseller@vigia.demo", "/companies");
  const before = await licenceCells(page);
  assert(before[0]?.startsWith("1 / 2"), `1 of 2 vehicle licences used: ${before}`);

  await page.locator(byTestId("company-row")).filter({ hasText: COMPANY }).getByRole("button").click();
  await waitForPath(page, "/");
  // Through the menu: the company chosen stays in this page's memory.
  await page.locator(byTestId("menu-vehicles")).click();
  await page.locator(byTestId("table-vehicles")).waitFor();
  await newVehicle(page, "LIC-002");
  await page.locator(byTestId("mgmt-form")).waitFor({ state: "detached", timeout: 10_000 });

  await newVehicle(page, "LIC-003");
  const alert = page.locator(`${byTestId("mgmt-form")} [role=alert]`);
  await alert.waitFor({ timeout: 10_000 });
  const text = (await alert.textContent()) ?? "";
  assert(text.includes("límite de 2 licencias de vehículos"), `the refusal names the limit: ${text}`);
  await shot(page, "licences-refused");
  await page.keyboard.press("Escape");

  await page.locator(byTestId("menu-companies")).click();
  await page.locator(byTestId("companies-page")).waitFor();
  // The list refetches on return: wait for the new count rather than read the cached one.
  await page.waitForFunction(
    ({ row, cell, company }) =>
      [...document.querySelectorAll(row)]
        .find((r) => r.textContent.includes(company))
        ?.querySelector(cell)
        ?.textContent.startsWith("2 / 2"),
    { row: byTestId("table-row"), cell: byTestId("licence-cell"), company: COMPANY },
  );
  const after = await licenceCells(page);
  assert(
    after[0]?.startsWith("2 / 2") && after[0].includes("En el límite"),
    `2 of 2, at the limit: ${after}`,
  );
  assert(after[1]?.startsWith("0 / sin límite"), `no asset limit set: ${after}`);
  const used = (await page.locator(byTestId("overview-licenses")).textContent()) ?? "";
  assert(/En uso: \d+ vehículos/.test(used), `the overview shows licences in use: ${used}`);
  await shot(page, "licences-companies");
}
