// Helpers shared by the browser scenarios: one place for selectors and waits, so scenarios read as steps.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), "screenshots");
export const DEMO_PASSWORD = "Demo1234";

export class AssertionError extends Error {}

export function assert(condition, message) {
  if (!condition) throw new AssertionError(message);
}

/** Saves a full-page PNG under e2e/screenshots/<name>.png (git-ignored). */
export async function shot(page, name) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

export const byTestId = (id) => `[data-testid="${id}"]`;

/** Waits until the app's path equals `path` (the SPA navigates without page loads). */
export async function waitForPath(page, path, timeout = 15_000) {
  await page.waitForFunction((p) => window.location.pathname === p, path, { timeout });
}

/** Opens the sign-in screen and signs in; does not wait for the landing page. */
export async function signIn(page, baseUrl, username, password = DEMO_PASSWORD) {
  await page.goto(`${baseUrl}/login`);
  await page.locator(byTestId("login-username")).fill(username);
  await page.locator(byTestId("login-password")).fill(password);
  await page.locator(byTestId("login-submit")).click();
}

/** Signs in and waits for the frame (top bar user menu) on the expected landing path. */
export async function signInTo(page, baseUrl, username, landing) {
  await signIn(page, baseUrl, username);
  await waitForPath(page, landing);
  await page.locator(byTestId("user-menu")).waitFor({ timeout: 15_000 });
  await page.locator(byTestId("loading-screen")).waitFor({ state: "detached", timeout: 15_000 });
}

/** Picks an option of a Mantine Select by its visible label. */
export async function chooseOption(page, selectTestId, label) {
  await page.locator(byTestId(selectTestId)).first().click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

/** A signed-in API client for a demo account: `(method, path, body)` → `{ status, body }`. */
export async function apiAs(baseUrl, username) {
  const login = await fetch(`${baseUrl}/fr/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  assert(login.ok, `API login of ${username}: ${login.status}`);
  const { accessToken } = await login.json();
  return async (method, path, body) => {
    const response = await fetch(`${baseUrl}/fr/v1/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

/**
 * Cuts a browser context off from everything but the platform's own origin, as a machine without internet
 * would be: every other request is aborted and kept in the returned list, so a scenario can assert that none
 * was even tried.
 */
export async function onlyOwnOrigin(context, baseUrl) {
  const own = new URL(baseUrl).origin;
  const outside = [];
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.origin === own || url.protocol === "data:" || url.protocol === "blob:") return route.continue();
    outside.push(url.href);
    return route.abort("internetdisconnected");
  });
  return outside;
}
