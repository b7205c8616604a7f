/**
 * What every device client shares: the counters, the reconnect backoff and the small interface the scheduler
 * drives. Clients own no timers: `tick(now)` is called by the shared timer wheel (or by a test) and all
 * time-dependent decisions are taken there, so thousands of clients cost one interval timer.
 */
import type { EncodableFix } from "@vigia/protocols";
import type { Sample } from "../motion/types.ts";

/** One counters object for a whole simulation, so stats never have to walk every device. */
export interface ClientStats {
  /** Records/positions written to the network, resends included. */
  sent: number;
  /** Records the server acknowledged (Teltonika ACK count, GT06 replies, OsmAnd 200s). */
  acked: number;
  /** Records dropped because a device's memory was full. */
  dropped: number;
  /** Currently connected TCP sessions. */
  connected: number;
  /** Connection failures, timeouts and rejected requests. */
  errors: number;
}

export function newStats(): ClientStats {
  return { sent: 0, acked: 0, dropped: 0, connected: 0, errors: 0 };
}

export type ClientEvent =
  | { type: "connected" }
  | { type: "ready" }
  | { type: "sent"; count: number }
  | { type: "acked"; count: number }
  /** A protocol-level reply that acknowledges no record (GT06 heartbeat reply). */
  | { type: "reply"; protocol: number }
  | { type: "closed"; error?: string };

export interface ClientOptions {
  imei: string;
  host: string;
  port: number;
  stats: ClientStats;
  now: () => number;
  /** Most records kept while the server is unreachable (a tracker's "black box"). */
  maxBuffered?: number;
  onEvent?: (e: ClientEvent) => void;
}

/**
 * Keeps a record while the server cannot take it. Past the unit's buffer (`maxBuffered`, 300) the oldest record
 * not being sent (the first `sending` are) is dropped and counted, as a tracker's black box overwrites its oldest.
 */
export function keepRecord<T>(
  buffer: T[],
  record: T,
  sending: number,
  o: Pick<ClientOptions, "maxBuffered" | "stats">,
): void {
  buffer.push(record);
  if (buffer.length > (o.maxBuffered ?? 300)) {
    buffer.splice(sending, 1);
    o.stats.dropped++;
  }
}

/** A sample as the fix most codecs encode: time, place, altitude, speed (km/h), course, satellites, ignition. */
export function fixOf(s: Sample): EncodableFix {
  return {
    timeMs: s.timeMs,
    lat: s.lat,
    lng: s.lng,
    altitude: s.altitudeM,
    speedKmh: s.speedKmh,
    course: s.heading,
    satellites: s.satellites,
    valid: true,
    ignition: s.ignition === true,
  };
}

/** An EGTS terminal id (u32) from the device id: its last 9 digits. */
export const egtsTidOf = (imei: string): number => Number(imei.slice(-9)) || 1;

export interface DeviceClient {
  push(sample: Sample): void;
  tick(nowMs: number): void;
  /** Records held and not yet acknowledged. */
  buffered(): number;
  close(): Promise<void>;
}

/** Exponential reconnect backoff, 1 s doubling to 60 s, with ±20% spread so a restarted server is not stampeded. */
export class Backoff {
  private delayMs: number;
  constructor(
    private readonly baseMs = 1000,
    private readonly maxMs = 60_000,
  ) {
    this.delayMs = baseMs;
  }
  next(jitter01: number): number {
    const d = this.delayMs * (0.8 + 0.4 * jitter01);
    this.delayMs = Math.min(this.maxMs, this.delayMs * 2);
    return d;
  }
  reset(): void {
    this.delayMs = this.baseMs;
  }
}

/** Cheap per-client jitter source, so client timing needs no Math.random either. */
export function jitterFrom(imei: string): () => number {
  let s = 0;
  for (let i = 0; i < imei.length; i++) s = (Math.imul(s, 31) + imei.charCodeAt(i)) >>> 0;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) / 0x1000000;
  };
}
