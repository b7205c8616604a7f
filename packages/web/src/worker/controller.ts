import { APP_CONFIG_DEFAULTS, type DeviceAppConfig, type WorkerFix, type WorkerPairing } from "@vigia/domain";
import { DeviceCallError, fetchDeviceConfig, uploadFixes } from "./device-api.ts";
import type { WorkerStorage } from "./storage.ts";
import { fixId } from "./storage.ts";
import { fixFromPosition, readBattery, ScreenLock, Tracker, watchOptionsFor } from "./tracker.ts";
import { Drainer, deviceQueue, drainQueue } from "./upload.ts";

/** How often a queue left behind by a failed upload is tried again, besides the browser's online event. */
const RETRY_MS = 30_000;
/** How often the configuration is fetched again, so an administrator's change reaches a phone left open. */
const CONFIG_MS = 5 * 60_000;

export type PairingProblem = "refused" | "offline" | "failed";
export type TrackingProblem = "permission" | "unavailable" | null;

export interface WorkerState {
  phase: "loading" | "unpaired" | "paired";
  pairing: WorkerPairing | null;
  config: DeviceAppConfig | null;
  tracking: boolean;
  queued: number;
  lastSent: number | null;
  lastFix: WorkerFix | null;
  online: boolean;
  sending: boolean;
  /** The last upload's failure: the device's credential refused, or the platform unreachable. */
  uploadProblem: "refused" | "unreachable" | null;
  trackingProblem: TrackingProblem;
  screenLock: boolean;
  /** The last panic press: sending until the platform acknowledged it stored, then received. */
  panic: { id: string; state: "sending" | "received" } | null;
}

/**
 * The worker app's one owner of state: pairing, configuration, tracking and the upload of the queue. Screens read
 * a snapshot and call its methods; every fix goes to the queue in IndexedDB first and is uploaded from there.
 */
export class WorkerController {
  private state: WorkerState = {
    phase: "loading",
    pairing: null,
    config: null,
    tracking: false,
    queued: 0,
    lastSent: null,
    lastFix: null,
    online: navigator.onLine,
    sending: false,
    uploadProblem: null,
    trackingProblem: null,
    screenLock: false,
    panic: null,
  };
  private readonly listeners = new Set<() => void>();
  private readonly tracker = new Tracker(
    (fix) => void this.record(fix),
    (error) => {
      // A timeout only means no new position came yet; the watch goes on.
      if (error.code === error.TIMEOUT) return;
      this.set({ trackingProblem: error.code === error.PERMISSION_DENIED ? "permission" : "unavailable" });
    },
  );
  private readonly screen = new ScreenLock();
  private readonly drainer = new Drainer(() => this.drainOnce());
  private timers: ReturnType<typeof setInterval>[] = [];

