// Two-step sign-in: a user sets up an authenticator from the profile (QR code and key), signs out,
// signs in with the password and then the authenticator's code (a wrong code is refused), and turns it off.
import { generate } from "otplib";
import { advanceClock, assert, byTestId, shot, signIn, waitForPath } from "../lib.mjs";

export const name = "two-step sign-in with an authenticator code";

const USER = "subadmin@acme.demo";

/** The code of the next 30-second step: a code is accepted once, so every use moves the clock a step on. */
async function nextCode(baseUrl, secret) {
  const now = await advanceClock(baseUrl, 30_000);
  return generate({ secret, epoch: Math.floor(now / 1000) });
}

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, baseUrl, USER);
  await waitForPath(page, "/");
  await page.goto(`${baseUrl}/profile`);
  await page.locator(byTestId("otp-setup")).click();
  await page.locator(byTestId("otp-qr")).waitFor();
  const secret = (await page.locator(byTestId("otp-secret")).textContent()).trim();
  assert(/^[A-Z2-7]{16,}$/.test(secret), `secret looks like base32: ${secret}`);
  await shot(page, "totp-profile-setup");
  await page.locator(byTestId("profile-otp")).fill(await nextCode(baseUrl, secret));
  await page.locator(byTestId("profile-otp-confirm")).click();
  await page.locator(byTestId("otp-on")).waitFor();

  await page.locator(byTestId("user-menu")).click();
  await page.locator(byTestId("logout")).click();
  await page.locator(byTestId("login-submit")).waitFor();

  // The password alone is not enough any more: the code step follows.
  await signIn(page, baseUrl, USER);
  const codeField = page.locator(byTestId("login-otp"));
  await codeField.waitFor();
  await codeField.fill("000000");
  await page.locator(byTestId("login-otp-submit")).click();
  await page.getByText("no es válido").waitFor();
  await shot(page, "totp-login-wrong-code");
  await codeField.fill(await nextCode(baseUrl, secret));
  await page.locator(byTestId("login-otp-submit")).click();
  await waitForPath(page, "/");
  await page.locator(byTestId("user-menu")).waitFor();

  // Turned off again with a current code, so the account is as the other scenarios expect it.
  await page.goto(`${baseUrl}/profile`);
  await page.locator(byTestId("otp-off")).click();
  await page.locator(byTestId("profile-otp")).fill(await nextCode(baseUrl, secret));
  await page.locator(byTestId("profile-otp-confirm")).click();
  await page.locator(byTestId("otp-disabled")).waitFor();
  await page.close();
}
