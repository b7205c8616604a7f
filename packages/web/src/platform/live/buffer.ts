import {
  HIGH_FREQUENCY_TYPES,
  LIVE_BUFFER_MAX_MESSAGES,
  liveServerMessageSchema,
  type ServerMessage,
} from "@vigia/domain";

export function isHighFrequency(message: ServerMessage): boolean {
  return HIGH_FREQUENCY_TYPES.has(message.type);
}

/**
 * Messages whose newest value replaces any older one of the same item still waiting in the buffer: only the
 * latest position, odometer and hour meter matter once a second, so a chatty tracker cannot crowd out others.
 */
function latestWinsKey(message: ServerMessage): string | null {
  switch (message.type) {
    case "vPos":
    case "aPos":
    case "pPos":
    case "vOdo":
    case "vHour":
      return `${message.type}:${message.data.id}`;
    default:
      return null;
  }
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
    const key = latestWinsKey(message);
    if (key !== null) {
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

/** A message the schema refused: its type when it had a string one, and the first wrong field. */
export interface RejectedMessage {
  type: string | null;
  field: string;
  issue: string;
}

export interface ParsedFrame {
  messages: ServerMessage[];
  rejected: RejectedMessage[];
}

/**
 * The server may send one message or an array of them per frame. Each is checked against the shared schema;
 * anything that does not match (or a frame that is not JSON) is returned as rejected, never passed on.
 */
export function parseFrame(text: string): ParsedFrame {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { messages: [], rejected: [{ type: null, field: "frame", issue: "invalid_json" }] };
  }
  const messages: ServerMessage[] = [];
  const rejected: RejectedMessage[] = [];
  for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
    const result = liveServerMessageSchema.safeParse(item);
    if (result.success) {
      messages.push(result.data);
      continue;
    }
    const issue = result.error.issues[0];
    const type = typeof item === "object" && item !== null && "type" in item ? item.type : null;
    rejected.push({
      type: typeof type === "string" ? type : null,
      field: issue?.path.join(".") || "message",
      issue: issue?.code ?? "invalid",
    });
  }
  return { messages, rejected };
}

/** Reconnect delay: doubles from 1 s up to 30 s, with up to 20 % jitter so a fleet of tabs spreads out. */
export function backoffMs(attempt: number, random: number): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.2 * random));
}
