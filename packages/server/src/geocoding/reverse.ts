import { z } from "zod";
import type { Clock } from "../kernel/config.ts";
import type { EgressGuard } from "../kernel/egress.ts";

const answerSchema = z.object({ display_name: z.string().optional() });

/**
 * Reverse geocoding through a Nominatim-compatible service (GEOCODER_URL). Without one configured, the
 * address is the coordinates themselves, so the button always answers with something true. The service is
 * reached through the egress guard like every other outside URL.
 */
export class ReverseGeocoder {
  private readonly cache = new Map<string, { address: string; ts: number }>();

  constructor(
    private readonly baseUrl: string | null,
    private readonly clock: Clock,
    private readonly egress: EgressGuard,
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
    const response = await this.egress.fetch(url, {
      headers: { "user-agent": "Vigia fleet platform" },
      timeoutMs: 5000,
      maxBytes: 1024 * 1024,
    });
    if (response.status < 200 || response.status > 299)
      throw new Error(`geocoder answered ${response.status}`);
    const body = answerSchema.parse(JSON.parse(response.text()));
    return body.display_name ?? `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
  }
}