  constructor(private readonly storage: WorkerStorage) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): WorkerState => this.state;

  private set(patch: Partial<WorkerState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  async init(): Promise<void> {
    const [pairing, config, lastSent] = await Promise.all([
      this.storage.pairing(),
      this.storage.config(),
      this.storage.lastSent(),
    ]);
    const queued = pairing ? await this.storage.queued(pairing.deviceId) : 0;
    this.set({ phase: pairing ? "paired" : "unpaired", pairing, config, queued, lastSent });
    window.addEventListener("online", () => {
      this.set({ online: true });
      void this.refreshConfig();
      void this.flush();
    });
    window.addEventListener("offline", () => this.set({ online: false }));
    // A refused key is not tried again by itself: each refusal counts against the phone's address on the server,
    // and the phone would soon be kept waiting with every other phone behind the same address. Pairing again
    // tries again.
    this.timers.push(
      setInterval(() => {
        if (this.state.queued > 0 && this.state.uploadProblem !== "refused") void this.flush();
      }, RETRY_MS),
    );
    this.timers.push(
      setInterval(() => {
        if (this.state.online && this.state.uploadProblem !== "refused") void this.refreshConfig();
      }, CONFIG_MS),
    );
    if (pairing) {
      void this.refreshConfig();
      void this.flush();
    }
  }

  dispose(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.tracker.stop();
    void this.screen.release();
  }

  /** Pairs the phone as a device once the platform accepted its credential (by answering its configuration). */
  async pair(pairing: WorkerPairing): Promise<PairingProblem | null> {
    try {
      const config = await fetchDeviceConfig(pairing);
      await this.storage.setPairing(pairing);
      await this.storage.setConfig(config);
      const queued = await this.storage.queued(pairing.deviceId);
      this.set({ phase: "paired", pairing, config, queued, uploadProblem: null });
      void this.flush();
      return null;
    } catch (error) {
      if (error instanceof DeviceCallError && error.kind === "unauthorized") return "refused";
      if (error instanceof DeviceCallError && error.kind === "offline") return "offline";
      return "failed";
    }
  }

  async unpair(): Promise<void> {
    await this.stopTracking();
    await this.storage.setPairing(null);
    this.set({ phase: "unpaired", pairing: null, config: null, queued: 0 });
  }

  /** Fetches the configuration again (it may have changed); offline, the stored one stays in force. */
  async refreshConfig(): Promise<void> {
    const { pairing } = this.state;
    if (!pairing) return;
    try {
      const config = await fetchDeviceConfig(pairing);
      await this.storage.setConfig(config);
      this.set({ config });
      if (this.state.tracking) this.tracker.start(this.settings());
    } catch (error) {
      if (error instanceof DeviceCallError && error.kind === "unauthorized")
        this.set({ uploadProblem: "refused" });
    }
  }

  private settings() {
    const config = this.state.config?.config;
    return {
      intervalMs: config?.sensorInterval ?? 1000,
      precision: config?.precision ?? APP_CONFIG_DEFAULTS.precision,
    };
  }

  async startTracking(): Promise<void> {
    this.set({ tracking: true, trackingProblem: null });
    this.tracker.start(this.settings());
    await this.screen.acquire();
    this.set({ screenLock: this.screen.held });
  }

  async stopTracking(): Promise<void> {
    this.tracker.stop();
    await this.screen.release();
    this.set({ tracking: false, screenLock: false });
  }

  /** Queues the fix first (it survives anything from here on), then tries to upload. */
  private async record(fix: WorkerFix): Promise<void> {
    const { pairing } = this.state;
    if (!pairing) return;
    await this.storage.enqueue(pairing.deviceId, fix);
    this.set({ lastFix: fix, queued: await this.storage.queued(pairing.deviceId), trackingProblem: null });
    // Kept, not sent, while the key is refused (see the retry in init): the queue waits for the phone to be paired.
    if (this.state.uploadProblem !== "refused") void this.flush();
  }

  /**
   * The panic button: an SOS at the current position (or the last one known when the phone cannot measure now),
   * through the same queue and upload as every fix.
   */
  async panic(): Promise<void> {
    // An SOS asks for the satellite receiver whatever the precision level: an emergency is worth the battery.
    const measured = await currentPosition({ enableHighAccuracy: true, maximumAge: 10_000 }).catch(
      () => null,
    );
    const battery = await readBattery();
    const base = measured ? fixFromPosition(measured, battery, this.state.lastFix) : this.state.lastFix;
    if (!base) {
      this.set({ trackingProblem: "unavailable" });
      return;
    }
    // Stamped with the moment of the press: a position the browser answers from its cache carries the time of a fix
    // already sent, and a second fix at the same time of the same device would be taken for that one again.
    const now = Date.now();
    const fix: WorkerFix = { ...base, id: fixId(now), ts: now, sos: true };
    this.set({ panic: { id: fix.id, state: "sending" } });
    await this.record(fix);
  }

  /**
   * Where the phone is now, for a submitted form: measured (a fix of the last minute will do), or the last fix
   * when it cannot measure; null when it knows none.
   */
  async position(): Promise<{ lat: number; lng: number; accuracy: number | null } | null> {
    const source = watchOptionsFor(this.settings().precision).enableHighAccuracy === true;
    const measured = await currentPosition({ enableHighAccuracy: source, maximumAge: 60_000 }).catch(
      () => null,
    );
    if (measured)
      return {
        lat: measured.coords.latitude,
        lng: measured.coords.longitude,
        accuracy: Number.isFinite(measured.coords.accuracy) ? measured.coords.accuracy : null,
      };
    const last = this.state.lastFix;
    return last ? { lat: last.lat, lng: last.lng, accuracy: last.accuracy } : null;
  }

  flush(): Promise<unknown> {
    return this.drainer.run();
  }

  private async drainOnce() {
    const { pairing } = this.state;
    if (!pairing) return { stored: [], refused: [], error: null };
    this.set({ sending: true });
    const result = await drainQueue(
      deviceQueue(this.storage, pairing.deviceId),
      (fixes) => uploadFixes(pairing, fixes),
      () => Date.now(),
    );
    const panic = this.state.panic;
    const error = result.error;
    this.set({
      sending: false,
      queued: await this.storage.queued(pairing.deviceId),
      lastSent: await this.storage.lastSent(),
      uploadProblem:
        error === null
          ? null
          : error instanceof DeviceCallError && error.kind === "unauthorized"
            ? "refused"
            : "unreachable",
      ...(panic && result.stored.includes(panic.id) ? { panic: { ...panic, state: "received" } } : {}),
    });
    return result;
  }
}

/** One measurement now, with the source and the age of a cached position the caller accepts. */
function currentPosition(options: {
  enableHighAccuracy: boolean;
  maximumAge: number;
}): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      ...options,
      timeout: 15_000,
    }),
  );
}
