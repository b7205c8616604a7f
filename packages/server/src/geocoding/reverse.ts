import { z } from "zod";
import type { Clock } from "../kernel/config.ts";
import type { EgressGuard } from "../kernel/egress.ts";
import { Gazetteer } from "./gazetteer.ts";
import { choosePlace, describePlace } from "./place-description.ts";

const answerSchema = z.object({ display_name: z.string().optional() });

/** Answers kept a day; the cache is cleared whole past this many entries so memory stays bounded. */
const CACHE_TTL_MS = 86_400_000;
const CACHE_MAX = 50_000;

/**
 * Reverse geocoding of positions to readable addresses. With GEOCODER_URL set, a Nominatim-compatible service
 * answers (reached through the egress guard like every other outside URL); without one, or when it fails, the
 * offline gazetteer that ships with the product names the nearest place ("Madrid, Spain", "near Getafe, Spain",
 * "12.3 km from Toledo, Spain"). Answers are cached per point (to about a metre) and language.
 */
export class ReverseGeocoder {
  private readonly cache = new Map<string, { address: string; ts: number }>();
  private gazetteer: Gazetteer | null = null;

  constructor(
    private readonly baseUrl: string | null,
    private readonly clock: Clock,
    private readonly egress: EgressGuard,
  ) {}

  async address(lat: number, lng: number, lang: string): Promise<string> {
    const key = `${lat.toFixed(5)},${lng.toFixed(5)},${lang}`;
    const hit = this.cached(key);
    if (hit !== null) return hit;
    let address: string;
    if (this.baseUrl) {
      try {
        address = await this.lookup(lat, lng, lang);
      } catch {
        address = this.offline(lat, lng, lang);
      }
    } else {
      address = this.offline(lat, lng, lang);
    }
    this.remember(key, address);
    return address;
  }

  /**
   * The offline answer without any outside call, for report tables that name thousands of points: synchronous,
   * cached like the rest.
   */
  offlineAddress(lat: number, lng: number, lang: string): string {
    const key = `off:${lat.toFixed(5)},${lng.toFixed(5)},${lang}`;
    const hit = this.cached(key);
    if (hit !== null) return hit;
    const address = this.offline(lat, lng, lang);
    this.remember(key, address);
    return address;
  }

  /** Loads the gazetteer now (a few hundred milliseconds once) rather than on the first address asked for. */
  warm(): void {
    this.places();
  }

  private cached(key: string): string | null {
    const hit = this.cache.get(key);
    return hit && this.clock.now() - hit.ts < CACHE_TTL_MS ? hit.address : null;
  }

  private remember(key: string, address: string): void {
    if (this.cache.size > CACHE_MAX) this.cache.clear();
    this.cache.set(key, { address, ts: this.clock.now() });
  }

  private places(): Gazetteer {
    this.gazetteer ??= Gazetteer.load();
    return this.gazetteer;
  }

  private offline(lat: number, lng: number, lang: string): string {
    return describePlace(choosePlace(this.places().around(lat, lng, 12, 300)), lat, lng, lang);
  }

  private async lookup(lat: number, lng: number, lang: string): Promise<string> {
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
    return body.display_name ?? this.offline(lat, lng, lang);
  }
}
