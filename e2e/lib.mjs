// Helpers shared by the browser scenarios: one place for selectors and waits, so scenarios read as steps.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

/** The domain's own codes (item types…), read from its TypeScript sources so that no scenario restates them. */
export const { ITEM_TYPE } = await tsImport("@vigia/domain", import.meta.url);

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

/**
 * Waits until the map's list shows an item. The list fills from the live channel's snapshot, so once it shows the
 * channel is bound: a notice raised from then on reaches this page as a toast, where one raised before it would
 * reach no one (toasts are not replayed).
 */
export async function waitForLiveMap(page) {
  await page.locator('[data-testid^="map-row-"]').first().waitFor({ timeout: 30_000 });
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
 * As the Acme admin over the API: a circular geozone and a "zone entry" alarm rule on the first demo item of
 * `itemType` (`ITEM_TYPE.vehicle` or `.person`) whose tracker speaks `proto`, notifying the admin in the web. Answers that
 * item's device, whose fixes the scenario then sends.
 */
export async function zoneEntryAlarm(baseUrl, { proto, itemType, zone, alarmName }) {
  const api = await apiAs(baseUrl, "admin@acme.demo");
  const call = async (method, path, body) => {
    const response = await api(method, path, body);
    assert(response.status < 300, `${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const me = await call("GET", "current/user");
  const base = `companies/id/${me.companyId ?? me.company?.id}`;
  const [trackers, inputs] = await Promise.all([
    call("GET", `${base}/trackers`),
    call("GET", `${base}/trackers/inputs`),
  ]);
  const types = new Set(
    Object.values(inputs.types)
      .filter((t) => t.proto === proto)
      .map((t) => t.id),
  );
  const device = Object.values(trackers).find((d) => d.itemType === itemType && types.has(d.typeId));
  assert(device, `a demo item of type ${itemType} with a ${proto} tracker exists`);
  const created = await call("POST", `${base}/geozones`, { type: "circle", ...zone });
  const items =
    itemType === ITEM_TYPE.vehicle
      ? { itemsType: ITEM_TYPE.vehicle, vehicleIds: [device.itemId] }
      : { itemsType: ITEM_TYPE.person, personIds: [device.itemId] };
  await call("POST", `${base}/alarms`, {
    items,
    info: {
      name: alarmName,
      priority: 3,
      family: 5,
      geozones: { geozoneIds: [created.id], toIn: true, toOut: false },
    },
    notification: { pushFront: true, userIds: [me.id] },
  });
  return device;
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

/**
 * As the demo reseller and the Acme admin over the API: a worker-app device (`deviceId`, `key`, tracker type 5)
 * given to Acme and put on a new person `name` in Acme's first group, as the worker-app scenarios start. Answers
 * the two clients, `ok` (a call that must succeed, answering its body), the company's API path and the ids.
 */
export async function personWithAppDevice(baseUrl, { deviceId, key, name }) {
  const reseller = await apiAs(baseUrl, "reseller@vigia.demo");
  const admin = await apiAs(baseUrl, "admin@acme.demo");
  const ok = async (api, method, path, body) => {
    const r = await api(method, path, body);
    assert(r.status < 300, `${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const resellerId = (await ok(reseller, "GET", "current/user")).resellerId;
  const me = await ok(admin, "GET", "current/user");
  const base = `companies/id/${me.companyId}`;
  const device = (
    await ok(reseller, "POST", `resellers/id/${resellerId}/trackers`, { deviceId, typeId: 5, key })
  ).id;
  await ok(reseller, "PUT", `resellers/id/${resellerId}/trackers/id/${device}/company`, {
    companyId: me.companyId,
  });
  const groups = Object.values(await ok(admin, "GET", `${base}/groups`));
  const person = await ok(admin, "POST", `${base}/persons`, { name, group: groups[0].id });
  await ok(admin, "PUT", `${base}/trackers/id/${device}/item`, { itemType: 3, itemId: person.id });
  return { reseller, admin, ok, resellerId, me, base, device, person };
}

/** A phone in the browser of `context` (390 × 844, touch, Spanish) whose geolocation the scenario moves. */
export function phoneContext(context, geolocation) {
  return context.browser().newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: "es-ES",
    reducedMotion: "reduce",
    permissions: ["geolocation"],
    geolocation,
  });
}

/**
 * The worker app on `phone`, installed (its service worker keeps the app's files, so it opens again without a
 * network) and paired with `deviceId` and its key through the link the administrator shares.
 */
export async function openPairedApp(phone, baseUrl, deviceId, key) {
  const page = await phone.newPage();
  await page.goto(`${baseUrl}/app/`);
  await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await page.goto(`${baseUrl}/app/#${new URLSearchParams({ pair: deviceId, key })}`);
  await page.locator(byTestId("paired-device")).waitFor();
  return page;
}

/**
 * Moves the e2e server's test clock forward by `ms` (0 only reads it) and answers the server's time after the
 * move; the timers that would have run meanwhile have run when it answers.
 */
export async function advanceClock(baseUrl, ms) {
  const response = await fetch(`${baseUrl}/test/clock/advance`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ms }),
  });
  assert(response.ok, `test clock answered ${response.status} (is VIGIA_TEST_CLOCK=manual set?)`);
  return (await response.json()).now;
}
