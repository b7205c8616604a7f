import type { Clock } from "../kernel/config.ts";

/**
 * Reverse geocoding through a Nominatim-compatible service (GEOCODER_URL). Without one configured, the
 * address is the coordinates themselves, so the button always answers with something true.
 */
export class ReverseGeocoder {
  private readonly cache = new Map<string, { address: string; ts: number }>();

  constructor(
    private readonly baseUrl: string | null,
    private readonly clock: Clock,
  ) {}

  async address(lat: number, lng: number, lang: string): Promise<string> {
    const key = `${lat.toFixed(5)},${lng.toFixed(5)},${lang}`;
    const hit = this.cache.get(key);
    if (hit && this.clock.now() - hit.ts < 86_400_000) return hit.address;
    const address = this.baseUrl ? await this.lookup(lat, lng, lang) : `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(key, { address, ts: this.clock.now() });
    return address;
  }

  private async lookup(lat: number, lng: number, lang: string): Promise<string> {
    const url = new URL("/reverse", this.baseUrl!);
    url.search = new URLSearchParams({
      format: "jsonv2",
      lat: String(lat),
      lon: String(lng),
      "accept-language": lang,
    }).toString();
    const response = await fetch(url, {
      headers: { "user-agent": "Vigia fleet platform" },
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    const body = (await response.json()) as { display_name?: string };
    return body.display_name ?? `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
  }
}
