import type { Language } from "@vigia/domain";
import { say } from "../kernel/locales/texts.ts";
import { asLanguage } from "../kernel/mail/language.ts";
import type { NearestPlace } from "./gazetteer.ts";

/** The interface language a geocoder's `lang` (`es`, `es-ES`…) names by its first two letters; English for others. */
function baseLanguage(lang: string): Language {
  return asLanguage(lang.slice(0, 2).toLowerCase());
}

/**
 * How far from its centre a place still counts as "in" it, in metres. GeoNames gives a point per place, not an
 * outline, so the extent is estimated from the population: about 1.5 km for a village, growing with the square
 * root of the population (area grows with people), capped at 20 km for the largest cities.
 */
export function placeRadiusM(population: number): number {
  return Math.min(20_000, Math.max(1_500, 600 * Math.sqrt(Math.max(population, 0) / 1000)));
}

/**
 * Which of the places around a point names it best. A point inside the extent of several places (a district
 * of a capital and the capital itself) takes the one it lies deepest in, relative to that place's size, so the
 * Eiffel tower is in Paris rather than in the smaller town whose centre is a little nearer. A point outside
 * every extent takes the nearest place, which is the most useful reference for "N km from X".
 */
export function choosePlace(nearestFirst: readonly NearestPlace[]): NearestPlace | null {
  let best: NearestPlace | null = null;
  let bestDepth = 1;
  for (const place of nearestFirst) {
    const depth = place.distanceM / placeRadiusM(place.population);
    if (depth <= bestDepth) {
      best = place;
      bestDepth = depth;
    }
  }
  return best ?? nearestFirst[0] ?? null;
}

/** A distance as reports show it: metres up to 1000 m, then kilometres with one decimal, in the locale's digits. */
export function formatDistance(metres: number, lang: string): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  const km = new Intl.NumberFormat(baseLanguage(lang), {
    maximumFractionDigits: 1,
    minimumFractionDigits: 1,
  });
  return `${km.format(Math.round(metres / 100) / 10)} km`;
}

const countryNames = new Map<string, Intl.DisplayNames>();

function countryName(code: string, lang: string): string {
  const base = baseLanguage(lang);
  let names = countryNames.get(base);
  if (!names) {
    names = new Intl.DisplayNames([base], { type: "region", fallback: "code" });
    countryNames.set(base, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Albuquerque, NM, United States": the admin code only where GeoNames gives a readable one (US states, ...). */
export function placeLabel(place: NearestPlace, lang: string): string {
  const parts = [place.name];
  if (/^[A-Z]{2,3}$/.test(place.admin)) parts.push(place.admin);
  if (place.country) parts.push(countryName(place.country, lang));
  return parts.join(", ");
}

export function coordinatesText(lat: number, lng: number): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

/** Whether the point a place was found for lies within the place's estimated extent. */
export function placeContains(place: NearestPlace): boolean {
  return place.distanceM <= placeRadiusM(place.population);
}

/**
 * Where a point is relative to a place, without the country: the place's name inside its estimated extent,
 * "near X" up to twice that, "N km from X" beyond (the locality of a street address).
 */
export function localityText(place: NearestPlace, lang: string): string {
  return placed(place, place.name, lang);
}

/** The place's own label inside its extent, "near X" up to twice that, "N km from X" beyond. */
function placed(place: NearestPlace, label: string, lang: string): string {
  const radius = placeRadiusM(place.population);
  if (place.distanceM <= radius) return label;
  const language = baseLanguage(lang);
  if (place.distanceM <= 2 * radius) return say(language, "places", "near", { place: label });
  return say(language, "places", "away", { distance: formatDistance(place.distanceM, lang), place: label });
}

/**
 * The readable address of a point from its nearest gazetteer place: the place itself when the point lies within
 * its estimated extent, "near X" up to twice that extent, "N km from X" beyond, and the bare coordinates when no
 * place is near enough to help (open sea, desert).
 */
export function describePlace(place: NearestPlace | null, lat: number, lng: number, lang: string): string {
  if (!place) return coordinatesText(lat, lng);
  return placed(place, placeLabel(place, lang), lang);
}
