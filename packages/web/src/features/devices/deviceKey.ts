import { DEVICE_KEY_MAX } from "@vigia/domain";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A fresh random device key (about 140 bits), from the browser's cryptographic source. */
export function generateDeviceKey(length = 24): string {
  const bytes = new Uint8Array(Math.min(length, DEVICE_KEY_MAX));
  crypto.getRandomValues(bytes);
  // 256 is not a multiple of the alphabet's size; the slight bias costs a fraction of a bit per character.
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

/**
 * What a device's QR code holds: its identifier, and with a key the OsmAnd parameters a phone app needs
 * (`id=…&key=…`), so whoever sets up the phone scans both at once.
 */
export function deviceQrValue(device: { deviceId: string; key?: string | null }): string {
  if (!device.key) return device.deviceId;
  return new URLSearchParams({ id: device.deviceId, key: device.key }).toString();
}
