/**
 * A Concox GT06-family tracker: login (0x01) and wait for the server's reply, then one GPS+LBS+status packet (0x22)
 * per sample, a heartbeat (0x13) every 3 minutes and an overspeed alarm (0x26) when the speed goes over the road's limit.
 * Location packets carry no acknowledgement in this protocol, so positions are only held back while the device is
 * offline; those are sent after the next login flagged as "GPS re-upload". A heartbeat left unanswered until
 * the next one means the link is dead: reconnect.
 */

import {
  encodeGt06Alarm,
  encodeGt06CommandReply,
  encodeGt06Location,
  encodeGt06Login,
  encodeGt06Status,
  GT06_ALARM_2,
  GT06_ALARM_CODE,
  GT06_COMMAND,
  GT06_GPS_2,
  GT06_LOGIN,
  GT06_STATUS,
  type Gt06Cell,
  type Gt06Fix,
  type Gt06Status,
  readGt06Command,
  splitGt06Frames,
} from "@vigia/protocols";
import type { Sample } from "../motion/types.ts";
import { answerGt06Command } from "./command-answers.ts";
import { type ClientOptions, type DeviceClient, keepRecord } from "./common.ts";
import { TcpClient } from "./tcp.ts";

export interface Gt06Options extends ClientOptions {
  heartbeatMs?: number;
  loginTimeoutMs?: number;
  /** Mobile country/network code for the LBS block (default Spain, 214/01). */
  mcc?: number;
  mnc?: number;
}

interface Pending {
  sample: Sample;
  reupload: boolean;
}

export function sampleToFix(s: Sample): Gt06Fix {
  return {
    timeMs: s.timeMs,
    lat: s.lat,
    lng: s.lng,
    speedKmh: s.speedKmh,
    course: s.heading,
    satellites: s.satellites,
    positioned: true,
  };
}

export function sampleToStatus(s: Sample): Gt06Status {
  return {
    acc: s.ignition === true,
    charging: s.externalMv !== undefined ? s.externalMv > 11000 : s.charging,
    gpsTracking: true,
    voltageLevel: s.ignition
      ? 6
      : s.externalMv !== undefined
        ? 5
        : Math.min(6, Math.max(1, Math.ceil(s.batteryPct / 17))),
    gsmSignal: Math.min(4, s.gsm),
  };
}

export class Gt06Client extends TcpClient implements DeviceClient {
  private readonly pending: Pending[] = [];
  private serial = 0;
  private loggedIn = false;
  private loginDeadline = 0;
  private nextHeartbeatMs = 0;
  private heartbeatUnanswered = false;
  private wasSpeeding = false;
  private last: Sample | null = null;
  private rx: Buffer = Buffer.alloc(0);

  constructor(private readonly g: Gt06Options) {
    super(g);
  }

  push(sample: Sample): void {
    this.last = sample;
    // Like the device's overspeed setting: alarm once when the speed goes over the limit, re-armed below it.
    const over = sample.speedLimitKmh !== undefined && sample.speedKmh > sample.speedLimitKmh;
    const alarm = over && !this.wasSpeeding;
    this.wasSpeeding = over;
    if (this.loggedIn) {
      this.sendLocation(
        sample,
        false,
        sample.events.some((e) => e.type === "ignitionOn" || e.type === "ignitionOff"),
      );
      if (alarm) this.sendAlarm(sample, GT06_ALARM_CODE.overspeed);
      return;
    }
    keepRecord(this.pending, { sample, reupload: true }, 0, this.g);
  }

  buffered(): number {
    return this.pending.length;
  }

  tick(now: number): void {
    this.ensureConnected(now);
    if (this.state === "open" && !this.loggedIn && now > this.loginDeadline) this.fail("login timeout");
    if (!this.loggedIn || now < this.nextHeartbeatMs || !this.last) return;
    if (this.heartbeatUnanswered) {
      this.fail("heartbeat unanswered");
      return;
    }
    this.heartbeatUnanswered = true;
    this.nextHeartbeatMs = now + (this.g.heartbeatMs ?? 180_000);
    this.write(encodeGt06Status(sampleToStatus(this.last), this.nextSerial()));
  }

  protected onOpen(): void {
    this.rx = Buffer.alloc(0);
    this.loggedIn = false;
    this.loginDeadline = this.g.now() + (this.g.loginTimeoutMs ?? 10_000);
    this.write(encodeGt06Login(this.g.imei, this.nextSerial()));
  }

  protected onData(chunk: Buffer): void {
    this.rx = this.rx.length ? Buffer.concat([this.rx, chunk]) : chunk;
    const { packets, rest } = splitGt06Frames(this.rx);
    this.rx = rest;
    for (const p of packets) {
      if (p.protocol === GT06_LOGIN && !this.loggedIn) this.onLoggedIn();
      else if (p.protocol === GT06_STATUS) {
        this.heartbeatUnanswered = false;
        this.g.onEvent?.({ type: "reply", protocol: p.protocol });
      } else if (p.protocol === GT06_COMMAND) {
        const command = readGt06Command(p.content);
        const answer = command ? answerGt06Command(command.text) : null;
        if (command && answer !== null)
          this.write(encodeGt06CommandReply(command.serverFlag, answer, this.nextSerial()));
      } else if (p.protocol === GT06_ALARM_2 || p.protocol === GT06_GPS_2) {
        // Some servers answer location packets too; count them when they do.
        this.g.stats.acked++;
        this.g.onEvent?.({ type: "acked", count: 1 });
      }
    }
  }

  protected onClosed(): void {
    this.loggedIn = false;
  }

  private onLoggedIn(): void {
    this.loggedIn = true;
    this.healthy();
    this.heartbeatUnanswered = false;
    this.nextHeartbeatMs = this.g.now() + (this.g.heartbeatMs ?? 180_000);
    this.g.onEvent?.({ type: "ready" });
    const backlog = this.pending.splice(0);
    for (const p of backlog) this.sendLocation(p.sample, p.reupload, false);
  }

  private cell(s: Sample): Gt06Cell {
    // A plausible cell per ~500 m square, so the LBS data changes as the device moves.
    const cx = Math.floor((s.lng + 180) * 200);
    const cy = Math.floor((s.lat + 90) * 220);
    return {
      mcc: this.g.mcc ?? 214,
      mnc: this.g.mnc ?? 1,
      lac: 1000 + (((cx >> 4) * 31 + (cy >> 4)) & 0x3fff),
      cellId: ((cx * 7919) ^ (cy * 104729)) & 0xffffff,
    };
  }

  private sendLocation(s: Sample, reupload: boolean, accChange: boolean): void {
    const packet = encodeGt06Location(
      sampleToFix(s),
      this.cell(s),
      s.ignition === true,
      { uploadMode: accChange ? 0x03 : 0x00, reupload, mileageM: s.odometerM },
      this.nextSerial(),
    );
    this.write(packet);
    this.g.stats.sent++;
    this.g.onEvent?.({ type: "sent", count: 1 });
  }

  private sendAlarm(s: Sample, code: number): void {
    this.write(encodeGt06Alarm(sampleToFix(s), this.cell(s), sampleToStatus(s), code, this.nextSerial()));
  }

  private nextSerial(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }
}
