import type { TokenResponse } from "@vigia/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refreshDelayMs, SessionManager, type Timers } from "./session-manager.ts";
import { SiteStorage } from "./storage.ts";

const fakeTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

function setup(refresh: (token: string) => Promise<TokenResponse>) {
  const storage = new SiteStorage("acme", localStorage, sessionStorage);
  const onExpired = vi.fn();
  const refreshSpy = vi.fn(refresh);
  const manager = new SessionManager({ storage, refresh: refreshSpy, timers: fakeTimers, onExpired });
  return { storage, manager, refresh: refreshSpy, onExpired };
}

const tokens = (n: number, expiresIn = 900): TokenResponse => ({
  accessToken: `access-${n}`,
  refreshToken: `refresh-${n}`,
  expiresIn,
});

describe("refreshDelayMs", () => {
  it("is 40 s before expiry, never negative", () => {
    expect(refreshDelayMs(100_000, 0)).toBe(60_000);
    expect(refreshDelayMs(100_000, 70_000)).toBe(0);
    expect(refreshDelayMs(100_000, 200_000)).toBe(0);
  });
});

describe("SessionManager", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-01-01T10:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("schedules the refresh 40 s before the access token expires", async () => {
    const { manager, refresh, storage } = setup(async () => tokens(2));
    manager.start(tokens(1, 300));
    expect(storage.readTokens()?.accessToken).toBe("access-1");

    await vi.advanceTimersByTimeAsync(259_999);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledWith("refresh-1");
    expect(manager.accessToken).toBe("access-2");
    expect(storage.readTokens()?.refreshToken).toBe("refresh-2");
  });

  it("refreshes at once when less than 40 s remain", async () => {
    const { manager, refresh } = setup(async () => tokens(2));
    manager.start(tokens(1, 30));
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("keeps refreshing: each new token schedules the next refresh", async () => {
    let n = 1;
    const { manager, refresh } = setup(async () => tokens(++n, 100));
    manager.start(tokens(1, 100));
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(manager.accessToken).toBe("access-3");
  });

  it("restores a live stored session without refreshing and schedules the refresh", async () => {
    const { storage, manager, refresh } = setup(async () => tokens(2));
    storage.writeTokens({ accessToken: "a", refreshToken: "r", expiresAt: Date.now() + 100_000 });
    expect(await manager.restore()).toBe(true);
    expect(refresh).not.toHaveBeenCalled();
    expect(manager.accessToken).toBe("a");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).toHaveBeenCalledWith("r");
  });

  it("restores an expired session by refreshing it first", async () => {
    const { storage, manager, refresh } = setup(async () => tokens(5));
    storage.writeTokens({ accessToken: "old", refreshToken: "r-old", expiresAt: Date.now() - 1 });
    expect(await manager.restore()).toBe(true);
    expect(refresh).toHaveBeenCalledWith("r-old");
    expect(manager.accessToken).toBe("access-5");
  });

  it("clears tokens, map keys and tile URL when the refresh of an expired session fails", async () => {
    const { storage, manager, onExpired } = setup(async () => {
      throw new Error("401");
    });
    storage.writeTokens({ accessToken: "old", refreshToken: "r-old", expiresAt: Date.now() - 1 });
    storage.writeMapSettings({ google: "k" }, "https://tiles/{z}/{x}/{y}.png");
    expect(await manager.restore()).toBe(false);
    expect(storage.readTokens()).toBeNull();
    expect(storage.readMapKeys()).toEqual({});
    expect(storage.readTilesUrl()).toBeNull();
    expect(manager.accessToken).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it("restores nothing when no tokens are stored", async () => {
    const { manager, refresh } = setup(async () => tokens(2));
    expect(await manager.restore()).toBe(false);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("stops the refresh timer on clear", async () => {
    const { manager, refresh } = setup(async () => tokens(2));
    manager.start(tokens(1, 100));
    manager.clear();
    await vi.advanceTimersByTimeAsync(200_000);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("shares one refresh between concurrent callers, because refresh tokens rotate", async () => {
    let resolve: (value: TokenResponse) => void = () => undefined;
    const { manager, refresh } = setup(() => new Promise((r) => (resolve = r)));
    manager.start(tokens(1, 900));
    const both = Promise.all([manager.refreshNow(), manager.refreshNow()]);
    resolve(tokens(2));
    expect(await both).toEqual([true, true]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("keeps sessions of different sites apart", () => {
    const a = new SiteStorage("a", localStorage, sessionStorage);
    const b = new SiteStorage("b", localStorage, sessionStorage);
    a.writeTokens({ accessToken: "x", refreshToken: "y", expiresAt: 1 });
    expect(b.readTokens()).toBeNull();
  });
});
