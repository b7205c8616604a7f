import { normalizeDeviceEvent } from "@vigia/domain";
import { attempt, DecodeError } from "../shared/reader.ts";
import { deviceText, MAX_TEXT_VALUE } from "../shared/text.ts";
import {
  type Attributes,
  type AttributeValue,
  type BeaconSeen,
  type DecodedMessage,
  type DecodedPosition,
  type DecodeResult,
  emptyMessage,
} from "../shared/types.ts";

/**
 * OsmAnd HTTP protocol as sent by the Traccar Client app. Two shapes:
 *  - query form (GET, or POST with an empty/urlencoded body):
 *    `?id=IMEI&timestamp=…&lat=…&lon=…&speed=<knots>&bearing=…&altitude=…&accuracy=…&batt=…`
 *  - JSON body (newer Traccar Client, transistorsoft background-geolocation format):
 *    `{"device_id":…, "location": {"timestamp": ISO, "coords": {latitude, longitude, speed <m/s>, …}, …}}`
 * The device is acknowledged with an empty HTTP 200, so `ack` is always null.
 * `encodeOsmAndPath` is the phone side (the simulator): the query form, one GET per fix.
 */

export interface OsmAndRequest {
  method: string;
  query: URLSearchParams | Record<string, string>;
  body: string | null;
  contentType?: string | null;
}

export const KMH_PER_KNOT = 1.852;
export const KMH_PER_MPS = 3.6;
/** Larger bodies are refused rather than parsed; a batch of fixes is a few KB. */
export const MAX_OSMAND_BODY = 256 * 1024;

const ID_RE = /^[\x21-\x7e]{1,64}$/;
const NUMBER_RE = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
/** Parameters with a dedicated meaning; everything else is passed through as an attribute. */
const KNOWN = new Set(
  "id deviceid timestamp lat lon location speed bearing heading altitude accuracy hdop batt charge valid sat driverUniqueId alarm event beacons".split(
    " ",
  ),
);
const PASSTHROUGH_KEY = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
const MAX_PASSTHROUGH = 32;

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function parseNumber(name: string, v: string): number {
  if (!NUMBER_RE.test(v.trim())) throw new DecodeError(`${name} is not a number`);
  const n = Number(v);
  if (!Number.isFinite(n)) throw new DecodeError(`${name} is not finite`);
  return n;
}

/** Unix seconds, unix milliseconds (anything above 1e12) or an ISO 8601 string. */
export function parseOsmAndTime(v: string | number): number {
  if (typeof v === "number" || NUMBER_RE.test(v.trim())) {
    const n = typeof v === "number" ? v : Number(v);
    if (!Number.isFinite(n) || n < 0) throw new DecodeError("timestamp out of range");
    return Math.round(n > 1e12 ? n : n * 1000);
  }
  const t = Date.parse(v);
  if (Number.isNaN(t)) throw new DecodeError("timestamp is neither a number nor ISO 8601");
  return t;
}

function checkCoordinates(lat: number, lng: number): void {
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw new DecodeError("coordinates out of range");
}

const normalizeCourse = (deg: number) => (deg < 0 ? 0 : Math.round(deg) % 360);

function passthroughValue(v: string): AttributeValue {
  if (v === "true" || v === "false") return v === "true";
  return NUMBER_RE.test(v) && Number.isFinite(Number(v)) ? Number(v) : deviceText(v, MAX_TEXT_VALUE);
}

/** Beacons a phone reports at most per request; more are ignored (the fix uses the strongest few). */
export const MAX_OSMAND_BEACONS = 32;
const BEACON_ID_RE = /^[A-Za-z0-9:_-]{1,100}$/;

/** `beacons=<id>@<rssi>,<id>@<rssi>` (the worker app and the simulator): malformed entries are skipped. */
export function parseBeaconList(text: string): BeaconSeen[] {
  const out: BeaconSeen[] = [];
  for (const entry of text.split(/[,;]/)) {
    const at = entry.lastIndexOf("@");
    if (at <= 0) continue;
    const id = entry.slice(0, at).trim();
    const rssi = Number(entry.slice(at + 1));
    if (BEACON_ID_RE.test(id) && Number.isFinite(rssi) && out.length < MAX_OSMAND_BEACONS)
      out.push({ id, rssi });
  }
  return out;
}

