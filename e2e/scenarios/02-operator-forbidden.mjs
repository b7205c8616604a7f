// An OPERATOR who opens /users is logged out, and the sign-in screen says why.
import { assert, byTestId, signInTo, waitForPath } from "../lib.mjs";

export const name = "operator opening /users is logged out and told why";

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await signInTo(page, baseUrl, "operator@acme.demo", "/");
  await page.goto(`${baseUrl}/users`);
  await waitForPath(page, "/login");
  await page.locator(byTestId("login-submit")).waitFor();
  const tokens = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(".tokens")));
  assert(tokens.length === 0, `tokens still stored: ${tokens.join(",")}`);
  const why = page.locator(byTestId("login-signed-out"));
  await why.waitFor({ timeout: 5_000 });
  const text = await why.innerText();
  assert(text.includes("/users"), `the sign-in screen does not say which page was refused: ${text}`);
}
