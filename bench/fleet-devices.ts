/**
 * The device side of the fleet-shaped ingest bench, in its own process (10,000 sockets on each side would not
 * fit one process's descriptors, and the devices must not share the server's event loop). Teltonika devices
 * connect, identify, then each sends a packet of RECORDS fixes every INTERVAL_MS (start times spread over
 * the interval) and waits for its ACK before the next. Ends after DURATION_S and prints one JSON line with what
 * was sent and acknowledged and the ACK delay from send to ACK.
 * Configuration (env): FLEET_PORT, FLEET_DEVICES, FLEET_PREFIX, FLEET_RECORDS, FLEET_INTERVAL_MS, FLEET_DURATION_S.
 */
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../packages/server/test/support/devices.ts";
import { percentile } from "./support.ts";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PORT = env("FLEET_PORT", 0);
const DEVICES = env("FLEET_DEVICES", 1000);
const RECORDS = env("FLEET_RECORDS", 10);
const INTERVAL_MS = env("FLEET_INTERVAL_MS", 2000);
const DURATION_S = env("FLEET_DURATION_S", 10);
const PREFIX = process.env.FLEET_PREFIX ?? "87";

// Each slice identifies itself as soon as it is connected: the gateway closes connections that stay silent.
const connections: TestDevice[] = [];
let refused = 0;
for (let i = 0; i < DEVICES; i += 500) {
  const slice = await Promise.all(
    Array.from({ length: Math.min(500, DEVICES - i) }, async (_, k) => {
      try {
        const c = await TestDevice.connect(PORT);
        c.send(teltonikaHandshake(`${PREFIX}${String(i + k).padStart(13, "0")}`));
        await c.read(1);
        return c;
      } catch {
        refused += 1;
        return null;
      }
    }),
  );
  for (const c of slice) if (c) connections.push(c);
}

const delays: number[] = [];
let sent = 0;
let acked = 0;
let errors = 0;
const started = Date.now();
const stopAt = started + DURATION_S * 1000;
// Fresh fixes spaced so a device keeps pace with the clock: alarm rules evaluate them (stale ones only update state).
const base = started - INTERVAL_MS;
await Promise.all(
  connections.map(async (c, d) => {
    await new Promise((resolve) => setTimeout(resolve, (d / DEVICES) * INTERVAL_MS));
    for (let k = 0; Date.now() < stopAt; k++) {
      const due = started + (d / DEVICES) * INTERVAL_MS + (k + 1) * INTERVAL_MS;
      const fixes = Array.from({ length: RECORDS }, (_, r) => ({
        ts: base + Math.round(((k * RECORDS + r) * INTERVAL_MS) / RECORDS),
        lat: 40.2 + (d % 100) * 0.01 + k * 0.0002,
        lng: -3.9 + Math.floor(d / 100) * 0.005 + r * 0.00005,
        spd: 40 + (r % 20),
      }));
      const t = performance.now();
      c.send(teltonikaPacket(fixes));
      sent += RECORDS;
      try {
        await c.read(4);
      } catch {
        errors += 1;
        return;
      }
      delays.push(performance.now() - t);
      acked += RECORDS;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }),
);
const seconds = (Date.now() - started) / 1000;
for (const c of connections) c.end();
delays.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    connected: connections.length,
    refused,
    sent,
    acked,
    errors,
    seconds,
    ackP50Ms: Math.round(percentile(delays, 50)),
    ackP99Ms: Math.round(percentile(delays, 99)),
  }),
);
process.exit(0);
