import { HIGH_FREQUENCY_TYPES, LIVE_BUFFER_MAX_MESSAGES, type ServerMessage } from "@vigia/domain";

/**
 * Messages whose newest value replaces any older one of the same item still waiting in the buffer: only the
 * latest position, odometer and hour meter matter once a second, so a chatty tracker cannot crowd out others.
 */
const LATEST_WINS: ReadonlySet<string> = new Set(["vPos", "aPos", "pPos", "vOdo", "vHour"]);

export function isHighFrequency(message: ServerMessage): boolean {
  return HIGH_FREQUENCY_TYPES.has(message.type);
}

function itemIdOf(message: ServerMessage): number | null {
  const data = message.data as { id?: unknown } | null | undefined;
  return data && typeof data.id === "number" ? data.id : null;
}

/**
 * Holds high-frequency messages between flushes. Insertion-ordered map: coalescable messages are keyed by
 * type and item, the rest get a unique key, so dropping the oldest is O(1) and order is kept.
 */
export class LiveBuffer {
  private readonly entries = new Map<string | number, ServerMessage>();
  private seq = 0;
  /** Messages dropped because the buffer was full, since creation (for diagnostics). */
  dropped = 0;

  constructor(private readonly max: number = LIVE_BUFFER_MAX_MESSAGES) {}

  get size(): number {
    return this.entries.size;
  }

  push(message: ServerMessage): void {
    const id = LATEST_WINS.has(message.type) ? itemIdOf(message) : null;
    if (id !== null) {
      const key = `${message.type}:${id}`;
      // Delete first so the newest value moves to the end: it is the most recent news of that item.
      this.entries.delete(key);
      this.entries.set(key, message);
    } else {
      this.entries.set(this.seq++, message);
    }
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
      this.dropped++;
    }
  }

  /** Returns everything buffered, oldest first, and empties the buffer. */
  drain(): ServerMessage[] {
    const out = Array.from(this.entries.values());
    this.entries.clear();
    return out;
  }
}

/** The server may send one message or an array of them per frame; anything unparsable is skipped. */
export function parseFrame(text: string): ServerMessage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return list.filter(isMessage);
}

function isMessage(value: unknown): value is ServerMessage {
  return (
    typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string"
  );
}

/** Reconnect delay: doubles from 1 s up to 30 s, with up to 20 % jitter so a fleet of tabs spreads out. */
export function backoffMs(attempt: number, random: number): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.2 * random));
}
