import type { ChildProcess } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { encodeRecord } from "../../src/ingest/journal-format.ts";
import { openPglite } from "../../src/kernel/db/pglite.ts";
import { freePort, startNode } from "../support/cluster.ts";
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../support/devices.ts";
import { devicePortsPicked } from "../support/platform.ts";

const _BIN = path.resolve(import.meta.dirname, "../../bin/vigia.mjs");

/** `vigia start` as a real child process, once its gateway listens. */
async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  return (await startNode("server", "start", env, "device gateway listening")).child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve()),
  );

const dataDir = mkdtempSync(path.join(tmpdir(), "vigia-power-"));
const diskAtLastSync = mkdtempSync(path.join(tmpdir(), "vigia-power-disk-"));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(diskAtLastSync, { recursive: true, force: true });
});

describe("power loss on PGlite", () => {
  it("keeps every acknowledged position, exactly once, when every database write after the last sync is lost", async () => {
    const env = {
      VIGIA_DATA_DIR: dataDir,
      DATABASE_URL: "",
      VIGIA_FROM_SOURCE: "1",
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      ...devicePortsPicked(),
      TELTONIKA_PORT: String(await freePort()),
      GT06_PORT: String(await freePort()),
      OSMAND_PORT: String(await freePort()),
      VIGIA_SIMULATE: "0",
      VIGIA_WEB_DIST: "/nonexistent",
    };
    const pgDir = path.join(dataDir, "pg");
    const journalDir = path.join(dataDir, "ingest-journal");
    let server = await startServer(env);
    // The server synced every database file at start and writes nothing while no device talks: this copy is
    // what the disk holds. Restoring it after the kill drops every database write made since, as power loss may.
    cpSync(pgDir, diskAtLastSync, { recursive: true });

    const imeis = ["350000010000001", "350000010000002", "350000010000004"];
    const acked = new Map<string, number[]>(imeis.map((imei) => [imei, []]));
    const base = Date.now() - 3_600_000;
    let total = 0;
    let killed = false;
    const killAt = 150;
    await Promise.all(
      imeis.map(async (imei, index) => {
        const device = await TestDevice.connect(Number(env.TELTONIKA_PORT));
        device.send(teltonikaHandshake(imei));
        await device.read(1);
        for (let batch = 0; !killed; batch++) {
          const fixes = Array.from({ length: 5 }, (_, i) => ({
            ts: base + index * 1_000_000 + (batch * 5 + i) * 1000,
            lat: 40.4,
            lng: -3.7,
            spd: 30,
          }));
          device.send(teltonikaPacket(fixes));
          try {
            const count = (await device.read(4)).readUInt32BE(0);
            acked.get(imei)!.push(...fixes.slice(0, count).map((f) => f.ts));
            total += count;
            if (total >= killAt && !killed) {
              killed = true;
              server.kill("SIGKILL");
            }
          } catch {
            return;
          }
        }
        device.end();
      }),
    );
    await exited(server);

    rmSync(pgDir, { recursive: true, force: true });
    cpSync(diskAtLastSync, pgDir, { recursive: true });
    // And a record that was being appended when the power went: half written, never synced, never ACKed.
    const journals = readdirSync(journalDir).sort();
    expect(journals.length).toBeGreaterThan(0);
    const torn = encodeRecord([{ c: 1, d: 1, ts: base - 1 }]);
    appendFileSync(path.join(journalDir, journals.at(-1)!), torn.subarray(0, torn.length - 7));

    server = await startServer(env);
    server.kill("SIGTERM");
    await exited(server);

    const db = await openPglite(pgDir);
    try {
      for (const imei of imeis) {
        const rows = await db.query<{ ts: string; n: number }>(
          `select p.ts, count(*)::int as n from positions p join devices d on d.id = p.device_id
           where d.device_id = $1 and p.ts >= $2 group by p.ts`,
          [imei, base],
        );
        const stored = new Map(rows.map((r) => [Number(r.ts), r.n]));
        const expected = acked.get(imei)!;
        expect(
          expected.filter((ts) => stored.get(ts) !== 1),
          `device ${imei}`,
        ).toEqual([]);
      }
      expect(total).toBeGreaterThanOrEqual(killAt);
    } finally {
      await db.close();
    }
  }, 120_000);
});
