/**
 * A phone running the Traccar Client app: one HTTP GET per fix. Fixes queue up and go one at a time, oldest
 * first; a fix leaves the queue only on a 200, so an unreachable or failing server just delays them.
 */
import http from "node:http";
import { encodeOsmAndPath } from "@vigia/protocols";
import type { Sample } from "../motion/types.ts";
import { Backoff, type ClientOptions, type DeviceClient, jitterFrom, keepRecord } from "./common.ts";

/** One pool of keep-alive sockets for all phones: 20 000 devices must not mean 20 000 sockets. */
let sharedAgent: http.Agent | null = null;
function agent(): http.Agent {
  sharedAgent ??= new http.Agent({ keepAlive: true, maxSockets: 256 });
  return sharedAgent;
}

export interface OsmandOptions extends ClientOptions {
  requestTimeoutMs?: number;
  agent?: http.Agent;
}

export class OsmandClient implements DeviceClient {
  private readonly queue: Sample[] = [];
  private inFlight: http.ClientRequest | null = null;
  private nextAttemptMs = 0;
  private readonly backoff = new Backoff();
  private readonly jitter: () => number;
  private closed = false;

  constructor(private readonly o: OsmandOptions) {
    this.jitter = jitterFrom(o.imei);
  }

  push(sample: Sample): void {
    // Never drop the fix being sent: its answer shifts the queue.
    keepRecord(this.queue, sample, this.inFlight ? 1 : 0, this.o);
  }

  buffered(): number {
    return this.queue.length;
  }

  tick(now: number): void {
    if (this.closed || this.inFlight || this.queue.length === 0 || now < this.nextAttemptMs) return;
    this.send();
  }

  private send(): void {
    const s = this.queue[0]!;
    const path = encodeOsmAndPath({
      id: this.o.imei,
      timeMs: s.timeMs,
      lat: s.lat,
      lng: s.lng,
      speedKmh: s.speedKmh,
      bearing: s.heading,
      altitudeM: s.altitudeM,
      accuracyM: 3 + (14 - s.satellites),
      batteryPct: s.batteryPct,
      charging: s.charging,
    });
    const req = http.request(
      { host: this.o.host, port: this.o.port, path, method: "GET", agent: this.o.agent ?? agent() },
      (res) => {
        res.resume();
        res.on("end", () => this.done(req, res.statusCode === 200 ? null : `HTTP ${res.statusCode}`));
        res.on("error", (err) => this.done(req, err.message));
      },
    );
    req.setTimeout(this.o.requestTimeoutMs ?? 15_000, () => req.destroy(new Error("timeout")));
    req.on("error", (err) => this.done(req, err.message));
    this.inFlight = req;
    this.o.stats.sent++;
    this.o.onEvent?.({ type: "sent", count: 1 });
    req.end();
  }

  private done(req: http.ClientRequest, error: string | null): void {
    if (this.inFlight !== req) return;
    this.inFlight = null;
    if (error) {
      this.o.stats.errors++;
      this.nextAttemptMs = this.o.now() + this.backoff.next(this.jitter());
      this.o.onEvent?.({ type: "closed", error });
      return;
    }
    this.queue.shift();
    this.backoff.reset();
    this.o.stats.acked++;
    this.o.onEvent?.({ type: "acked", count: 1 });
    // Drain a backlog straight away rather than one fix per tick.
    if (this.queue.length > 0 && !this.closed) this.send();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.inFlight?.destroy();
    this.inFlight = null;
  }
}
