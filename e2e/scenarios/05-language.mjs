// Switching the language in the user dropdown changes the texts of the frame.
import { assert, byTestId, chooseOption, shot, signInTo } from "../lib.mjs";

export const name = "switching language changes the texts";

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  await page.locator(byTestId("menu-vehicles")).getByText("Vehículos").waitFor();
  await page.locator(byTestId("user-menu")).click();
  await chooseOption(page, "language-select", "English");
  await page.locator(byTestId("menu-vehicles")).getByText("Vehicles").waitFor();
  await page.locator(byTestId("logout")).getByText("Log out").waitFor();
  await chooseOption(page, "language-select", "Türkçe");
  await page.locator(byTestId("menu-vehicles")).getByText("Araçlar").waitFor();
  await shot(page, "language-turkish");
  const stored = await page.evaluate(() => localStorage.getItem("vigia.language"));
  assert(stored === "tr", `stored language is ${stored}`);
  // The choice is the user's (saved to the profile), so it holds after a reload. Later scenarios sign in as this
  // admin and read Spanish: the scenario leaves the language as it found it.
  await page.reload();
  await page.locator(byTestId("menu-vehicles")).getByText("Araçlar").waitFor();
  await page.locator(byTestId("user-menu")).click();
  const saved = page.waitForResponse(
    (r) => r.request().method() === "PUT" && r.url().endsWith("/current/user") && r.ok(),
  );
  await chooseOption(page, "language-select", "Español");
  await page.locator(byTestId("menu-vehicles")).getByText("Vehículos").waitFor();
  await saved;
}
