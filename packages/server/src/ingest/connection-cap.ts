import { readFileSync } from "node:fs";

/**
 * The cap on device connections of one gateway, across its TCP listeners and the OsmAnd HTTP listener.
 * Every socket holds a file descriptor; near the process's limit accept() fails for everything, the HTTP API
 * included, so devices are refused well before that and the API keeps its headroom.
 */
export class ConnectionCap {
  current = 0;
  refused = 0;
  private lastLog = Number.NEGATIVE_INFINITY;

  constructor(
    readonly max: number,
    private readonly now: () => number,
    private readonly onRefusals: (refusedSoFar: number) => void,
  ) {}

  /** True when the socket may stay (counted until it closes); false when it must be closed at once. */
  admit(socket: { once(event: "close", listener: () => void): unknown }): boolean {
    if (this.current >= this.max) {
      this.refused += 1;
      // A flood of refusals must not flood the log too: one line per ten seconds at most.
      const now = this.now();
      if (now - this.lastLog >= 10_000) {
        this.lastLog = now;
        this.onRefusals(this.refused);
      }
      return false;
    }
    this.current += 1;
    socket.once("close", () => {
      this.current -= 1;
    });
    return true;
  }
}

/** The soft limit on open files (the one accept() runs into), or null where /proc does not say. */
export function descriptorLimit(
  limitsText: () => string = () => readFileSync("/proc/self/limits", "utf8"),
): number | null {
  try {
    const line = limitsText()
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    const soft = line?.slice("Max open files".length).trim().split(/\s+/)[0];
    if (soft === "unlimited") return Number.POSITIVE_INFINITY;
    const n = Number(soft);
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

/**
 * Devices may take the descriptors the API, the database, the journal and outgoing requests do not need:
 * the limit less a headroom of a tenth of it, and at least 512. Without a known limit: 4,000.
 */
export function defaultMaxConnections(limit: number | null): number {
  if (limit === null) return 4000;
  if (!Number.isFinite(limit)) return 1_000_000;
  return Math.max(64, limit - Math.max(512, Math.ceil(limit / 10)));
}
