// An alarm's place in words without a third party: with every origin but the platform's own cut off, a person's
// phone (Traccar Client, OsmAnd protocol) walks into a geozone in the demo city and the alarm toast names the
// street and house number the platform's own address tables give for that place.
import {
  assert,
  byTestId,
  ITEM_TYPE,
  onlyOwnOrigin,
  shot,
  signInTo,
  waitForLiveMap,
  zoneEntryAlarm,
} from "../lib.mjs";

export const name = "offline addresses: the alarm toast shows the street and number of the place";

const OSMAND_PORT = Number(process.env.OSMAND_PORT ?? 5055);
// By Acme's centre in Madrid, on the demo network's central avenue.
const ZONE = { lat: 40.4168, lng: -3.7038 };

async function sendFix(deviceId, fix) {
  const query = new URLSearchParams({
    id: deviceId,
    timestamp: String(Math.round(fix.ts / 1000)),
    lat: String(fix.lat),
    lon: String(fix.lng),
    speed: "2",
  });
  const response = await fetch(`http://127.0.0.1:${OSMAND_PORT}/?${query}`, { method: "POST" });
  assert(response.ok, `OsmAnd fix: ${response.status}`);
}

export async function run({ context, baseUrl }) {
  const outside = await onlyOwnOrigin(context, baseUrl);
  const device = await zoneEntryAlarm(baseUrl, {
    proto: "osmand",
    itemType: ITEM_TYPE.person,
    zone: { name: "E2E plaza", lat: ZONE.lat, lng: ZONE.lng, radius: 120 },
    alarmName: "Plaza arrival",
  });

  const page = await context.newPage();
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  // The fixes below raise the notice at once: the page must be listening before they are sent.
  await waitForLiveMap(page);

  // Fixes an hour ahead so the demo simulator's own fixes for this phone count as older and are ignored.
  const t0 = Date.now() + 3_600_000;
  const path = [
    { lat: ZONE.lat + 0.004, lng: ZONE.lng },
    { lat: ZONE.lat + 0.0004, lng: ZONE.lng },
    { lat: ZONE.lat + 0.0002, lng: ZONE.lng },
    { lat: ZONE.lat + 0.0001, lng: ZONE.lng },
  ];
  for (const [i, p] of path.entries()) await sendFix(device.deviceId, { ...p, ts: t0 + i * 20_000 });

  const toast = page.locator(byTestId("alarm-toast"));
  await toast.waitFor({ timeout: 45_000 });
  assert((await toast.textContent()).includes("Plaza arrival"), "toast names the rule");
  // The place in words, as the platform's own geocoder answers it for the notice's position.
  const place = page.locator(byTestId("alarm-toast-place"));
  await page.waitForFunction(
    () =>
      !/^-?\d+\.\d+,-?\d+\.\d+$/.test(
        document.querySelector('[data-testid="alarm-toast-place"]')?.textContent ?? "1.0,1.0",
      ),
    null,
    // The first address a fresh server gives loads its gazetteer (the town names): give it time on a busy machine.
    { timeout: 45_000 },
  );
  const text = (await place.textContent()).trim();
  assert(
    /^(Calle|Avenida|Paseo|Ronda) .+ \d+, .+$/.test(text),
    `toast address is a street and number: ${text}`,
  );
  await shot(page, "offline-alarm-toast-address");
  assert(outside.length === 0, `requests left the origin: ${outside.slice(0, 5).join(", ")}`);
}
