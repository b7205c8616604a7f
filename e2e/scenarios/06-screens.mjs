// Walks through every screen and overlay of the frame and saves a screenshot of each.
import { byTestId, shot, signIn, signInTo, waitForPath } from "../lib.mjs";

export const name = "screens of the application frame";

export async function run({ context, baseUrl }) {
  const page = await context.newPage();

  await page.goto(`${baseUrl}/login`);
  await page.locator(byTestId("login-submit")).waitFor();
  await shot(page, "screen-login");
  await page.getByText("¿Ha olvidado su contraseña?").click();
  await page.locator(byTestId("reset-email")).waitFor();
  await shot(page, "screen-login-reset");

  await page.goto(`${baseUrl}/password/set/not-a-real-key-123`);
  await page.locator(byTestId("new-password")).fill("Abcdefg1");
  await page.locator(byTestId("repeat-password")).fill("Abcdefg1");
  await page.locator(byTestId("password-set-submit")).click();
  await page.locator(byTestId("password-set-error")).waitFor();
  await shot(page, "screen-password-set");

  await page.goto(`${baseUrl}/notifications/unsubscribe/not-a-real-key`);
  await page.locator(byTestId("unsubscribe-error")).waitFor();
  await shot(page, "screen-unsubscribe");

  // One failed attempt first, so the user menu has something to show in failed logins.
  await signIn(page, baseUrl, "admin@acme.demo", "WrongPassword9");
  await page.locator(byTestId("login-message")).waitFor();
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  await shot(page, "screen-home");
  await page.locator(byTestId("user-menu")).click();
  await page.locator(byTestId("logout")).waitFor();
  await shot(page, "screen-user-menu");
  await page.locator(byTestId("failed-logins-link")).click();
  await page.getByRole("dialog", { name: "Intentos de acceso fallidos" }).waitFor();
  await shot(page, "screen-failed-logins");
  await page.keyboard.press("Escape");

  await page.locator(byTestId("about")).click();
  await page.locator(byTestId("app-version")).waitFor();
  await page.getByText("Mostrar registro de cambios").click();
  await page.locator(byTestId("changelog")).getByText("2.4.30").first().waitFor();
  await shot(page, "screen-info");
  await page.getByRole("tab", { name: "Aplicaciones" }).click();
  await shot(page, "screen-info-apps");
  await page.keyboard.press("Escape");

  await page.getByText("Soporte", { exact: true }).click();
  await page.getByText("Iberia Support Desk").first().waitFor();
  await shot(page, "screen-support");
  await page.keyboard.press("Escape");

  await page.locator(byTestId("menu-maintenances")).click();
  await page.locator(byTestId("maintenance-calendar")).waitFor();
  await shot(page, "screen-maintenances");

  await page.getByRole("button", { name: "Contraer menú" }).click();
  await page.getByRole("button", { name: "Expandir menú" }).waitFor();
  await shot(page, "screen-menu-collapsed");
  await page.getByRole("button", { name: "Expandir menú" }).click();

  await page.goto(`${baseUrl}/profile`);
  await page.locator(byTestId("profile-page")).waitFor();
  await shot(page, "screen-profile");

  await page.setViewportSize({ width: 420, height: 820 });
  await page.locator(byTestId("user-menu")).click();
  await page.locator(byTestId("logout")).waitFor();
  await shot(page, "screen-narrow-user-menu");
  await page.locator(byTestId("logout")).click();
  await waitForPath(page, "/login");
  await page.setViewportSize({ width: 1366, height: 820 });

  await signInTo(page, baseUrl, "reseller@vigia.demo", "/companies");
  await page.locator(byTestId("company-row")).first().waitFor();
  await shot(page, "screen-companies");
  await page.locator(byTestId("company-row")).filter({ hasText: "Acme" }).getByRole("button").click();
  await waitForPath(page, "/");
  await page.locator(byTestId("company-name")).waitFor();
  await shot(page, "screen-reseller-in-company");
}
