// Periodic reports: an admin schedules a daily report in /periodic, the test clock passes its hour,
// the scheduler runs it once and the row shows the outcome (kept in the outbox: the e2e server has no SMTP; SMTP
// delivery with the file attached is checked against a real SMTP listener in packages/server/test/periodic/schedules.test.ts).
import { advanceClock, assert, byTestId, shot, signInTo } from "../lib.mjs";

export const name = "an admin schedules a periodic report and it runs when due";

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  await page.goto(`${baseUrl}/periodic`);
  // The server is busy writing the demo's 30 days of history at first start: give the screen time.
  await page.locator(byTestId("mgmt-new")).click({ timeout: 45_000 });
  const form = page.locator(byTestId("mgmt-form"));
  await form.locator(byTestId("field-name")).fill("Resumen diario e2e");
  await form.locator(byTestId("field-groups")).click();
  await page.getByRole("option").first().click();
  await page.keyboard.press("Escape");
  await form.locator(byTestId("field-frequency")).click();
  await page.getByRole("option", { name: "Diaria", exact: true }).click();
  const recipients = form.locator(byTestId("field-recipients"));
  await recipients.fill("flota@acme.test");
  await recipients.press("Enter");
  await shot(page, "periodic-form");
  const created = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().endsWith("/periodic"),
  );
  await page.locator(byTestId("mgmt-save")).click();
  const response = await created;
  assert(response.ok(), `create answered ${response.status()}`);
  const row = await response.json();
  await page.getByText("Resumen diario e2e").waitFor();

  // Past its hour (at most a day ahead): the advance runs what the owner timers would have run.
  await advanceClock(baseUrl, 86_400_000);
  // A day later the session has expired too: sign in again, as the admin would next morning. The old tab is
  // closed first: its app reacts to the expiry with navigations of its own that would race a goto in that tab.
  await page.close();
  const morning = await context.newPage();
  await morning.setViewportSize({ width: 1440, height: 900 });
  await signInTo(morning, baseUrl, "admin@acme.demo", "/");
  await morning.goto(`${baseUrl}/periodic`);
  const status = morning.locator(byTestId(`periodic-status-${row.id}`));
  await status.waitFor({ timeout: 15_000 });
  const text = (await status.textContent()) ?? "";
  assert(/bandeja de salida|Enviado/.test(text), `status after the run: ${text}`);
  await morning.locator(byTestId("row-action-history")).first().click();
  await morning.getByText("Historial de ejecuciones").waitFor();
  await shot(morning, "periodic-history");
}
