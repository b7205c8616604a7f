/**
 * A CalAmp LMU: each fix goes as an acknowledged LM Direct event report in its own UDP datagram, one at a time,
 * oldest first; a fix leaves the unit's log only when the server's ACK for its sequence number comes back. With
 * no ACK in time the same datagram (same sequence) is sent again, ever less often, as the units retry. Fixes that
 * waited behind others go flagged as historic. The unit reads nothing but ACKs: anything else the server sends
 * is left unanswered. Encoded by the codec the gateway decodes with (`@vigia/protocols`).
 */
import dgram from "node:dgram";
import { decodeCalampAck, encodeCalampEvent } from "@vigia/protocols";
import type { Sample } from "../motion/types.ts";
import { Backoff, type ClientOptions, type DeviceClient, fixOf, jitterFrom, keepRecord } from "./common.ts";

const MSG_EVENT = 2;

/** The part of a UDP socket the unit uses, so a test can hand it a fake one. */
export interface CalampSocket {
  send(datagram: Buffer): void;
  close(): void;
}

/** Opens the unit's socket towards the server; `onMessage` gets each datagram the server sends back. */
export type CalampSocketFactory = (
  target: { host: string; port: number },
  onMessage: (datagram: Buffer) => void,
) => CalampSocket;

export const udpSocket: CalampSocketFactory = (target, onMessage) => {
  const socket = dgram.createSocket(target.host.includes(":") ? "udp6" : "udp4");
  socket.on("message", (datagram, from) => {
    // A unit hears its server only.
    if (from.port === target.port) onMessage(datagram);
  });
  // A failed send is a missing ACK: the retry handles it.
  socket.on("error", () => undefined);
  return {
    send: (datagram) => socket.send(datagram, target.port, target.host, () => undefined),
    close: () => {
      try {
        socket.close();
      } catch {
        // Already closed.
      }
    },
  };
};

export interface CalampClientOptions extends ClientOptions {
  /** First wait for an ACK before the report is sent again; later waits grow to a minute. Default 10 s. */
  ackTimeoutMs?: number;
  socket?: CalampSocketFactory;
}

interface InFlight {
  sequence: number;
  datagram: Buffer;
  deadlineMs: number;
}

export class CalampClient implements DeviceClient {
  private readonly queue: Sample[] = [];
  private socket: CalampSocket | null = null;
  private inFlight: InFlight | null = null;
  private sequence = 0;
  private readonly ackTimeoutMs: number;
  private readonly backoff: Backoff;
  private readonly jitter: () => number;
  private closed = false;

  constructor(private readonly o: CalampClientOptions) {
    this.ackTimeoutMs = o.ackTimeoutMs ?? 10_000;
    this.backoff = new Backoff(this.ackTimeoutMs, Math.max(this.ackTimeoutMs, 60_000));
    this.jitter = jitterFrom(o.imei);
  }

  push(sample: Sample): void {
    // Never drop the fix in flight: its ACK shifts the queue.
    keepRecord(this.queue, sample, this.inFlight ? 1 : 0, this.o);
  }

  buffered(): number {
    return this.queue.length;
  }

  tick(now: number): void {
    if (this.closed) return;
    if (!this.socket) {
      this.socket = (this.o.socket ?? udpSocket)({ host: this.o.host, port: this.o.port }, (d) =>
        this.onMessage(d),
      );
      this.o.onEvent?.({ type: "ready" });
    }
    const f = this.inFlight;
    if (!f) this.sendNext(now);
    else if (now >= f.deadlineMs) {
      this.o.stats.errors++;
      this.o.onEvent?.({ type: "closed", error: "ACK timeout" });
      f.deadlineMs = now + this.backoff.next(this.jitter());
      this.write(f.datagram);
    }
  }

  private sendNext(now: number): void {
    const s = this.queue[0];
    if (!s || this.closed) return;
    this.sequence = (this.sequence + 1) & 0xffff;
    const datagram = encodeCalampEvent(
      this.o.imei,
      this.sequence,
      fixOf(s),
      // What waited behind other fixes comes from the unit's log; the newest fix is live.
      { historic: this.queue.length > 1 },
    );
    this.inFlight = { sequence: this.sequence, datagram, deadlineMs: now + this.ackTimeoutMs };
    this.write(datagram);
  }

  private write(datagram: Buffer): void {
    this.o.stats.sent++;
    this.o.onEvent?.({ type: "sent", count: 1 });
    this.socket?.send(datagram);
  }

  private onMessage(datagram: Buffer): void {
    const ack = decodeCalampAck(datagram);
    const f = this.inFlight;
    // A stale ACK (of a report already answered), a NAK or anything that is no ACK: the retry covers it.
    if (!ack || !f || !ack.accepted || ack.sequence !== f.sequence || ack.type !== MSG_EVENT) return;
    this.inFlight = null;
    this.queue.shift();
    this.backoff.reset();
    this.o.stats.acked++;
    this.o.onEvent?.({ type: "acked", count: 1 });
    // Drain a backlog straight away rather than one fix per tick.
    this.sendNext(this.o.now());
  }

  async close(): Promise<void> {
    this.closed = true;
    this.inFlight = null;
    this.socket?.close();
    this.socket = null;
  }
}
