/**
 * Wires the motion model to the protocol clients: one item state, one Rng and one client per device, all
 * driven by a single timer wheel. This is the only place that reads the wall clock (through `clock`).
 */

import { CODEC_8, CODEC_8E } from "@vigia/protocols";
import { AckedClient, type AckedProtocolName } from "./clients/acked.ts";
import { CalampClient } from "./clients/calamp.ts";
import { type ClientEvent, type ClientStats, type DeviceClient, newStats } from "./clients/common.ts";
import { Gt06Client } from "./clients/gt06.ts";
import { OsmandClient } from "./clients/osmand.ts";
import { TeltonikaClient } from "./clients/teltonika.ts";
import { TextClient, type TextProtocolName } from "./clients/text.ts";
import { TimerWheel } from "./clients/wheel.ts";
import { defaultDriverIds, initItem, type StartCounters, step } from "./motion/item.ts";
import { buildNetwork, type RoadNetwork } from "./motion/network.ts";
import { Rng, seedFor } from "./motion/rng.ts";
import type { ItemState } from "./motion/types.ts";

export interface SimDevice {
  imei: string;
  protocol: "teltonika" | "gt06" | "osmand" | TextProtocolName | AckedProtocolName | "calamp";
  kind: "vehicle" | "asset" | "person";
  start?: { lat: number; lng: number };
  driverIds?: string[];
  /** Where the item's counters stand when the simulation starts (the end of its stored history). */
  counters?: StartCounters;
}

export interface SimOptions {
  host: string;
  /** Server port per protocol; devices of a protocol without a port (or port 0) are not simulated. */
  ports: { teltonika: number; gt06: number; osmand: number } & Partial<
    Record<TextProtocolName | AckedProtocolName | "calamp", number>
  >;
  intervalS: number;
  seed: number;
  center: { lat: number; lng: number };
  log?: (msg: string) => void;
  /** Defaults to Date.now. */
  clock?: () => number;
  /** Do not start a timer: the caller drives time with `tick()` (tests). */
  manual?: boolean;
  /** Teltonika devices send at most this often (default: every interval). */
  sendPeriodS?: number;
  /** Records a device keeps while offline (default 300). */
  maxBuffered?: number;
}

export interface SimStats extends ClientStats {
  devices: number;
  /** Records held in device memories right now. */
  buffered: number;
}

export interface SimHandle {
  stop(): Promise<void>;
  stats(): SimStats;
  /** Runs whatever is due now; only needed with `manual`. */
  tick(): void;
}

interface Running {
  device: SimDevice;
  net: RoadNetwork;
  rng: Rng;
  state: ItemState;
  lastMs: number;
  client: DeviceClient;
}

const networks = new Map<string, RoadNetwork>();

/** Street networks are shared by every device around the same centre. */
function networkFor(center: { lat: number; lng: number }, seed: number): RoadNetwork {
  const key = `${center.lat.toFixed(5)},${center.lng.toFixed(5)},${seed}`;
  let net = networks.get(key);
  if (!net) {
    net = buildNetwork(center, { seed });
    networks.set(key, net);
  }
  return net;
}

export function startSimulation(devices: SimDevice[], options: SimOptions): SimHandle {
  const clock = options.clock ?? Date.now;
  const stats = newStats();
  const net = networkFor(options.center, options.seed);
  const periodMs = Math.max(100, options.intervalS * 1000);
  const wheel = new TimerWheel(periodMs, Math.min(100, periodMs), clock);
  let errorsLogged = 0;
  const onEvent = (imei: string) => (e: ClientEvent) => {
    if (e.type !== "closed" || !e.error || !options.log) return;
    // Thousands of devices losing a server at once must not flood the log.
    errorsLogged++;
    if (errorsLogged <= 10 || errorsLogged % 1000 === 0)
      options.log(`sim: ${imei}: ${e.error} (${errorsLogged} so far)`);
  };
  const served = devices.filter((d) => (options.ports[d.protocol] ?? 0) > 0);
  const running: Running[] = served.map((device) => {
    const rng = new Rng(seedFor(options.seed, device.imei));
    const driverIds = device.driverIds ?? (device.kind === "vehicle" ? defaultDriverIds(device.imei) : []);
    const start = clock();
    const state = initItem(
      net,
      {
        kind: device.kind,
        timeMs: start,
        driverIds,
        ...(device.start ? { start: device.start } : {}),
        ...(device.counters ? { counters: device.counters } : {}),
      },
      rng,
    );
    const common = {
      imei: device.imei,
      host: options.host,
      stats,
      now: clock,
      maxBuffered: options.maxBuffered ?? 300,
      onEvent: onEvent(device.imei),
    };
    let client: DeviceClient;
    if (device.protocol === "teltonika") {
      // Most devices speak Codec 8 Extended; every fourth uses plain Codec 8, as older firmware does.
      const codec = Number(device.imei.at(-1)) % 4 === 3 ? CODEC_8 : CODEC_8E;
      client = new TeltonikaClient({
        ...common,
        port: options.ports.teltonika,
        codec,
        sendPeriodMs: (options.sendPeriodS ?? options.intervalS) * 1000,
      });
    } else if (device.protocol === "gt06") client = new Gt06Client({ ...common, port: options.ports.gt06 });
    else if (device.protocol === "osmand")
      client = new OsmandClient({ ...common, port: options.ports.osmand });
    else if (device.protocol === "calamp")
      client = new CalampClient({ ...common, port: options.ports.calamp ?? 0 });
    else if (
      device.protocol === "ruptela" ||
      device.protocol === "galileosky" ||
      device.protocol === "topflytech" ||
      device.protocol === "jt808" ||
      device.protocol === "egts" ||
      device.protocol === "cellocator" ||
      device.protocol === "atrack" ||
      device.protocol === "eelink" ||
      device.protocol === "navtelecom"
    )
      client = new AckedClient({
        ...common,
        protocol: device.protocol,
        port: options.ports[device.protocol] ?? 0,
      });
    else
      client = new TextClient({
        ...common,
        protocol: device.protocol,
        port: options.ports[device.protocol] ?? 0,
      });
    return { device, net, rng, state, lastMs: start, client };
  });
  for (const r of running) {
    wheel.add((now) => {
      const { state, sample } = step(r.net, r.state, Math.max(0, now - r.lastMs), r.rng);
      r.state = state;
      r.lastMs = now;
      r.client.push(sample);
      r.client.tick(now);
    });
  }
  if (!options.manual) wheel.start();
  options.log?.(
    `sim: ${devices.length} devices around ${options.center.lat},${options.center.lng} every ${options.intervalS}s`,
  );
  return {
    tick: () => wheel.tick(),
    stats: () => ({
      ...stats,
      devices: running.length,
      buffered: running.reduce((n, r) => n + r.client.buffered(), 0),
    }),
    async stop() {
      wheel.stop();
      await Promise.all(running.map((r) => r.client.close()));
    },
  };
}
