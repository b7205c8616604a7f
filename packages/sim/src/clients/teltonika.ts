/**
 * A Teltonika FMB-style device: IMEI handshake, then AVL packets with everything recorded since the last ACK.
 * Records stay in the black box until the server's 4-byte ACK counts them, so a connection that drops before the
 * ACK leads to the same records being sent again after reconnecting — as real devices do.
 */

import {
  type AvlRecord,
  CODEC_8E,
  decodeTeltonikaCommand,
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
  encodeTeltonikaRecord,
  encodeTeltonikaResponse,
  IO,
  type IoValue,
  type TeltonikaCodec,
} from "@vigia/protocols";
import type { Sample } from "../motion/types.ts";
import { answerTeltonikaCommand } from "./command-answers.ts";
import { type ClientOptions, type DeviceClient, keepRecord } from "./common.ts";
import { TcpClient } from "./tcp.ts";

export interface TeltonikaOptions extends ClientOptions {
  codec?: TeltonikaCodec;
  /** Send at most this often while records trickle in; a backlog is drained back to back. */
  sendPeriodMs?: number;
  maxPerPacket?: number;
  ackTimeoutMs?: number;
}

const HARSH_TYPE = { harshAcceleration: 1, harshBraking: 2, harshCornering: 3 } as const;

/** Maps a simulator sample onto an AVL record with the IO ids documented in IO. */
export function sampleToAvl(s: Sample): AvlRecord {
  const io: IoValue[] = [];
  let eventIoId = 0;
  let priority: 0 | 1 | 2 = 0;
  if (s.ignition !== undefined) io.push({ id: IO.ignition, size: 1, value: s.ignition ? 1 : 0 });
  io.push({ id: IO.movement, size: 1, value: s.moving ? 1 : 0 });
  io.push({ id: IO.gsmSignal, size: 1, value: s.gsm });
  if (s.fuelPct !== undefined) io.push({ id: IO.fuelLevel, size: 1, value: s.fuelPct });
  if (s.externalMv !== undefined) io.push({ id: IO.externalVoltage, size: 2, value: s.externalMv });
  io.push({ id: IO.batteryVoltage, size: 2, value: s.batteryMv });
  io.push({ id: IO.totalOdometer, size: 4, value: s.odometerM });
  if (s.engineSeconds !== undefined) io.push({ id: IO.engineSeconds, size: 4, value: s.engineSeconds });
  if (s.driverId) io.push({ id: IO.iButton, size: 8, value: BigInt(`0x${s.driverId}`) });
  for (const e of s.events) {
    if (e.type === "ignitionOn" || e.type === "ignitionOff") {
      eventIoId = IO.ignition;
      priority = 1;
    } else if (e.type in HARSH_TYPE && "g" in e) {
      // One green-driving pair per record; the most recent manoeuvre wins.
      const type = HARSH_TYPE[e.type];
      const value = Math.min(255, Math.round(e.g * 100));
      for (const [id, v] of [
        [IO.greenDrivingType, type],
        [IO.greenDrivingValue, value],
      ] as const) {
        const at = io.findIndex((x) => x.id === id);
        if (at >= 0) io.splice(at, 1);
        io.push({ id, size: 1, value: v });
      }
      eventIoId = IO.greenDrivingType;
      priority = 1;
    }
  }
  return {
    timestampMs: s.timeMs,
    priority,
    lng: s.lng,
    lat: s.lat,
    altitudeM: s.altitudeM,
    angle: s.heading,
    satellites: s.satellites,
    speedKmh: s.speedKmh,
    eventIoId,
    io,
  };
}

export class TeltonikaClient extends TcpClient implements DeviceClient {
  private readonly records: Buffer[] = [];
  private inFlight = 0;
  private ackDeadline = 0;
  private handshaken = false;
  private lastSendMs = Number.NEGATIVE_INFINITY;
  private rx: Buffer = Buffer.alloc(0);
  private readonly codec: TeltonikaCodec;

  constructor(private readonly t: TeltonikaOptions) {
    super(t);
    this.codec = t.codec ?? CODEC_8E;
  }

  push(sample: Sample): void {
    // In-flight records are about to be counted by an ACK: the oldest of the others goes first.
    keepRecord(this.records, encodeTeltonikaRecord(sampleToAvl(sample), this.codec), this.inFlight, this.t);
  }

  buffered(): number {
    return this.records.length;
  }

  tick(now: number): void {
    this.ensureConnected(now);
    if (this.inFlight > 0 && now > this.ackDeadline) this.fail("ACK timeout");
    else if (now - this.lastSendMs >= (this.t.sendPeriodMs ?? 0)) this.flush(now);
  }

  protected onOpen(): void {
    this.handshaken = false;
    this.rx = Buffer.alloc(0);
    this.write(encodeTeltonikaImei(this.t.imei));
  }

  protected onData(chunk: Buffer): void {
    this.rx = this.rx.length ? Buffer.concat([this.rx, chunk]) : chunk;
    if (!this.handshaken) {
      const accepted = this.rx[0] === 0x01;
      this.rx = this.rx.subarray(1);
      if (!accepted) throw new Error("IMEI rejected");
      this.handshaken = true;
      this.healthy();
      this.t.onEvent?.({ type: "ready" });
      this.flush(this.t.now());
    }
    while (this.rx.length >= 4) {
      // A server command (Codec 12) starts with the 4 zero bytes of the preamble; an ACK never counts 0 records.
      if (this.rx.readUInt32BE(0) === 0) {
        if (this.rx.length < 8) return;
        const total = 8 + this.rx.readUInt32BE(4) + 4;
        if (this.rx.length < total) return;
        const command = decodeTeltonikaCommand(this.rx.subarray(0, total));
        this.rx = this.rx.subarray(total);
        if (command.ok) this.write(encodeTeltonikaResponse(answerTeltonikaCommand(command.value)));
        continue;
      }
      if (this.inFlight === 0) return;
      const n = this.rx.readUInt32BE(0);
      this.rx = this.rx.subarray(4);
      // The ACK says how many records of the packet were accepted; those leave the black box.
      const accepted = Math.min(n, this.inFlight);
      this.records.splice(0, accepted);
      this.inFlight = 0;
      this.t.stats.acked += accepted;
      this.healthy();
      this.t.onEvent?.({ type: "acked", count: accepted });
      // Drain a backlog without waiting for the send period.
      if (this.records.length > 0) this.flush(this.t.now(), true);
    }
  }

  protected onClosed(): void {
    this.inFlight = 0;
    this.handshaken = false;
  }

  private flush(now: number, force = false): void {
    if (!this.handshaken || this.inFlight > 0 || this.records.length === 0) return;
    if (!force && now - this.lastSendMs < (this.t.sendPeriodMs ?? 0)) return;
    const n = Math.min(this.records.length, this.t.maxPerPacket ?? 50);
    this.inFlight = n;
    this.ackDeadline = now + (this.t.ackTimeoutMs ?? 30_000);
    this.lastSendMs = now;
    this.write(encodeTeltonikaAvl(this.records.slice(0, n), this.codec));
    this.t.stats.sent += n;
    this.t.onEvent?.({ type: "sent", count: n });
  }
}
