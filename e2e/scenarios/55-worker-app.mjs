// The worker app on a phone: a new app device of a new person opens /app/ from its QR pairing link, tracks along a
// street (the browser's position moved by the test), loses its connection for part of the walk (positions queue on
// the phone), comes back and uploads them; every position is in the person's route. A held panic button raises the
// company's SOS rule like a tracker's; the person's ticket is read and commented from the phone. The app's manifest
// is the site's and its service worker controls /app/.
import { assert, byTestId, ITEM_TYPE, personWithAppDevice, phoneContext, shot, signInTo } from "../lib.mjs";

export const name = "worker app: QR pairing, tracking with an offline stretch, panic button, installable";

const DEVICE = "e2e-phone-55";
const KEY = "e2e-phone-55-key-00000001";
/** A walk north along Madrid's Castellana, about 110 m between points. */
const WALK = Array.from({ length: 8 }, (_, i) => ({ latitude: 40.43 + i * 0.001, longitude: -3.6905 }));
const OFFLINE = new Set([3, 4, 5]);

export async function run({ context, baseUrl }) {
  const { reseller, admin, ok, resellerId, me, base, device, person } = await personWithAppDevice(baseUrl, {
    deviceId: DEVICE,
    key: KEY,
    name: "E2E Phone Walker",
  });
  // Fine coordinates and a short interval, so that every point of the walk is kept as it was measured.
  const before = (await ok(admin, "GET", `${base}/appconfig`)).config;
  await ok(admin, "PUT", `${base}/appconfig`, { ...before, precision: 6, sensorInterval: 100, panic: true });
  const sos = await ok(admin, "POST", `${base}/alarms`, {
    items: { itemsType: ITEM_TYPE.person, personIds: [person.id] },
    info: { name: "E2E phone SOS", priority: 3, family: 22 },
    notification: { pushFront: true, userIds: [me.id] },
  });

  const phone = await phoneContext(context, { ...WALK[0], accuracy: 5 });
  const violations = [];
  phone.on("page", (p) =>
    p.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    }),
  );
  const started = Date.now();
  try {
    const page = await phone.newPage();
    // Installable: the site's manifest, and a service worker controlling /app/.
    await page.goto(`${baseUrl}/app/`);
    await page.getByText("Vincular este teléfono").waitFor();
    await shot(page, "worker-app-pair");
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel="manifest"]');
      const response = await fetch(link.href);
      return response.json();
    });
    const site = await (await fetch(`${baseUrl}/fr/v1/site`)).json();
    assert(manifest.name === site.sitename, `manifest named after the site: ${manifest.name}`);
    assert(
      manifest.start_url === "/app/" && manifest.display === "standalone",
      "manifest start_url and display",
    );
    assert(
      manifest.icons.some((i) => i.sizes === "192x192") && manifest.icons.some((i) => i.sizes === "512x512"),
      "manifest icons 192 and 512",
    );
    for (const icon of manifest.icons) {
      const r = await fetch(new URL(icon.src, baseUrl));
      assert(r.ok && r.headers.get("content-type") === "image/png", `icon ${icon.src} served`);
    }
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    assert(scope === `${baseUrl}/app/`, `service worker scope: ${scope}`);

    // Pairing: the device's QR code (the reseller's device list) holds the app's pairing link; opening it pairs
    // the app as the device, and the key leaves the address bar.
    const desk = await context.newPage();
    await desk.setViewportSize({ width: 1440, height: 900 });
    await signInTo(desk, baseUrl, "reseller@vigia.demo", "/companies");
    await desk.locator(byTestId("menu-devices")).click();
    await desk.locator(byTestId("table-devices")).waitFor();
    await desk.locator(byTestId("table-search")).fill(DEVICE);
    await desk
      .locator(byTestId("table-row"))
      .filter({ hasText: DEVICE })
      .locator(byTestId("row-action-qr"))
      .click();
    const qr = desk.locator(byTestId("qr-image"));
    await qr.waitFor();
    const link = await qr.getAttribute("data-value");
    assert(
      link === `${baseUrl}/app/#${new URLSearchParams({ pair: DEVICE, key: KEY })}`,
      `the QR code holds the pairing link: ${link}`,
    );
    assert(
      (await desk.locator(byTestId("qr-caption")).textContent()) === DEVICE,
      "captioned with the device id",
    );
    await shot(desk, "worker-app-device-qr");
    await desk.close();
    await page.goto(link);
    await page.locator(byTestId("paired-device")).waitFor();
    assert(
      (await page.locator(byTestId("paired-device")).textContent()).includes(DEVICE),
      "paired as the device",
    );
    assert(!page.url().includes(KEY), "the key is wiped from the address");
    await page.locator(byTestId("panic")).waitFor();

    await page.locator(byTestId("track-start")).click();
    await page.locator(byTestId("track-stop")).waitFor();
    const shows = (point) =>
      page
        .getByText(`${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}`, { exact: true })
        .waitFor({ timeout: 15_000 });
    await shows(WALK[0]);
    for (const [i, point] of WALK.entries()) {
      if (i === 0) continue;
      if (OFFLINE.has(i) && !OFFLINE.has(i - 1)) {
        await phone.setOffline(true);
        await page.locator(byTestId("network-state")).getByText("Sin conexión").waitFor();
      }
      if (!OFFLINE.has(i) && OFFLINE.has(i - 1)) await phone.setOffline(false);
      await phone.setGeolocation({ ...point, accuracy: 5 });
      await shows(point);
      if (i === Math.max(...OFFLINE)) {
        // Everything measured offline waits on the phone.
        await page.waitForFunction(
          (n) => Number(document.querySelector('[data-testid="queued"]')?.textContent) >= n,
          OFFLINE.size,
        );
        await shot(page, "worker-app-offline");
      }
    }
    await page.waitForFunction(() => document.querySelector('[data-testid="queued"]')?.textContent === "0");
    await shot(page, "worker-app-tracking");

    const now = Date.now();
    const route = await ok(
      admin,
      "GET",
      `${base}/persons/id/${person.id}/route?from=${started - 60_000}&to=${now + 60_000}`,
    );
    const lats = route.points.map((p) => p.lat.toFixed(5));
    for (const point of WALK)
      assert(lats.includes(point.latitude.toFixed(5)), `route has ${point.latitude} (got ${lats.join(" ")})`);

    // Panic: held until the app sends it, then acknowledged by the platform.
    const panic = page.locator(byTestId("panic"));
    const box = await panic.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.locator(byTestId("panic-state")).waitFor();
    await page.mouse.up();
    await page.locator(byTestId("panic-state")).getByText("SOS recibido por la plataforma").waitFor();
    await shot(page, "worker-app-panic");
    let notice = null;
    for (let tries = 0; tries < 30 && !notice; tries++) {
      const logs = await ok(
        admin,
        "GET",
        `${base}/alarmlogs?from_ts=${started - 60_000}&to_ts=${Date.now() + 60_000}`,
      );
      notice = Object.values(logs).find((l) => l.info.alarmId === sos.id) ?? null;
      if (!notice) await page.waitForTimeout(500);
    }
    assert(notice, "the SOS rule raised a notice");

    // Tasks: the person's open ticket, commented from the phone, seen by the admin.
    const ticket = await ok(admin, "POST", `${base}/tickets`, {
      type: "incident",
      title: "E2E check the dock door",
      linkKind: "person",
      linkId: person.id,
    });
    await page.locator(byTestId("tab-tasks")).click();
    await page.getByText("E2E check the dock door").waitFor();
    await page.locator(byTestId("task-comment")).fill("Door 3 sticks");
    await page.locator(byTestId("task-comment-send")).click();
    await page.locator(byTestId("task-comment-entry")).getByText("Door 3 sticks").waitFor();
    await shot(page, "worker-app-tasks");
    const seen = await ok(admin, "GET", `${base}/tickets/id/${ticket.id}`);
    assert(
      seen.comments.some((c) => c.text === "Door 3 sticks" && c.author === "E2E Phone Walker"),
      "the admin sees the phone's comment, signed with the person's name",
    );
    assert(violations.length === 0, `CSP violations: ${violations.slice(0, 3).join(" | ")}`);
    await page.close();
  } finally {
    await phone.close();
    await admin("PUT", `${base}/appconfig`, before);
    await admin("DELETE", `${base}/alarms/id/${sos.id}`);
    await reseller("PUT", `resellers/id/${resellerId}/trackers/id/${device}/company`, { companyId: null });
    await reseller("DELETE", `resellers/id/${resellerId}/trackers/id/${device}`);
    await admin("DELETE", `${base}/persons/id/${person.id}`);
  }
}
