import { describe, expect, it } from "vitest";
import { keyBytes } from "./web-push.ts";

describe("keyBytes", () => {
  it.each([
    ["AQID", [1, 2, 3]],
    // base64url without padding, with the URL-safe letters
    ["-_8", [251, 255]],
    ["AA", [0]],
    ["", []],
  ])("%s", (input, bytes) => {
    expect([...keyBytes(input)]).toEqual(bytes);
  });

  it("a VAPID public key is 65 bytes starting with 0x04 (uncompressed P-256 point)", () => {
    const key = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";
    const bytes = keyBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});
