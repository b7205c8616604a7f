import { z } from "zod";
import type { Clock } from "../kernel/config.ts";
import type { KernelContext } from "../kernel/context.ts";
import type { EgressGuard } from "../kernel/egress.ts";
import type { OnlineGeolocation } from "./locator.ts";
import { type Located, MIN_WIFI_APS, type SeenAp, type SeenCell, usableAp, usableCell } from "./resolve.ts";

export interface OnlineOptions {
  /** Longest wait for an answer: the frame waits for it before it is committed. */
  timeoutMs?: number;
  /** Requests at most per minute; beyond, frames are left to the local tables. */
  perMinute?: number;
  /** How long an answer (or a "not found") is reused for the same towers and APs. */
  cacheMs?: number;
  cacheSize?: number;
  /** After a failure (timeout, error, refused address) the service is left alone this long. */
  pauseMs?: number;
}

const answerSchema = z.object({
  location: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  accuracy: z.number().nonnegative().finite(),
});

/** Most towers and APs sent in one request. */
const MAX_SENT = 16;

export interface GeolocationRequest {
  considerIp: false;
  cellTowers: {
    mobileCountryCode: number;
    mobileNetworkCode: number;
    locationAreaCode: number;
    cellId: number;
    signalStrength?: number;
  }[];
  wifiAccessPoints: { macAddress: string; signalStrength?: number }[];
}

/** The widely used geolocation request body (considerIp, cellTowers, wifiAccessPoints); dBm signals only. Pure. */
export function geolocationRequest(seen: {
  cells: readonly SeenCell[];
  wifi: readonly SeenAp[];
}): GeolocationRequest {
  const dbm = (rssi: number | null): { signalStrength?: number } =>
    rssi !== null && rssi < 0 ? { signalStrength: rssi } : {};
  return {
    considerIp: false,
    cellTowers: seen.cells
      .filter(usableCell)
      .slice(0, MAX_SENT)
      .map((c) => ({
        mobileCountryCode: c.mcc,
        mobileNetworkCode: c.mnc,
        locationAreaCode: c.lac,
        cellId: c.cid,
        ...dbm(c.rssi),
      })),
    wifiAccessPoints: seen.wifi
      .filter(usableAp)
      .slice(0, MAX_SENT)
      .map((a) => ({ macAddress: a.mac, ...dbm(a.rssi) })),
  };
}

/**
 * A geolocation service at GEOLOCATION_URL, reached only through the egress guard. It must never hold up the
 * ingest: each request has a short time limit, requests are rate-limited, answers (and "not found") are cached
 * by the towers and APs asked about, and after a failure the service is left alone for a while. Every failure is
 * "no answer": the frame then goes on as if there were no service.
 */
export class OnlineGeolocator implements OnlineGeolocation {
  private readonly cache = new Map<string, { value: Located | null; until: number }>();
  private windowStart = 0;
  private windowCount = 0;
  private pausedUntil = 0;
  private readonly timeoutMs: number;
  private readonly perMinute: number;
  private readonly cacheMs: number;
  private readonly cacheSize: number;
  private readonly pauseMs: number;

  constructor(
    private readonly url: string,
    private readonly egress: Pick<EgressGuard, "fetch">,
    private readonly clock: Clock,
    private readonly log: KernelContext["log"],
    options: OnlineOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 1500;
    this.perMinute = options.perMinute ?? 120;
    this.cacheMs = options.cacheMs ?? 24 * 3_600_000;
    this.cacheSize = options.cacheSize ?? 10_000;
    this.pauseMs = options.pauseMs ?? 30_000;
  }

  async locate(seen: { cells: readonly SeenCell[]; wifi: readonly SeenAp[] }): Promise<Located | null> {
    const body = geolocationRequest(seen);
    if (body.cellTowers.length === 0 && body.wifiAccessPoints.length === 0) return null;
    const key = JSON.stringify([
      body.cellTowers
        .map((c) => [c.mobileCountryCode, c.mobileNetworkCode, c.locationAreaCode, c.cellId])
        .sort(),
      body.wifiAccessPoints.map((a) => a.macAddress).sort(),
    ]);
    const now = this.clock.now();
    const cached = this.cache.get(key);
    if (cached && cached.until > now) return cached.value;
    if (now < this.pausedUntil || !this.takeToken(now)) return null;
    try {
      const answer = await this.egress.fetch(this.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        timeoutMs: this.timeoutMs,
        maxBytes: 64 * 1024,
      });
      let value: Located | null = null;
      if (answer.status === 200) {
        const parsed = answerSchema.safeParse(JSON.parse(answer.text()));
        if (!parsed.success) throw new Error("unexpected answer");
        const { location, accuracy } = parsed.data;
        const src = body.wifiAccessPoints.length >= MIN_WIFI_APS || body.cellTowers.length === 0 ? 4 : 3;
        value = { ...location, accuracy: Math.max(1, Math.round(accuracy)), src, used: 0 };
      } else if (answer.status !== 404) throw new Error(`status ${answer.status}`);
      this.remember(key, value, now);
      return value;
    } catch (error) {
      this.pausedUntil = now + this.pauseMs;
      this.log.warn({ err: error }, "geolocation service failed; using the local tables only for a while");
      return null;
    }
  }

  private takeToken(now: number): boolean {
    if (now - this.windowStart >= 60_000) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    if (this.windowCount >= this.perMinute) return false;
    this.windowCount += 1;
    return true;
  }

  private remember(key: string, value: Located | null, now: number): void {
    this.cache.delete(key);
    this.cache.set(key, { value, until: now + this.cacheMs });
    // Oldest first: a Map iterates in insertion order.
    while (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value as string);
  }
}
