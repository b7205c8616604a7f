import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { ConnectionCap, defaultMaxConnections, descriptorLimit } from "./connection-cap.ts";

const LIMITS = (soft: string) =>
  `Limit                     Soft Limit           Hard Limit           Units     \nMax open files            ${soft}                20000                files     \n`;

describe("device connection cap", () => {
  it.each([
    ["20000", 20000],
    ["1024", 1024],
    ["unlimited", Number.POSITIVE_INFINITY],
    ["garbage", null],
  ])("reads the soft descriptor limit %s", (soft, expected) => {
    expect(descriptorLimit(() => LIMITS(soft))).toBe(expected);
  });

  it("reads no limit where /proc is missing", () => {
    expect(
      descriptorLimit(() => {
        throw new Error("ENOENT");
      }),
    ).toBeNull();
  });

  it.each([
    [20000, 18000],
    [65536, 58982],
    [1024, 512],
    [256, 64],
    [null, 4000],
    [Number.POSITIVE_INFINITY, 1_000_000],
  ])("leaves headroom under a limit of %s: %s device connections", (limit, cap) => {
    expect(defaultMaxConnections(limit)).toBe(cap);
  });

  it("admits up to the cap, refuses above it, logs refusals at most every ten seconds, and frees on close", () => {
    let now = 0;
    const logged: number[] = [];
    const cap = new ConnectionCap(
      2,
      () => now,
      (n) => logged.push(n),
    );
    const sockets = [new EventEmitter(), new EventEmitter(), new EventEmitter(), new EventEmitter()];
    expect(sockets.map((s) => cap.admit(s))).toEqual([true, true, false, false]);
    expect({ current: cap.current, refused: cap.refused }).toEqual({ current: 2, refused: 2 });
    expect(logged).toEqual([1]);
    now = 10_000;
    sockets[0]!.emit("close");
    expect(cap.admit(new EventEmitter())).toBe(true);
    expect(cap.admit(new EventEmitter())).toBe(false);
    expect(logged).toEqual([1, 3]);
    expect(cap.current).toBe(2);
  });
});
