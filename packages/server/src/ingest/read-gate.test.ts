import { describe, expect, it } from "vitest";
import type { IngestQueue } from "./queue.ts";
import { ReadGate } from "./read-gate.ts";

/** A queue whose fullness the test sets, announcing room the way the processor does. */
function queue() {
  let full = false;
  const listeners = new Set<(room: { free: number; empty: boolean }) => void>();
  const q: IngestQueue = {
    submit: async () => "stored",
    close: async () => undefined,
    full: () => full,
    onRoom: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    q,
    setFull: (value: boolean) => {
      full = value;
    },
    room: (free: number, empty = false) => {
      for (const listener of listeners) listener({ free, empty });
    },
  };
}

function connection(name: string, resumed: string[]) {
  return { key: { name }, parked: { resume: () => resumed.push(name) } };
}

describe("read gate", () => {
  it("parks nothing while the queue has room", () => {
    const { q } = queue();
    const gate = new ReadGate(q);
    const a = connection("a", []);
    expect(gate.afterRead(a.key, 3, a.parked)).toBe(false);
    expect(gate.holds(a.key)).toBe(false);
  });

  it("lets parked connections go oldest first, as many as the room freed holds", () => {
    const { q, setFull, room } = queue();
    const gate = new ReadGate(q);
    const resumed: string[] = [];
    setFull(true);
    const names = ["a", "b", "c", "d"];
    const conns = names.map((n) => connection(n, resumed));
    // Reads of one position each: the gate learns that a read brings about one position.
    for (const c of conns) expect(gate.afterRead(c.key, 1, c.parked)).toBe(true);
    expect(gate.size).toBe(4);
    room(2);
    expect(resumed).toEqual(["a", "b"]);
    expect(gate.holds(conns[0]!.key)).toBe(false);
    expect(gate.holds(conns[2]!.key)).toBe(true);
    // Whatever the room, an empty queue lets every connection go: nothing else would wake them.
    room(0, true);
    expect(resumed).toEqual(["a", "b", "c", "d"]);
    expect(gate.size).toBe(0);
  });

  it("forgets a connection that closed while parked", () => {
    const { q, setFull, room } = queue();
    const gate = new ReadGate(q);
    const resumed: string[] = [];
    setFull(true);
    const a = connection("a", resumed);
    gate.afterRead(a.key, 1, a.parked);
    gate.forget(a.key);
    room(10, true);
    expect(resumed).toEqual([]);
  });

  it("never parks behind a queue that cannot fill", () => {
    const gate = new ReadGate({ submit: async () => "stored", close: async () => undefined });
    const a = connection("a", []);
    expect(gate.afterRead(a.key, 100, a.parked)).toBe(false);
  });
});
