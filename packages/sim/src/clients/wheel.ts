/**
 * One timer for every device. Each device has the same period (the reporting interval), so a wheel of
 * period/slot buckets visited round-robin is enough: device k sits in bucket k mod n, which also spreads the
 * load evenly over the interval instead of 20 000 devices firing in the same millisecond.
 */
export type WheelTask = (nowMs: number) => void;

export class TimerWheel {
  private readonly slots: Set<WheelTask>[];
  private cursor = -1;
  private added = 0;
  private timer: NodeJS.Timeout | null = null;
  private lastSlotTime: number;

  constructor(
    readonly periodMs: number,
    readonly slotMs: number,
    private readonly clock: () => number,
  ) {
    const n = Math.max(1, Math.round(periodMs / slotMs));
    this.slots = Array.from({ length: n }, () => new Set<WheelTask>());
    this.lastSlotTime = Math.floor(clock() / slotMs);
  }

  get size(): number {
    return this.slots.reduce((n, s) => n + s.size, 0);
  }

  add(task: WheelTask): void {
    this.slots[this.added++ % this.slots.length]!.add(task);
  }

  remove(task: WheelTask): void {
    for (const s of this.slots) s.delete(task);
  }

  /**
   * Runs the buckets whose time has come since the last call. A late call (busy event loop) catches up, but
   * never by more than one full turn: each task runs at most once per tick.
   */
  tick(): void {
    const nowSlot = Math.floor(this.clock() / this.slotMs);
    const due = Math.min(nowSlot - this.lastSlotTime, this.slots.length);
    this.lastSlotTime = nowSlot;
    for (let i = 0; i < due; i++) {
      this.cursor = (this.cursor + 1) % this.slots.length;
      const now = this.clock();
      for (const task of this.slots[this.cursor]!) task(now);
    }
  }

  start(): void {
    this.timer ??= setInterval(() => this.tick(), this.slotMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
