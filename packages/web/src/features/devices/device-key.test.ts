import { parsePairingFragment } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { deviceQr, generateDeviceKey } from "./device-key.ts";

describe("device keys", () => {
  it("generates keys the server accepts, different each time", () => {
    const a = generateDeviceKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(generateDeviceKey()).not.toBe(a);
  });

  it("puts the key into the QR code only when the device has one", () => {
    const origin = "https://fleet.example";
    expect(deviceQr({ deviceId: "356307042441013" }, "teltonika", origin).value).toBe("356307042441013");
    expect(deviceQr({ deviceId: "356307042441013", key: null }, "osmand", origin)).toEqual({
      value: "356307042441013",
      caption: "356307042441013",
      pairsApp: false,
    });
    expect(deviceQr({ deviceId: "123456", key: "abc_DEF-9" }, "wialon", origin).value).toBe(
      "id=123456&key=abc_DEF-9",
    );
  });

  it("gives a worker app device with a key the app's pairing link, captioned with its identifier", () => {
    const qr = deviceQr({ deviceId: "nuria.vega", key: "abc_DEF-9" }, "app", "https://fleet.example");
    expect(qr.pairsApp).toBe(true);
    expect(qr.caption).toBe("nuria.vega");
    const url = new URL(qr.value);
    expect(`${url.origin}${url.pathname}`).toBe("https://fleet.example/app/");
    expect(parsePairingFragment(url.hash)).toEqual({ deviceId: "nuria.vega", key: "abc_DEF-9" });
    // Traccar Client (OsmAnd) phones keep the parameters their own app reads.
    expect(deviceQr({ deviceId: "walk01", key: "abc_DEF-9" }, "osmand", "https://f.example").value).toBe(
      "id=walk01&key=abc_DEF-9",
    );
  });
});
