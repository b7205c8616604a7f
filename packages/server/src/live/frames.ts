import type { LiveServerMessage } from "@vigia/domain";

/**
 * Each message serialised once however many clients receive it (a company's maps share the same message
 * objects from the bus); the frames are then joined from the cached texts.
 */
const serialised = new WeakMap<LiveServerMessage, string>();
export function jsonOf(message: LiveServerMessage): string {
  let text = serialised.get(message);
  if (text === undefined) {
    text = JSON.stringify(message);
    serialised.set(message, text);
  }
  return text;
}
