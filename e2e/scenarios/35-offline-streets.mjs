// Streets without a third party: with every origin but the platform's own cut off, the demo map opened at
// street zoom over Acme's city draws the streets the simulated fleet drives on, from the street tiles Vigia
// serves itself, and nothing is asked of any other server.
import { assert, byTestId, onlyOwnOrigin, shot, signInTo } from "../lib.mjs";

export const name = "offline map: the demo shows its streets at zoom 16 with no request leaving the origin";

// Acme's centre in Madrid, where the demo network's central avenues cross.
const CENTRE = { lat: 40.4168, lng: -3.7038 };

export async function run({ context, baseUrl }) {
  const outside = await onlyOwnOrigin(context, baseUrl);
  const page = await context.newPage();
  const streetTiles = [];
  page.on("response", (response) => {
    if (response.url().includes("/fr/map/streets/") && response.status() === 200) streetTiles.push(response);
  });
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  // The mail deep link opens the map at zoom 16 on a place; debug mode lets the test ask what the map drew.
  await page.goto(`${baseUrl}/?lat=${CENTRE.lat}&lng=${CENTRE.lng}&debug=1`);
  await page.locator(byTestId("user-menu")).waitFor();
  await page
    .waitForFunction(() => window.vigiaDebug?.map?.getZoom() >= 15.9, null, { timeout: 30_000 })
    .catch(async (error) => {
      const seen = await page.evaluate(() => ({
        debug: Object.keys(window.vigiaDebug ?? {}),
        zoom: window.vigiaDebug?.map?.getZoom?.(),
        href: window.location.href,
      }));
      throw new Error(`${error.message}: ${JSON.stringify(seen)}`);
    });
  // Rendered street lines, and names written along them.
  await page.waitForFunction(
    () => {
      const map = window.vigiaDebug?.map;
      if (!map?.getLayer("base-streets-fill")) return false;
      return map.queryRenderedFeatures({ layers: ["base-streets-fill"] }).length > 5;
    },
    null,
    { timeout: 45_000 },
  );
  await page.waitForFunction(
    () => {
      const map = window.vigiaDebug?.map;
      return map?.loaded() && map.queryRenderedFeatures({ layers: ["base-streets-names"] }).length > 0;
    },
    null,
    { timeout: 30_000 },
  );
  const names = await page.evaluate(() =>
    [
      ...new Set(
        window.vigiaDebug.map
          .queryRenderedFeatures({ layers: ["base-streets-names"] })
          .map((f) => f.properties.name),
      ),
    ].slice(0, 5),
  );
  assert(
    names.some((n) => /^(Calle|Avenida|Paseo|Ronda) /.test(n)),
    `street names drawn: ${names.join(", ")}`,
  );
  assert(streetTiles.length > 0, "street tiles came from the platform");
  const bytes = (await streetTiles[0].body()).length;
  assert(bytes > 100, `a street tile holds the streets (${bytes} bytes)`);
  await shot(page, "offline-streets-z16");
  assert(outside.length === 0, `requests left the origin: ${outside.slice(0, 5).join(", ")}`);
}
