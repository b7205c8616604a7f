import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { AddressCap, RateLimiter } from "./device-limits.ts";

class FakeSocket extends EventEmitter {
  constructor(readonly remoteAddress: string) {
    super();
  }
}
const socket = (address: string) => new FakeSocket(address);

describe("device connection cap", () => {
  it("admits up to the cap per address and again once one closes", () => {
    const cap = new AddressCap(2);
    const a = socket("10.0.0.1");
    expect(cap.admit(a)).toBe(true);
    expect(cap.admit(socket("10.0.0.1"))).toBe(true);
    expect(cap.admit(socket("10.0.0.1"))).toBe(false);
    expect(cap.admit(socket("10.0.0.2"))).toBe(true);
    a.emit("close");
    expect(cap.admit(socket("10.0.0.1"))).toBe(true);
  });
});

describe("rate limiter", () => {
  it("allows a burst, then refills on the clock", () => {
    let now = 0;
    const limiter = new RateLimiter(2, 0.5, () => now);
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")]).toEqual([true, true, false]);
    expect(limiter.take("b")).toBe(true);
    now += 1000;
    expect(limiter.take("a")).toBe(false);
    now += 1000;
    expect(limiter.take("a")).toBe(true);
  });

  it("keeps at most its number of keys", () => {
    const limiter = new RateLimiter(1, 1, () => 0, 4);
    for (const key of ["a", "b", "c", "d", "e", "f"]) expect(limiter.take(key)).toBe(true);
    // Forgotten keys start with a full bucket again; the memory stays bounded.
    expect(limiter.take("a")).toBe(true);
  });
});
