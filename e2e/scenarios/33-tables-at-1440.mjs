// The management tables and the trips report fit a 1440 × 900 screen: neither the page nor the tables scroll
// sideways (on narrower screens a table scrolls inside its own frame, as a last resort, never the page); long
// texts are cut after two lines with the whole text in their tooltip.
import { assert, byTestId, chooseOption, shot, signInTo } from "../lib.mjs";

export const name = "tables at 1440 px: trips report, costs, tickets, maintenance and users fit the page";

/** The page's sideways overflow, and what sticks out past the window when it has some (for the message). */
async function overflow(page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
    const tables = [...document.querySelectorAll('[data-testid="table-scroll"]')].map((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    return { scrollWidth: root.scrollWidth, clientWidth: width, wide, tables };
  });
}

async function assertFits(page, screen) {
  const o = await overflow(page);
  await shot(page, `33-${screen}`);
  assert(
    o.scrollWidth <= o.clientWidth,
    `${screen}: the page scrolls sideways (${o.scrollWidth} > ${o.clientWidth}): ${o.wide.join(", ")}`,
  );
  // At this width the columns fit: the table's own sideways scroll is left for narrower screens.
  assert(o.tables.length > 0, `${screen}: no table`);
  for (const t of o.tables)
    assert(
      t.scrollWidth <= t.clientWidth + 1,
      `${screen}: the table scrolls sideways (${t.scrollWidth} > ${t.clientWidth})`,
    );
}

async function openFromMenu(page, key) {
  await page.locator(`${byTestId("nav-menu")} a[href="/${key}"]`).click();
}

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, baseUrl, "admin@acme.demo", "/");

  await openFromMenu(page, "reports");
  await page.locator(byTestId("reports-page")).waitFor({ timeout: 60_000 });
  await chooseOption(page, "report-type", "Trayectos");
  await page.locator(byTestId("report-vehicles")).first().click();
  const options = page.getByRole("option");
  await options.first().waitFor();
  for (let i = 0; i < 4; i++) await options.nth(i).click();
  await page.keyboard.press("Escape");
  await page.locator(byTestId("report-run")).click();
  await page.locator(byTestId("report-result")).waitFor({ timeout: 60_000 });
  await assertFits(page, "trips-report");

  for (const [key, table] of [
    ["costs", "table-costs"],
    ["tickets", "table-tickets"],
    ["maintenances", "table-maintenances"],
    ["users", "table-users"],
  ]) {
    await openFromMenu(page, key);
    await page.locator(byTestId(table)).locator(byTestId("table-row")).first().waitFor({ timeout: 30_000 });
    await assertFits(page, key);
  }
}
