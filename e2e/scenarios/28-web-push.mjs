// Web Push in the browser: the profile's "notifications on this browser" switch installs the
// service worker and asks the push service for a subscription. A headless browser in a private context has
// no push service (Chrome refuses the Push API there), so the switch must say it could not subscribe and
// stay off; the worker itself is then handed a push message through the DevTools protocol, exactly as the
// push service would deliver it, and must show the alarm notification.
import { assert, byTestId, shot, signInTo } from "../lib.mjs";

export const name = "web push: service worker installed from the profile shows a pushed alarm notice";

export async function run({ context, baseUrl }) {
  await context.grantPermissions(["notifications"], { origin: baseUrl });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  await page.goto(`${baseUrl}/profile`);
  const card = page.locator(byTestId("push-card"));
  await card.scrollIntoViewIfNeeded();
  await page.locator(byTestId("push-toggle")).click();
  await page.locator(byTestId("push-error")).waitFor();
  assert(
    !(await page.locator(byTestId("push-toggle")).isChecked()),
    "the switch stays off without a push service",
  );
  await shot(page, "web-push-profile");

  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.scope;
  });
  assert(scope === `${baseUrl}/`, `the worker controls the whole app: ${scope}`);

  const cdp = await context.newCDPSession(page);
  const registrationId = await new Promise((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${baseUrl}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
    void cdp.send("ServiceWorker.enable");
  });
  // The same message the server's notifier encrypts for a subscription.
  const notice = {
    title: "Entrada en Depósito Toledo",
    body: "1234 ABC · geozoneIn",
    alarmLogId: 4242,
    companyId: 1,
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: baseUrl,
    registrationId,
    data: JSON.stringify(notice),
  });
  // The worker shows it asynchronously: ask the registration until it lists it (bounded).
  let got = null;
  for (let i = 0; i < 50 && !got; i++) {
    got = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const list = await registration.getNotifications({ tag: "alarm-4242" });
      return list.length > 0 ? { title: list[0].title, body: list[0].body } : null;
    });
    if (!got) await page.waitForTimeout(100);
  }
  assert(got, "the worker showed the pushed notice");
  assert(got.title === notice.title, `notification title: ${got.title}`);
  assert(got.body === notice.body, `notification body: ${got.body}`);
  await cdp.detach();
}
