import { DEVICE_KEY_MAX, workerPairingLink } from "@vigia/domain";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A fresh random device key (about 140 bits), from the browser's cryptographic source. */
export function generateDeviceKey(length = 24): string {
  const bytes = new Uint8Array(Math.min(length, DEVICE_KEY_MAX));
  crypto.getRandomValues(bytes);
  // 256 is not a multiple of the alphabet's size; the slight bias costs a fraction of a bit per character.
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

/** What the QR dialog shows: the code's content, the text under it, and whether it pairs the worker app. */
export interface DeviceQr {
  value: string;
  caption: string;
  pairsApp: boolean;
}

/**
 * What a device's QR code holds: its identifier, and with a key the OsmAnd parameters a phone app needs
 * (`id=…&key=…`), so whoever sets up the phone scans both at once. A device of the worker app's type with a key
 * gets the app's pairing link on this origin instead: the phone's camera opens the app paired.
 */
export function deviceQr(
  device: { deviceId: string; key?: string | null },
  proto: string | null,
  origin: string,
): DeviceQr {
  if (!device.key) return { value: device.deviceId, caption: device.deviceId, pairsApp: false };
  if (proto === "app") {
    return {
      value: workerPairingLink(origin, { deviceId: device.deviceId, key: device.key }),
      caption: device.deviceId,
      pairsApp: true,
    };
  }
  const value = new URLSearchParams({ id: device.deviceId, key: device.key }).toString();
  return { value, caption: value, pairsApp: false };
}
