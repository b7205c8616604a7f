import { createHash, timingSafeEqual } from "node:crypto";

/** Compares in constant time, so the answer's timing tells nothing about how much of the key was right. */
export function keyMatches(expected: string, presented: string | null): boolean {
  if (presented === null) return false;
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(expected), digest(presented));
}

/**
 * Why a device presenting `presented` is refused (a wrong key, or none where keys are required), or null when it
 * may go on. `presented` null: the device sent no secret.
 */
export function keyRefusal(
  device: { key: string | null; keyRequired: boolean },
  presented: string | null,
): "key" | "noKey" | null {
  if (device.key !== null) return keyMatches(device.key, presented) ? null : "key";
  return device.keyRequired ? "noKey" : null;
}
