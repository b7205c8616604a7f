import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startNode } from "../support/cluster.ts";
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../support/devices.ts";
import { devicePortsPicked } from "../support/platform.ts";

const _BIN = path.resolve(import.meta.dirname, "../../bin/vigia.mjs");

/** `vigia start` as a real child process, once its gateway listens. */
async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  return (await startNode("server", "start", env, "device gateway listening")).child;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "vigia-crash-"));
const schema = process.env.DATABASE_URL ? `vigia_crash_${randomBytes(5).toString("hex")}` : "";
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (schema) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  }
});

describe("crash safety", () => {
  it("keeps every acknowledged record when the server is killed with SIGKILL mid-stream", async () => {
    const env = {
      VIGIA_DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      ...devicePortsPicked(),
      TELTONIKA_PORT: String(await freePort()),
      GT06_PORT: String(await freePort()),
      OSMAND_PORT: String(await freePort()),
      VIGIA_SIMULATE: "0",
      VIGIA_WEB_DIST: "/nonexistent",
      VIGIA_FROM_SOURCE: "1",
      ...(schema ? { VIGIA_DB_SCHEMA: schema } : {}),
    };
    // The demo's first Teltonika devices (vehicles 1, 2 and 4 of Acme Logistics).
    const devices = [
      { imei: "350000010000001", vehicle: 1 },
      { imei: "350000010000002", vehicle: 2 },
      { imei: "350000010000004", vehicle: 4 },
    ];
    const acked = new Map<number, number[]>(devices.map((d) => [d.vehicle, []]));
    const base = Date.now() - 3_600_000;
    let server = await startServer(env);
    let total = 0;
    let killed = false;
    const killAt = 150;

    await Promise.all(
      devices.map(async (d, index) => {
        const device = await TestDevice.connect(Number(env.TELTONIKA_PORT));
        device.send(teltonikaHandshake(d.imei));
        await device.read(1);
        for (let batch = 0; !killed; batch++) {
          const fixes = Array.from({ length: 5 }, (_, i) => ({
            ts: base + index * 1_000_000 + (batch * 5 + i) * 1000,
            lat: 40.4 + batch * 0.0001,
            lng: -3.7,
            spd: 30,
          }));
          device.send(teltonikaPacket(fixes));
          try {
            const ack = await device.read(4);
            const count = ack.readUInt32BE(0);
            acked.get(d.vehicle)!.push(...fixes.slice(0, count).map((f) => f.ts));
            total += count;
            if (total >= killAt && !killed) {
              killed = true;
              server.kill("SIGKILL");
            }
          } catch {
            return; // connection dropped by the kill: what was not acknowledged may be lost
          }
        }
        device.end();
      }),
    );
    await new Promise<void>((resolve) =>
      server.exitCode !== null || server.signalCode !== null
        ? resolve()
        : server.once("exit", () => resolve()),
    );

    server = await startServer(env);
    try {
      const login = await fetch(`http://127.0.0.1:${env.PORT}/fr/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin@acme.demo", password: "Demo1234" }),
      });
      const { accessToken } = (await login.json()) as { accessToken: string };
      for (const d of devices) {
        const expected = acked.get(d.vehicle)!;
        const r = await fetch(
          `http://127.0.0.1:${env.PORT}/fr/v1/companies/id/1/vehicles/id/${d.vehicle}/route?from=${base - 1}&to=${base + 4_000_000}`,
          { headers: { authorization: `Bearer ${accessToken}` } },
        );
        const route = (await r.json()) as { points: { ts: number }[] };
        const stored = new Set(route.points.map((pt) => pt.ts));
        const missing = expected.filter((ts) => !stored.has(ts));
        expect(missing, `vehicle ${d.vehicle}`).toEqual([]);
      }
      expect(total).toBeGreaterThanOrEqual(killAt);
    } finally {
      server.kill("SIGTERM");
      await new Promise<void>((resolve) => server.once("exit", () => resolve()));
    }
  }, 120_000);
});
