import { normalizeDeviceEvent } from "@vigia/domain";
import { deviceText, MAX_DEVICE_ID, MAX_TEXT_KEY, MAX_TEXT_VALUE } from "../shared/text.ts";
import {
  type DecodedMessage,
  type DecodedPosition,
  type DecodeResult,
  emptyMessage,
  type PositionSource,
} from "../shared/types.ts";

/**
 * MQTT JSON positions: devices (or an integration) publish to `vigia/devices/<deviceId>/positions` a JSON
 * object or array of objects: { ts | timestamp (epoch ms, epoch s or ISO), lat, lng | lon, alt?, spd | speed
 * (km/h)?, course?, satt?, valid?, src?, attributes? }. The device id comes from the topic, or `id` in the body.
 */
export const MQTT_DEFAULT_TOPIC = "vigia/devices/+/positions";
export const MAX_MQTT_PAYLOAD = 256 * 1024;
/** Attributes kept per position; a device has no reason to send more. */
const MAX_ATTRIBUTES = 64;

type Json = Record<string, unknown>;

function num(value: unknown): number | null {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}

function timeOf(value: unknown, now: number): number | null {
  if (value === undefined || value === null) return now;
  const n = num(value);
  if (n !== null) return n < 1e11 ? n * 1000 : n;
  if (typeof value === "string") {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

function jsonAttr(entry: Json, key: string): unknown {
  const a = entry.attributes;
  return a && typeof a === "object" && !Array.isArray(a) ? (a as Json)[key] : undefined;
}

function position(entry: Json, now: number): DecodedPosition | string {
  const lat = num(entry.lat ?? entry.latitude);
  const lng = num(entry.lng ?? entry.lon ?? entry.longitude);
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return "lat/lng missing or out of range";
  const ts = timeOf(entry.ts ?? entry.timestamp, now);
  if (ts === null) return "timestamp not understood";
  const attributes: DecodedPosition["attributes"] = {};
  if (entry.attributes && typeof entry.attributes === "object" && !Array.isArray(entry.attributes)) {
    for (const [rawKey, value] of Object.entries(entry.attributes as Json)) {
      if (Object.keys(attributes).length >= MAX_ATTRIBUTES) break;
      const key = deviceText(rawKey, MAX_TEXT_KEY);
      if (key === "") continue;
      if (typeof value === "string") attributes[key] = deviceText(value, MAX_TEXT_VALUE);
      else if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean")
        attributes[key] = value;
    }
  }
  // An integration may name an event `event` or `alarm`: only our vocabulary is trusted as `event`.
  delete attributes.alarm;
  delete attributes.event;
  const event = normalizeDeviceEvent(
    entry.event ?? entry.alarm ?? jsonAttr(entry, "event") ?? jsonAttr(entry, "alarm"),
  );
  if (event) attributes.event = event;
  const src = num(entry.src);
  return {
    ts,
    lat,
    lng,
    alt: num(entry.alt ?? entry.altitude) ?? 0,
    spd: num(entry.spd ?? entry.speed) ?? 0,
    course: num(entry.course ?? entry.bearing) ?? 0,
    satt: num(entry.satt ?? entry.satellites) ?? 0,
    valid: entry.valid === undefined ? true : entry.valid === true,
    src: (src !== null && src >= 1 && src <= 5 ? src : 1) as PositionSource,
    attributes,
  };
}

export function decodeMqttJson(topic: string, payload: Buffer, now: number): DecodeResult<DecodedMessage> {
  if (payload.length > MAX_MQTT_PAYLOAD) return { ok: false, error: "payload too large" };
  let body: unknown;
  try {
    body = JSON.parse(payload.toString("utf8"));
  } catch {
    return { ok: false, error: "payload is not JSON" };
  }
  const entries = (Array.isArray(body) ? body : [body]) as unknown[];
  if (entries.length === 0 || entries.some((e) => typeof e !== "object" || e === null || Array.isArray(e))) {
    return { ok: false, error: "payload must be an object or an array of objects" };
  }
  const fromTopic = /^vigia\/devices\/([^/]+)\/positions$/.exec(topic)?.[1] ?? null;
  const first = entries[0] as Json;
  const id =
    fromTopic ?? (typeof first.id === "string" || typeof first.id === "number" ? String(first.id) : null);
  const cleanId = id === null ? "" : deviceText(id, MAX_DEVICE_ID);
  if (!cleanId) return { ok: false, error: "no device id in topic or payload" };
  const message = emptyMessage("position", cleanId);
  for (const entry of entries) {
    const decoded = position(entry as Json, now);
    if (typeof decoded === "string") return { ok: false, error: decoded };
    message.positions.push(decoded);
  }
  return { ok: true, value: message };
}
