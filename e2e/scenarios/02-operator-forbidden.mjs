// An OPERATOR who opens /users is logged out (spec 01 §6 access guard).
import { assert, byTestId, signInTo, waitForPath } from "../lib.mjs";

export const name = "operator opening /users is logged out";

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await signInTo(page, baseUrl, "operator@acme.demo", "/");
  await page.goto(`${baseUrl}/users`);
  await waitForPath(page, "/login");
  await page.locator(byTestId("login-submit")).waitFor();
  const tokens = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(".tokens")));
  assert(tokens.length === 0, `tokens still stored: ${tokens.join(",")}`);
}
