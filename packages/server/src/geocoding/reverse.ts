import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { Clock } from "../kernel/config.ts";
import type { Queryable } from "../kernel/db/database.ts";
import type { EgressGuard } from "../kernel/egress.ts";
import { formatAddress } from "./address-format.ts";
import { Gazetteer } from "./gazetteer.ts";
import { choosePlace, describePlace, localityText, placeContains } from "./place-description.ts";
import { matchStreets } from "./store.ts";
import type { StreetMatch } from "./street-match.ts";

const answerSchema = z.object({ display_name: z.string().optional() });
/** Answers are kept a day, the least recently used dropped past this many. */
const CACHE_TTL_MS = 86_400_000;
const CACHE_MAX = 50_000;
/** Countries that write a first-level division (state, province) after the town. */
const REGION_AFTER_TOWN = new Set(["US", "CA", "AU"]);

type Point = { lat: number; lng: number };

/**
 * Reverse geocoding of positions to readable addresses, in this order:
 * 1. the streets and house numbers in the database (`vigia import-addresses`, and the demo's street network):
 *    "Calle de Alcalá 42, 28014 Madrid", with the town from the gazetteer when the data names none;
 * 2. with GEOCODER_URL set, a Nominatim-compatible service (reached through the egress guard like every other
 *    outside URL);
 * 3. the offline gazetteer that ships with the product: the nearest place ("Madrid, Spain", "near Getafe,
 *    Spain", "12.3 km from Toledo, Spain").
 * Answers are cached per point (to about a metre) and language, least recently used out first.
 */
export class ReverseGeocoder {
  private readonly cache: LRUCache<string, string>;
  private gazetteer: Gazetteer | null = null;

  constructor(
    private readonly baseUrl: string | null,
    clock: Clock,
    private readonly egress: EgressGuard,
    private readonly db: Queryable | null = null,
  ) {
    this.cache = new LRUCache({ max: CACHE_MAX, ttl: CACHE_TTL_MS, perf: { now: () => clock.now() } });
  }

  async address(lat: number, lng: number, lang: string): Promise<string> {
    const key = cacheKey(lat, lng, lang);
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    let address = (await this.local([{ lat, lng }], lang))[0] ?? null;
    if (address === null && this.baseUrl) {
      try {
        address = await this.lookup(lat, lng, lang);
      } catch {
        address = null;
      }
    }
    address ??= this.offline(lat, lng, lang);
    this.cache.set(key, address);
    return address;
  }

  /**
   * The addresses of many points without any outside call (report tables name thousands): the database's
   * streets in a few batched queries, the gazetteer for the rest; cached like single answers.
   */
  async addresses(points: readonly Point[], lang: string): Promise<string[]> {
    const out: (string | null)[] = points.map((p) => this.cache.get(cacheKey(p.lat, p.lng, lang)) ?? null);
    const missing = new Map<string, Point>();
    points.forEach((p, i) => {
      if (out[i] === null) missing.set(cacheKey(p.lat, p.lng, lang), p);
    });
    const keys = [...missing.keys()];
    const local = await this.local([...missing.values()], lang);
    keys.forEach((key, i) => {
      const p = missing.get(key)!;
      this.cache.set(key, local[i] ?? this.offline(p.lat, p.lng, lang));
    });
    return points.map((p, i) => out[i] ?? this.cache.get(cacheKey(p.lat, p.lng, lang))!);
  }

  /** Loads the gazetteer now (a few hundred milliseconds once) rather than on the first address asked for. */
  warm(): void {
    this.places();
  }

  /** Forgets every answer: after an import, the same point may now have a street. */
  forget(): void {
    this.cache.clear();
  }

  private places(): Gazetteer {
    this.gazetteer ??= Gazetteer.load();
    return this.gazetteer;
  }

  private async local(points: readonly Point[], lang: string): Promise<(string | null)[]> {
    if (!this.db || points.length === 0) return points.map(() => null);
    let matches: (StreetMatch | null)[];
    try {
      matches = await matchStreets(this.db, points);
    } catch {
      // The street tables are a help, never a reason to fail: the other sources still answer.
      return points.map(() => null);
    }
    return matches.map((match, i) => (match ? this.streetAddress(match, points[i]!, lang) : null));
  }

  private streetAddress(match: StreetMatch, at: Point, lang: string): string {
    const place = choosePlace(this.places().around(at.lat, at.lng, 12, 300));
    const country = place?.country ?? "";
    return formatAddress({
      street: match.street,
      housenumber: match.housenumber,
      postcode: match.postcode,
      town: match.city ?? (place && placeContains(place) ? place.name : null),
      nearby: place ? localityText(place, lang) : null,
      country,
      region: place && REGION_AFTER_TOWN.has(country) && /^[A-Z]{2,3}$/.test(place.admin) ? place.admin : "",
    });
  }

  private offline(lat: number, lng: number, lang: string): string {
    return describePlace(choosePlace(this.places().around(lat, lng, 12, 300)), lat, lng, lang);
  }

  private async lookup(lat: number, lng: number, lang: string): Promise<string | null> {
    const url = new URL("/reverse", this.baseUrl!);
    url.search = new URLSearchParams({
      format: "jsonv2",
      lat: String(lat),
      lon: String(lng),
      "accept-language": lang,
    }).toString();
    const response = await this.egress.fetch(url, {
      headers: { "user-agent": "Vigia fleet platform" },
      timeoutMs: 5000,
      maxBytes: 1024 * 1024,
    });
    if (response.status < 200 || response.status > 299)
      throw new Error(`geocoder answered ${response.status}`);
    const body = answerSchema.parse(JSON.parse(response.text()));
    return body.display_name ?? null;
  }
}

function cacheKey(lat: number, lng: number, lang: string): string {
  return `${lat.toFixed(5)},${lng.toFixed(5)},${lang}`;
}
