import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metricsAllowed } from "../../src/app/metrics.ts";
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({
    VIGIA_GATEWAY: "1",
    TELTONIKA_PORT: "0",
    GT06_PORT: "0",
    OSMAND_PORT: "0",
    DEVICE_MAX_CONNECTIONS: "50",
  });
});
afterAll(async () => {
  await p?.close();
});

const request = (remoteAddress: string, headers: Record<string, string> = {}) => ({ remoteAddress, headers });

describe("/metrics access", () => {
  it.each([
    ["loopback, no token configured", { token: null, public: false }, request("127.0.0.1"), 200],
    ["IPv6 loopback", { token: null, public: false }, request("::1"), 200],
    ["another host, no token configured", { token: null, public: false }, request("10.0.0.7"), 403],
    [
      "loopback through a reverse proxy",
      { token: null, public: false },
      request("127.0.0.1", { "x-forwarded-for": "203.0.113.9" }),
      403,
    ],
    [
      "token configured, none presented, even from loopback",
      { token: "s3cret", public: false },
      request("127.0.0.1"),
      401,
    ],
    [
      "wrong token",
      { token: "s3cret", public: false },
      request("10.0.0.7", { authorization: "Bearer s3creT" }),
      401,
    ],
    [
      "right token from anywhere",
      { token: "s3cret", public: false },
      request("10.0.0.7", { authorization: "Bearer s3cret" }),
      200,
    ],
    ["made public", { token: null, public: true }, request("203.0.113.9"), 200],
  ])("%s", (_name, access, req, status) => {
    expect(metricsAllowed(access, req)).toBe(status);
  });
});

describe("/metrics", () => {
  it("reports device connections, stored positions, the queue, live sockets and process metrics in Prometheus text", async () => {
    const device = await TestDevice.connect(p.gateway!.ports.teltonika);
    device.send(teltonikaHandshake("350000010000001"));
    await device.read(1);
    device.send(
      teltonikaPacket(
        [0, 1, 2].map((i) => ({ ts: TEST_START - 60_000 * (i + 1), lat: 40.4, lng: -3.7, spd: 20 })),
      ),
    );
    expect((await device.read(4)).readUInt32BE(0)).toBe(3);

    const response = await fetch(`${p.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1]);
    expect(value("vigia_device_connections")).toBe(1);
    expect(value("vigia_device_connections_max")).toBe(50);
    expect(value("vigia_device_connections_refused_total")).toBe(0);
    expect(value("vigia_positions_stored_total")).toBeGreaterThanOrEqual(3);
    expect(value("vigia_position_batches_total")).toBeGreaterThanOrEqual(1);
    expect(value("vigia_processor_queue_depth")).toBe(0);
    expect(value("vigia_live_sockets")).toBe(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \S+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \S+$/m);
    device.end();

    const proxied = await fetch(`${p.url}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(proxied.status).toBe(403);
  });
});
