/**
 * Small protocol servers for tests: they check framing and CRC of everything they receive, answer like a
 * gateway would, and let a test decide per packet whether to acknowledge. Tests wait on their state with
 * `until(predicate)` — an event-driven wait, never a sleep.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import {
  type AvlRecord,
  GT06_ALARM_2,
  GT06_LOGIN,
  GT06_STATUS,
  type Gt06Packet,
  gt06Ack,
  readTeltonikaPacket,
  splitGt06Frames,
} from "@vigia/protocols";

class Observable {
  private waiters: { pred: () => boolean; resolve: () => void }[] = [];
  errors: string[] = [];

  protected changed(): void {
    this.waiters = this.waiters.filter((w) => {
      if (!w.pred()) return true;
      w.resolve();
      return false;
    });
  }

  until(pred: () => boolean): Promise<void> {
    if (pred()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ pred, resolve }));
  }

  /** Lets the owner of external state (a client counter) re-check waiters. */
  poke(): void {
    this.changed();
  }
}

function listen(server: net.Server | http.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}

function closeServer(server: net.Server | http.Server, sockets: Set<net.Socket>): Promise<void> {
  for (const s of sockets) s.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

export interface TeltonikaPacket {
  imei: string;
  codec: number;
  records: AvlRecord[];
  connection: number;
}

/** `ack` decides the reply to each packet: a number of records to ACK, or "drop" to close without an ACK. */
export class FakeTeltonikaServer extends Observable {
  readonly packets: TeltonikaPacket[] = [];
  handshakes: string[] = [];
  ack: (p: TeltonikaPacket, index: number) => number | "drop" = (p) => p.records.length;
  private readonly server = net.createServer((s) => this.session(s));
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  async start(): Promise<this> {
    this.port = await listen(this.server);
    return this;
  }

  private session(s: net.Socket): void {
    this.sockets.add(s);
    const connection = this.handshakes.length;
    let imei: string | null = null;
    let rx = Buffer.alloc(0);
    s.on("close", () => this.sockets.delete(s));
    s.on("error", () => {});
    s.on("data", (chunk) => {
      rx = Buffer.concat([rx, chunk]);
      try {
        if (imei === null) {
          if (rx.length < 2 || rx.length < 2 + rx.readUInt16BE(0)) return;
          const len = rx.readUInt16BE(0);
          imei = rx.subarray(2, 2 + len).toString("ascii");
          if (!/^\d{15}$/.test(imei)) throw new Error(`bad IMEI ${imei}`);
          rx = rx.subarray(2 + len);
          this.handshakes.push(imei);
          s.write(Buffer.from([0x01]));
        }
        for (;;) {
          const d = readTeltonikaPacket(rx);
          if (!d) break;
          rx = rx.subarray(d.size);
          const p = { imei, codec: d.packet.codec, records: d.packet.records, connection };
          this.packets.push(p);
          const reply = this.ack(p, this.packets.length - 1);
          if (reply === "drop") s.destroy();
          else {
            const b = Buffer.alloc(4);
            b.writeUInt32BE(reply);
            s.write(b);
          }
        }
      } catch (err) {
        this.errors.push(String(err));
        s.destroy();
      }
      this.changed();
    });
  }

  stop(): Promise<void> {
    return closeServer(this.server, this.sockets);
  }
}

export class FakeGt06Server extends Observable {
  readonly packets: (Gt06Packet & { connection: number })[] = [];
  answerHeartbeats = true;
  private connections = 0;
  private readonly server = net.createServer((s) => this.session(s));
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  async start(): Promise<this> {
    this.port = await listen(this.server);
    return this;
  }

  private session(s: net.Socket): void {
    this.sockets.add(s);
    const connection = this.connections++;
    let rx = Buffer.alloc(0);
    s.on("close", () => this.sockets.delete(s));
    s.on("error", () => {});
    s.on("data", (chunk) => {
      rx = Buffer.concat([rx, chunk]);
      try {
        const { packets, rest } = splitGt06Frames(rx);
        rx = Buffer.from(rest);
        for (const p of packets) {
          this.packets.push({ ...p, content: Buffer.from(p.content), connection });
          const answer =
            p.protocol === GT06_LOGIN ||
            p.protocol === GT06_ALARM_2 ||
            (p.protocol === GT06_STATUS && this.answerHeartbeats);
          if (answer) s.write(gt06Ack(p.protocol, p.serial));
        }
      } catch (err) {
        this.errors.push(String(err));
        s.destroy();
      }
      this.changed();
    });
  }

  /** Writes a frame (a server command) to every connected terminal. */
  send(frame: Buffer): void {
    for (const socket of this.sockets) socket.write(frame);
  }

  stop(): Promise<void> {
    return closeServer(this.server, this.sockets);
  }
}

export class FakeOsmandServer extends Observable {
  readonly requests: URLSearchParams[] = [];
  status: (index: number) => number = () => 200;
  private readonly sockets = new Set<net.Socket>();
  private readonly server = http.createServer((req, res) => {
    const q = new URL(req.url ?? "/", "http://x").searchParams;
    this.requests.push(q);
    for (const k of [
      "id",
      "timestamp",
      "lat",
      "lon",
      "speed",
      "bearing",
      "altitude",
      "accuracy",
      "batt",
      "charge",
    ]) {
      if (!q.has(k)) this.errors.push(`missing ${k}`);
    }
    res.statusCode = this.status(this.requests.length - 1);
    res.end();
    this.changed();
  });
  port = 0;

  async start(): Promise<this> {
    this.server.on("connection", (s) => {
      this.sockets.add(s);
      s.on("close", () => this.sockets.delete(s));
    });
    this.port = await listen(this.server);
    return this;
  }

  stop(): Promise<void> {
    return closeServer(this.server, this.sockets);
  }
}
