// The Initech administrator (company state 3) sees the suspended modal; accepting logs out.
import { byTestId, shot, signIn, waitForPath } from "../lib.mjs";

export const name = "suspended company modal logs out on accept";

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await signIn(page, baseUrl, "admin@initech.demo");
  await page.getByText("Empresa suspendida").waitFor();
  await shot(page, "company-suspended");
  await page.locator(byTestId("company-blocked-accept")).click();
  await waitForPath(page, "/login");
  await page.locator(byTestId("login-submit")).waitFor();
}