/** `"beacons": [{"id": "…", "rssi": -70}, …]` of the JSON body ("uuid" is accepted for "id"). */
function jsonBeacons(value: Json | undefined): BeaconSeen[] {
  if (!Array.isArray(value)) return [];
  const out: BeaconSeen[] = [];
  for (const b of value) {
    if (!isObject(b)) continue;
    const id = typeof b.id === "string" ? b.id : typeof b.uuid === "string" ? b.uuid : null;
    const rssi = optNumber(b.rssi);
    if (id !== null && BEACON_ID_RE.test(id) && rssi !== null && out.length < MAX_OSMAND_BEACONS)
      out.push({ id, rssi });
  }
  return out;
}

function decodeQuery(params: URLSearchParams, now: number): DecodedMessage {
  const id = params.get("id") ?? params.get("deviceid");
  if (id === null || !ID_RE.test(id)) throw new DecodeError("missing or malformed id");
  const message = emptyMessage("heartbeat", id);
  const beacons = parseBeaconList(params.get("beacons") ?? "");
  if (beacons.length > 0) {
    message.beacons = beacons;
    const timestamp = params.get("timestamp");
    message.ts = timestamp ? parseOsmAndTime(timestamp) : now;
  }
  let latText = params.get("lat");
  let lonText = params.get("lon");
  const location = params.get("location"); // old OsmAnd: location=lat,lon
  if (latText === null && lonText === null && location !== null) {
    const [a, b] = location.split(",");
    latText = a ?? null;
    lonText = b ?? null;
  }
  if (latText === null && lonText === null) return message;
  if (latText === null || lonText === null) throw new DecodeError("lat and lon must be sent together");
  const lat = parseNumber("lat", latText);
  const lng = parseNumber("lon", lonText);
  checkCoordinates(lat, lng);
  const num = (name: string): number | null => {
    const v = params.get(name);
    return v === null || v === "" ? null : parseNumber(name, v);
  };
  const timestamp = params.get("timestamp");
  const valid = !["false", "0"].includes(params.get("valid") ?? "true");
  const attributes: Attributes = {};
  const accuracy = num("accuracy");
  if (accuracy !== null) attributes.accuracy = accuracy;
  const hdop = num("hdop");
  if (hdop !== null) attributes.hdop = hdop;
  const batt = num("batt");
  if (batt !== null) attributes.batteryLevel = batt;
  const charge = params.get("charge");
  if (charge !== null) attributes.charging = charge === "true" || charge === "1";
  // `alarm=sos` (Traccar Client's SOS button) or `event=…`: only names of our event vocabulary become `event`.
  const event = normalizeDeviceEvent(params.get("alarm") ?? params.get("event"));
  if (event) attributes.event = event;
  const driver = params.get("driverUniqueId");
  const driverId = driver ? deviceText(driver, 64) : "";
  if (driverId) attributes.driverId = driverId;
  let extra = 0;
  for (const [key, value] of params) {
    if (KNOWN.has(key) || !PASSTHROUGH_KEY.test(key) || key in attributes || extra >= MAX_PASSTHROUGH)
      continue;
    attributes[key] = passthroughValue(value);
    extra++;
  }
  const position: DecodedPosition = {
    ts: timestamp ? parseOsmAndTime(timestamp) : now,
    lat,
    lng,
    alt: num("altitude") ?? 0,
    spd: round((num("speed") ?? 0) * KMH_PER_KNOT),
    course: normalizeCourse(num("bearing") ?? num("heading") ?? 0),
    satt: num("sat") ?? 0,
    valid,
    src: valid ? 1 : 2,
    attributes,
  };
  message.kind = "position";
  message.positions.push(position);
  return message;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const optNumber = (v: Json | undefined): number | null =>
  typeof v === "number" && Number.isFinite(v) ? v : null;

function decodeJsonLocation(loc: Json, now: number): DecodedPosition {
  if (!isObject(loc) || !isObject(loc.coords)) throw new DecodeError("location.coords missing");
  const c = loc.coords;
  const lat = optNumber(c.latitude);
  const lng = optNumber(c.longitude);
  if (lat === null || lng === null) throw new DecodeError("coords.latitude/longitude must be numbers");
  checkCoordinates(lat, lng);
  const ts = loc.timestamp;
  const attributes: Attributes = {};
  const accuracy = optNumber(c.accuracy);
  if (accuracy !== null && accuracy >= 0) attributes.accuracy = accuracy;
  if (isObject(loc.battery)) {
    const level = optNumber(loc.battery.level);
    // Fraction 0..1; -1 means unknown.
    if (level !== null && level >= 0) attributes.batteryLevel = round(level <= 1 ? level * 100 : level, 1);
    if (typeof loc.battery.is_charging === "boolean") attributes.charging = loc.battery.is_charging;
  }
  if (typeof loc.is_moving === "boolean") attributes.motion = loc.is_moving;
  const odometer = optNumber(loc.odometer);
  if (odometer !== null) attributes.odometer = odometer;
  // App lifecycle events (motionchange, heartbeat, geofence…) are not vehicle alarms: kept apart from `event`.
  if (typeof loc.event === "string") attributes.clientEvent = deviceText(loc.event, 64);
  if (isObject(loc.activity) && typeof loc.activity.type === "string")
    attributes.activity = deviceText(loc.activity.type, 64);
  const speed = optNumber(c.speed);
  return {
    ts: typeof ts === "string" || typeof ts === "number" ? parseOsmAndTime(ts) : now,
    lat,
    lng,
    alt: optNumber(c.altitude) ?? 0,
    spd: speed !== null && speed > 0 ? round(speed * KMH_PER_MPS) : 0, // -1 = unknown
    course: normalizeCourse(optNumber(c.heading) ?? 0),
    satt: 0,
    valid: true,
    src: 1,
    attributes,
  };
}

function decodeJson(body: string, fallbackId: string | null, now: number): DecodedMessage {
  let root: Json;
  try {
    root = JSON.parse(body) as Json;
  } catch {
    throw new DecodeError("body is not valid JSON");
  }
  if (!isObject(root)) throw new DecodeError("JSON body must be an object");
  const rawId = root.device_id ?? root.id ?? fallbackId;
  const id = typeof rawId === "number" ? String(rawId) : rawId;
  if (typeof id !== "string" || !ID_RE.test(id)) throw new DecodeError("missing or malformed device_id");
  const message = emptyMessage("heartbeat", id);
  const locations = Array.isArray(root.location)
    ? root.location
    : root.location === undefined
      ? []
      : [root.location];
  for (const loc of locations) message.positions.push(decodeJsonLocation(loc, now));
  if (message.positions.length > 0) message.kind = "position";
  const beacons = jsonBeacons(root.beacons);
  if (beacons.length > 0) {
    message.beacons = beacons;
    message.ts =
      typeof root.timestamp === "string" || typeof root.timestamp === "number"
        ? parseOsmAndTime(root.timestamp)
        : now;
  }
  return message;
}

/** Decodes one HTTP request. `now` stamps fixes sent without a timestamp (the server receive time). */
export function decodeOsmAndRequest(
  req: OsmAndRequest,
  now: number = Date.now(),
): DecodeResult<DecodedMessage> {
  return attempt(() => {
    const params = new URLSearchParams(req.query);
    const body = req.body ?? "";
    if (body.length > MAX_OSMAND_BODY) throw new DecodeError("body too large");
    const type = (req.contentType ?? "").toLowerCase();
    const trimmed = body.trimStart();
    if (type.includes("json") || trimmed.startsWith("{")) {
      return decodeJson(body, params.get("id") ?? params.get("deviceid"), now);
    }
    if (trimmed !== "" && (type.includes("x-www-form-urlencoded") || type === "")) {
      // Form-encoded POST: body fields complement the query string.
      for (const [k, v] of new URLSearchParams(trimmed)) if (!params.has(k)) params.set(k, v);
    }
    return decodeQuery(params, now);
  });
}

/** One fix as the phone app reports it. */
export interface OsmAndFix {
  id: string;
  timeMs: number;
  lat: number;
  lng: number;
  speedKmh: number;
  bearing: number;
  altitudeM: number;
  accuracyM: number;
  batteryPct: number;
  charging: boolean;
}

/** A phone indoors: only the beacons it hears, no GPS (the server positions it from them). */
export function encodeOsmAndBeaconPath(id: string, timeMs: number, beacons: readonly BeaconSeen[]): string {
  const q = new URLSearchParams({
    id,
    timestamp: String(Math.floor(timeMs / 1000)),
    beacons: beacons.map((b) => `${b.id}@${Math.round(b.rssi)}`).join(","),
  });
  return `/?${q.toString()}`;
}

/** Path and query (no host): `/?id=…&timestamp=<unix s>&lat=…&lon=…&speed=<knots>&bearing=…&altitude=…`. */
export function encodeOsmAndPath(f: OsmAndFix): string {
  const q = new URLSearchParams({
    id: f.id,
    timestamp: String(Math.floor(f.timeMs / 1000)),
    lat: f.lat.toFixed(6),
    lon: f.lng.toFixed(6),
    speed: (f.speedKmh / KMH_PER_KNOT).toFixed(2),
    bearing: f.bearing.toFixed(1),
    altitude: f.altitudeM.toFixed(1),
    accuracy: f.accuracyM.toFixed(1),
    batt: f.batteryPct.toFixed(1),
    charge: f.charging ? "true" : "false",
  });
  return `/?${q.toString()}`;
}
