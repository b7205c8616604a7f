import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TestDevice, teltonikaHandshake } from "../support/devices.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({
    VIGIA_GATEWAY: "1",
    TELTONIKA_PORT: "0",
    GT06_PORT: "0",
    OSMAND_PORT: "0",
    DEVICE_MAX_CONNECTIONS: "3",
  });
});
afterAll(async () => {
  await p?.close();
});

describe("device connections per gateway", () => {
  it("refuses connections above the cap at once, counts them, and the API keeps answering", async () => {
    const { ports } = p.gateway!;
    const held = await Promise.all(
      ["350000010000001", "350000010000002", "350000010000004"].map(async (imei) => {
        const device = await TestDevice.connect(ports.teltonika);
        device.send(teltonikaHandshake(imei));
        expect((await device.read(1))[0]).toBe(1);
        return device;
      }),
    );
    expect(p.gateway!.connections()).toEqual({ current: 3, max: 3, refused: 0 });

    const over = await TestDevice.connect(ports.gt06);
    await over.closed;
    await expect(
      fetch(`http://127.0.0.1:${ports.osmand}/?id=350000010000001&lat=40&lon=-3`),
    ).rejects.toThrow();
    expect(p.gateway!.connections()).toEqual({ current: 3, max: 3, refused: 2 });

    const health = await fetch(`${p.url}/healthz`);
    expect(health.status).toBe(200);
    expect((await p.api.login("admin@acme.demo")).status).toBe(200);

    // A slot that frees up is available again.
    held[0]!.end();
    await vi.waitFor(() => expect(p.gateway!.connections().current).toBe(2));
    const again = await TestDevice.connect(ports.teltonika);
    again.send(teltonikaHandshake("350000010000001"));
    expect((await again.read(1))[0]).toBe(1);
    for (const device of [...held, again]) device.end();
  });
});
