import {
  activityFromSpeed,
  type LocationPrecision,
  locationPrecision,
  type MeasuredPlace,
  PLAUSIBLE_KMH_MAX,
  speedBetween,
  type WorkerFix,
} from "@vigia/domain";
import { z } from "zod";
import { fixId } from "./storage.ts";

/** What the tracker takes of the app configuration. */
export interface TrackingSettings {
  /** Fixes closer in time than this (ms) are not kept: the configuration's sensor interval. */
  intervalMs: number;
  /** The configured precision level (0 passive … 3 high). */
  precision: number;
}

/**
 * What the browser is asked for at each precision level: only "high" turns the satellite receiver on; the lower
 * levels take the network's position and accept one the phone measured recently (for another app or an earlier
 * fix) instead of waking the radio again, which is what spares the battery.
 */
const WATCH_OPTIONS: Record<LocationPrecision, PositionOptions> = {
  passive: { enableHighAccuracy: false, maximumAge: 10 * 60_000 },
  low: { enableHighAccuracy: false, maximumAge: 2 * 60_000 },
  balanced: { enableHighAccuracy: false, maximumAge: 0 },
  high: { enableHighAccuracy: true, maximumAge: 0 },
};

export const watchOptionsFor = (precision: number): PositionOptions =>
  WATCH_OPTIONS[locationPrecision(precision)];

/**
 * Decimal places of the coordinates sent: about 0.1 m, finer than any phone measures, so rounding never moves a
 * position (the precision level chooses the source, it does not blur the result).
 */
const COORDINATE_DECIMALS = 6;

export interface BatteryReading {
  level: number;
  charging: boolean;
}

/** What the browser gave for one position (the fields of GeolocationPosition the app uses). */
export interface MeasuredPosition {
  timestamp: number;
  coords: {
    latitude: number;
    longitude: number;
    accuracy: number;
    altitude: number | null;
    speed: number | null;
    heading: number | null;
  };
}

const round = (n: number, decimals: number) => Math.round(n * 10 ** decimals) / 10 ** decimals;
const finiteOrNull = (n: number | null): number | null => (n !== null && Number.isFinite(n) ? n : null);

/**
 * A browser position as the queue keeps it: speed in km/h, coordinates to about 0.1 m. Where the browser measured
 * no speed, the speed from the previous fix stands in for it.
 */
export function fixFromPosition(
  position: MeasuredPosition,
  battery: BatteryReading | null,
  previous: MeasuredPlace | null = null,
): WorkerFix {
  const { coords } = position;
  const mps = finiteOrNull(coords.speed);
  const place = {
    ts: position.timestamp,
    lat: coords.latitude,
    lng: coords.longitude,
    accuracy: finiteOrNull(coords.accuracy),
  };
  // A browser's measured speed beyond any vehicle's is a glitch: unknown rather than refused by the upload.
  const measured = mps === null ? null : round(Math.max(0, mps) * 3.6, 1);
  const fromPrevious = () => (previous === null ? null : speedBetween(previous, place));
  const speed = measured === null ? fromPrevious() : measured > PLAUSIBLE_KMH_MAX ? null : measured;
  const heading = finiteOrNull(coords.heading);
  return {
    id: fixId(position.timestamp),
    ts: Math.round(position.timestamp),
    lat: round(coords.latitude, COORDINATE_DECIMALS),
    lng: round(coords.longitude, COORDINATE_DECIMALS),
    accuracy: finiteOrNull(coords.accuracy),
    speed,
    heading: heading === null || speed === null || speed === 0 ? null : round(heading % 360, 1),
    altitude: finiteOrNull(coords.altitude),
    battery: battery === null ? null : round(battery.level * 100, 0),
    charging: battery?.charging ?? null,
    activity: activityFromSpeed(speed),
  };
}

const batterySchema = z.object({ level: z.number().min(0).max(1), charging: z.boolean() });

/** The battery, where the browser tells it (Chromium does; Safari and Firefox do not). */
export async function readBattery(): Promise<BatteryReading | null> {
  if (!("getBattery" in navigator)) return null;
  const getBattery = navigator.getBattery;
  if (typeof getBattery !== "function") return null;
  try {
    const manager: unknown = await Reflect.apply(getBattery, navigator, []);
    const parsed = batterySchema.safeParse(manager);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Watches the position while tracking and hands on at most one fix per interval: a position arriving sooner waits
 * for the interval's end and is replaced by any newer one meanwhile, so the last position of a burst (where the
 * phone stopped) is never lost. Errors (permission refused, no signal) are reported and the watch goes on: the
 * browser keeps trying by itself.
 */
export class Tracker {
  private watch: number | null = null;
  private lastEmitted = Number.NEGATIVE_INFINITY;
  private pending: GeolocationPosition | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private settings: TrackingSettings = { intervalMs: 1000, precision: 2 };
  /** The last fix handed on, for the speed of the next one where the browser measures none. */
  private previous: WorkerFix | null = null;

  constructor(
    private readonly onFix: (fix: WorkerFix) => void,
    private readonly onError: (error: GeolocationPositionError) => void,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get running(): boolean {
    return this.watch !== null;
  }

  start(settings: TrackingSettings): void {
    this.stop();
    this.settings = settings;
    this.watch = navigator.geolocation.watchPosition(
      (position) => this.take(position),
      (error) => this.onError(error),
      // No timeout: a phone lying still gets no new position, which is no error.
      watchOptionsFor(settings.precision),
    );
  }

  stop(): void {
    if (this.watch !== null) navigator.geolocation.clearWatch(this.watch);
    this.watch = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }

  private take(position: GeolocationPosition): void {
    this.pending = position;
    if (this.timer !== null) return;
    const wait = this.lastEmitted + this.settings.intervalMs - this.now();
    if (wait <= 0) this.emit();
    else this.timer = setTimeout(() => this.emit(), wait);
  }

  private emit(): void {
    this.timer = null;
    const position = this.pending;
    this.pending = null;
    if (position === null) return;
    this.lastEmitted = this.now();
    void readBattery().then((battery) => {
      const fix = fixFromPosition(position, battery, this.previous);
      this.previous = fix;
      this.onFix(fix);
    });
  }
}

/**
 * Keeps the screen on while tracking (where the browser has the Wake Lock API): a page whose screen turns off is
 * suspended and measures nothing. The lock is lost whenever the page is hidden; it is asked again on return.
 */
export class ScreenLock {
  private sentinel: WakeLockSentinel | null = null;
  private wanted = false;
  private readonly onVisible = () => {
    if (this.wanted && document.visibilityState === "visible") void this.request();
  };

  get supported(): boolean {
    return "wakeLock" in navigator;
  }

  get held(): boolean {
    return this.sentinel !== null && !this.sentinel.released;
  }

  async acquire(): Promise<void> {
    this.wanted = true;
    document.addEventListener("visibilitychange", this.onVisible);
    await this.request();
  }

  async release(): Promise<void> {
    this.wanted = false;
    document.removeEventListener("visibilitychange", this.onVisible);
    const sentinel = this.sentinel;
    this.sentinel = null;
    await sentinel?.release();
  }

  private async request(): Promise<void> {
    if (!this.supported) return;
    try {
      this.sentinel = await navigator.wakeLock.request("screen");
    } catch {
      // Refused (battery saver, page not visible): tracking goes on while the screen stays on by itself.
      this.sentinel = null;
    }
  }
}
