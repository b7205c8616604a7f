import type { LiveServerMessage } from "@vigia/domain";
import { jsonOf } from "./frames.ts";

/**
 * What waits for one browser connection. A map must never show old positions as current: when the connection
 * cannot keep up (a slow browser, an overloaded host), an item's newer position, sensor set, odometer or hour meter
 * replaces the one still waiting, so the browser gets the newest state rather than a backlog. Events, alarms and
 * every other message are never merged away; past `max` waiting messages the oldest goes (counted).
 */
const LATEST_STATE = new Set(["vPos", "aPos", "pPos", "vSensor", "aSensor", "pSensor", "vOdo", "vHour"]);

/**
 * Keys already worked out: a company's message goes to every map bound to it, and one key string shared by all
 * their outboxes is hashed once and leaves no garbage per connection.
 */
const keys = new WeakMap<LiveServerMessage, string | null>();

/** The key under which a message supersedes an earlier one of the same item, or null when it never does. */
export function supersedingKey(message: LiveServerMessage): string | null {
  let key = keys.get(message);
  if (key === undefined) {
    key = keyOf(message);
    keys.set(message, key);
  }
  return key;
}

function keyOf(message: LiveServerMessage): string | null {
  if (!LATEST_STATE.has(message.type)) return null;
  const data: unknown = message.data;
  if (typeof data !== "object" || data === null || !("id" in data)) return null;
  return `${message.type}:${String(data.id)}`;
}

export class Outbox {
  /**
   * Waiting messages as JSON text, in the order they are to be sent. A latest-state message is keyed by its item
   * (deleting and setting again moves it to the end); any other message by its own number.
   */
  private readonly entries = new Map<string, string>();
  private next = 0;
  private since: number | null = null;
  /** Messages superseded by a newer state of the same item, and messages dropped past `max`. */
  coalesced = 0;
  dropped = 0;

  constructor(private readonly max: number) {}

  /** Messages waiting to be sent. */
  get size(): number {
    return this.entries.size;
  }

  /** How long since the outbox was last emptied while something waits (0 when nothing waits). */
  lag(now: number): number {
    return this.since === null ? 0 : now - this.since;
  }

  push(message: LiveServerMessage, now: number): void {
    const key = supersedingKey(message) ?? `#${this.next++}`;
    if (this.entries.delete(key)) this.coalesced += 1;
    this.entries.set(key, jsonOf(message));
    this.since ??= now;
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) {
        this.entries.delete(oldest.value);
        this.dropped += 1;
      }
    }
  }

  /**
   * The texts of everything waiting, in order, and an empty outbox; null when empty. The hub joins them into one
   * socket frame (`frameText`, or `SharedFrames` for a frame several sockets share).
   */
  takeTexts(): string[] | null {
    if (this.entries.size === 0) return null;
    const texts = [...this.entries.values()];
    this.clear();
    return texts;
  }

  clear(): void {
    this.entries.clear();
    this.since = null;
  }
}
