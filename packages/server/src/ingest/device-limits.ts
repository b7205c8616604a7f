import type net from "node:net";

/**
 * Limits on what one sender can hold of the gateway. A TCP connection that never says which device it is
 * is closed after the handshake timeout, and one address may hold only so many device connections, so a
 * few thousand half-open sockets cannot exhaust the server. OsmAnd requests are rate-limited per device id.
 */
export interface DeviceLimits {
  /** A TCP connection must identify its device (IMEI packet, GT06 login) within this time. */
  handshakeTimeoutMs: number;
  /** Concurrent TCP device connections per remote address; more are refused at once. */
  maxPerAddress: number;
  /** Concurrent device connections of the whole gateway (ingest/connection-cap.ts); null: from the descriptor limit. */
  maxConnections: number | null;
  /** OsmAnd token bucket per device id: requests a device may send in a burst, and refilled per second. */
  osmandBurst: number;
  osmandPerSecond: number;
}

export const DEFAULT_DEVICE_LIMITS: DeviceLimits = {
  handshakeTimeoutMs: 60_000,
  // Many devices of one fleet can share a mobile carrier's NAT address: the cap stops floods, not fleets.
  maxPerAddress: 500,
  maxConnections: null,
  osmandBurst: 60,
  osmandPerSecond: 2,
};

/** Counts device connections per remote address and admits a new one only under the cap. */
export class AddressCap {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** True when the socket may stay; it is then counted until it closes. */
  admit(socket: {
    readonly remoteAddress?: string | undefined;
    once(event: "close", listener: () => void): unknown;
  }): boolean {
    const address = socket.remoteAddress ?? "";
    const count = this.open.get(address) ?? 0;
    if (count >= this.max) return false;
    this.open.set(address, count + 1);
    socket.once("close", () => {
      const left = (this.open.get(address) ?? 1) - 1;
      if (left <= 0) this.open.delete(address);
      else this.open.set(address, left);
    });
    return true;
  }
}

/**
 * Closes the socket unless the returned `identified` is called within the timeout. The timer is the
 * socket's own: it goes with the socket, whichever way the socket ends.
 */
export function requireHandshake(socket: net.Socket, timeoutMs: number, onTimeout: () => void): () => void {
  const timer = setTimeout(() => {
    onTimeout();
    socket.destroy();
  }, timeoutMs);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  return () => clearTimeout(timer);
}

/** Token buckets per key, on the injectable clock; idle full buckets are dropped so ids cannot fill memory. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; ts: number }>();

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number,
    private readonly maxKeys = 50_000,
  ) {}

  take(key: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, ts: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.ts) / 1000) * this.perSecond);
    bucket.ts = now;
    if (!this.buckets.has(key)) {
      if (this.buckets.size >= this.maxKeys) this.prune(now);
      this.buckets.set(key, bucket);
    }
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private prune(now: number): void {
    for (const [key, bucket] of this.buckets)
      if (bucket.tokens + ((now - bucket.ts) / 1000) * this.perSecond >= this.burst) this.buckets.delete(key);
    // Everyone is mid-burst: forget the oldest half rather than grow without bound.
    if (this.buckets.size >= this.maxKeys)
      for (const key of [...this.buckets.keys()].slice(0, this.maxKeys / 2)) this.buckets.delete(key);
  }
}
