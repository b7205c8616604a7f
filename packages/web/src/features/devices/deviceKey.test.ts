import { describe, expect, it } from "vitest";
import { deviceQrValue, generateDeviceKey } from "./deviceKey.ts";

describe("device keys", () => {
  it("generates keys the server accepts, different each time", () => {
    const a = generateDeviceKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(generateDeviceKey()).not.toBe(a);
  });

  it("puts the key into the QR code only when the device has one", () => {
    expect(deviceQrValue({ deviceId: "356307042441013" })).toBe("356307042441013");
    expect(deviceQrValue({ deviceId: "356307042441013", key: null })).toBe("356307042441013");
    expect(deviceQrValue({ deviceId: "123456", key: "abc_DEF-9" })).toBe("id=123456&key=abc_DEF-9");
  });
});
