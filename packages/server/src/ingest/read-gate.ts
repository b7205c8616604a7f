import type { IngestQueue } from "./queue.ts";

/** A paused device connection: `resume` reads it again unless the connection holds it paused for its own reason. */
interface Parked {
  resume(): void;
}

/**
 * Stops reading device connections while the ingest queue is full, and starts them again, oldest first, as the
 * queue makes room.
 *
 * A frame is stamped when it is read, and every second it then waits in memory is a second the map is behind. When
 * devices send more than the database takes, reading on would only grow that wait without bound; unread, the
 * surplus stays in the socket and on the device, which keeps what it has not had answered and sends it later.
 * Connections are let go in the order they stopped, only as many as the room freed is likely to hold (judged by
 * how many positions a read has carried lately), so a release does not turn into a burst of stale frames. When the
 * queue is empty, every connection goes: nothing else would wake them.
 */
export class ReadGate {
  /** Insertion order is the order connections stopped in. */
  private readonly parked = new Map<object, Parked>();
  /** Positions per read, averaged over recent reads. */
  private perRead = 1;
  private readonly stop: () => void;

  constructor(private readonly queue: IngestQueue) {
    this.stop = queue.onRoom?.((room) => this.release(room.free, room.empty)) ?? (() => undefined);
  }

  /**
   * After one read of `connection` carrying `positions`: parks it (the caller pauses it) when the queue is full.
   * Returns whether it was parked.
   */
  afterRead(connection: object, positions: number, parked: Parked): boolean {
    this.perRead += (Math.max(1, positions) - this.perRead) / 16;
    if (!this.queue.full?.()) return false;
    this.parked.set(connection, parked);
    return true;
  }

  /** Whether the connection waits for room: its own resume rules must leave it paused. */
  holds(connection: object): boolean {
    return this.parked.has(connection);
  }

  /** A connection that closed is forgotten. */
  forget(connection: object): void {
    this.parked.delete(connection);
  }

  /** Connections waiting for room (for /metrics). */
  get size(): number {
    return this.parked.size;
  }

  private release(free: number, empty: boolean): void {
    let budget = free;
    for (const [connection, parked] of this.parked) {
      if (!empty && budget <= 0) break;
      this.parked.delete(connection);
      parked.resume();
      budget -= this.perRead;
    }
  }

  close(): void {
    this.stop();
    this.parked.clear();
  }
}
