/**
 * The parts of sub-packaged JT/T 808 messages (header bit 13: total parts and this part's index, 1-based), held per
 * connection until every part of a message has come; then their bodies, in index order, are the message's body.
 * Each part is answered (and kept as undecoded) when it comes, as the terminal waits for each answer before sending
 * the next: what is held here is never the only copy. Bounded: a message of more than MAX_PARTS parts is not put
 * together, and at most MAX_MESSAGES messages are held at once (the oldest is dropped for a new one).
 */

const MAX_PARTS = 64;
const MAX_MESSAGES = 4;

interface Held {
  total: number;
  bodies: Map<number, Buffer>;
}

export class Jt808Parts {
  private readonly held = new Map<number, Held>();

  /** Adds the part `index` of `total` of message `id`; returns the whole body once every part is in, else null. */
  add(id: number, part: { total: number; index: number }, body: Buffer): Buffer | null {
    if (part.total < 1 || part.total > MAX_PARTS || part.index < 1 || part.index > part.total) return null;
    let message = this.held.get(id);
    // A different count starts the message over: the terminal began another one with this id.
    if (!message || message.total !== part.total) {
      if (!message && this.held.size >= MAX_MESSAGES) {
        const oldest = this.held.keys().next().value;
        if (oldest !== undefined) this.held.delete(oldest);
      }
      message = { total: part.total, bodies: new Map() };
      this.held.set(id, message);
    }
    message.bodies.set(part.index, Buffer.from(body));
    if (message.bodies.size < message.total) return null;
    this.held.delete(id);
    const bodies: Buffer[] = [];
    for (let i = 1; i <= message.total; i++) bodies.push(message.bodies.get(i) ?? Buffer.alloc(0));
    return Buffer.concat(bodies);
  }

  /** Messages waiting for parts (tests). */
  waiting(): number {
    return this.held.size;
  }
}
