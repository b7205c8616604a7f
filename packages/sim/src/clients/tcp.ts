/**
 * The connection life cycle both TCP protocols share: connect when due, hand incoming bytes to the protocol,
 * and on any failure close, count it and schedule the next attempt with backoff.
 */
import net from "node:net";
import { Backoff, type ClientOptions, jitterFrom } from "./common.ts";

export type TcpState = "idle" | "connecting" | "open";

export abstract class TcpClient {
  protected socket: net.Socket | null = null;
  protected state: TcpState = "idle";
  private nextAttemptMs = 0;
  private readonly backoff = new Backoff();
  protected readonly jitter: () => number;
  private closing = false;

  constructor(protected readonly opts: ClientOptions) {
    this.jitter = jitterFrom(opts.imei);
  }

  /** Called once the TCP connection is up: send the login/handshake. */
  protected abstract onOpen(): void;
  protected abstract onData(chunk: Buffer): void;
  /** Called after the socket is gone; forget in-flight state (records stay buffered). */
  protected abstract onClosed(): void;

  protected ensureConnected(now: number): void {
    if (this.closing || this.state !== "idle" || now < this.nextAttemptMs) return;
    this.state = "connecting";
    const s = net.connect({ host: this.opts.host, port: this.opts.port });
    this.socket = s;
    s.setNoDelay(true);
    s.on("connect", () => {
      this.state = "open";
      this.opts.stats.connected++;
      this.opts.onEvent?.({ type: "connected" });
      this.onOpen();
    });
    s.on("data", (chunk) => {
      try {
        this.onData(chunk);
      } catch (err) {
        this.fail(err instanceof Error ? err.message : String(err));
      }
    });
    let lastError = "socket error";
    s.on("error", (err) => {
      // "close" follows; counting happens there.
      lastError = err.message;
    });
    s.on("close", (hadError) => this.handleClose(s, hadError ? lastError : undefined));
  }

  /** Protocol success (handshake accepted, ACK received): the next failure starts the backoff afresh. */
  protected healthy(): void {
    this.backoff.reset();
  }

  protected fail(reason: string): void {
    const s = this.socket;
    if (!s) return;
    s.destroy();
    this.handleClose(s, reason);
  }

  private handleClose(s: net.Socket, error?: string): void {
    if (this.socket !== s) return;
    if (this.state === "open") this.opts.stats.connected--;
    if (error && !this.closing) this.opts.stats.errors++;
    this.socket = null;
    this.state = "idle";
    this.nextAttemptMs = this.opts.now() + this.backoff.next(this.jitter());
    this.onClosed();
    this.opts.onEvent?.({ type: "closed", ...(error ? { error } : {}) });
  }

  protected write(b: Buffer): void {
    this.socket?.write(b);
  }

  close(): Promise<void> {
    this.closing = true;
    const s = this.socket;
    if (!s) return Promise.resolve();
    return new Promise((resolve) => {
      s.once("close", () => resolve());
      s.destroySoon();
      // A peer that never answers the FIN must not hold up shutdown.
      setTimeout(() => s.destroy(), 2000).unref();
    });
  }
}
