import { TOKEN_REFRESH_MARGIN_MS, type TokenResponse } from "@vigia/domain";
import type { SiteStorage, StoredTokens } from "./storage.ts";

/** How long to wait before refreshing: 40 s before expiry, or at once when less than that remains. */
export function refreshDelayMs(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - TOKEN_REFRESH_MARGIN_MS - now);
}

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SessionManagerDeps {
  storage: SiteStorage;
  /** GET auth/token with the refresh token; rejects when the server refuses it. */
  refresh(refreshToken: string): Promise<TokenResponse>;
  timers: Timers;
  /** Called when the session ends on its own (refresh refused). */
  onExpired(): void;
}

/**
 * Owns the token pair: keeps it in storage, refreshes it ahead of expiry and drops it when a refresh is
 * refused. Free of React so its timing can be tested with fake timers.
 */
export class SessionManager {
  private tokens: StoredTokens | null = null;
  private timer: unknown = null;
  private inFlight: Promise<boolean> | null = null;

  constructor(private readonly deps: SessionManagerDeps) {}

  get accessToken(): string | null {
    return this.tokens?.accessToken ?? null;
  }

  get refreshToken(): string | null {
    return this.tokens?.refreshToken ?? null;
  }

  /** Restores the stored session; an expired access token is refreshed first, and dropped if that fails. */
  async restore(): Promise<boolean> {
    const stored = this.deps.storage.readTokens();
    if (!stored) return false;
    this.tokens = stored;
    if (stored.expiresAt <= this.deps.timers.now()) return this.refreshNow();
    this.schedule();
    return true;
  }

  /** Starts a session from a login (or refresh) response. */
  start(response: TokenResponse): void {
    this.tokens = {
      accessToken: response.accessToken,
      refreshToken: response.refreshToken,
      expiresAt: this.deps.timers.now() + response.expiresIn * 1000,
    };
    this.deps.storage.writeTokens(this.tokens);
    this.schedule();
  }

  /** Refreshes now; concurrent callers share one request because refresh tokens rotate. */
  refreshNow(): Promise<boolean> {
    if (this.inFlight) return this.inFlight;
    const refreshToken = this.tokens?.refreshToken;
    if (!refreshToken) return Promise.resolve(false);
    this.inFlight = this.deps
      .refresh(refreshToken)
      .then((response) => {
        this.start(response);
        return true;
      })
      .catch(() => {
        this.clear();
        this.deps.onExpired();
        return false;
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  /** Forgets the session: stops the refresh timer and removes tokens, map keys and tile URL. */
  clear(): void {
    this.cancelTimer();
    this.tokens = null;
    this.deps.storage.clearSession();
  }

  private schedule(): void {
    this.cancelTimer();
    if (!this.tokens) return;
    const delay = refreshDelayMs(this.tokens.expiresAt, this.deps.timers.now());
    this.timer = this.deps.timers.setTimeout(() => {
      this.timer = null;
      void this.refreshNow();
    }, delay);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
