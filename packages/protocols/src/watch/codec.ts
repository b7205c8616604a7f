import { DecodeError } from "../shared/reader.ts";
import {
  type Attributes,
  type CellTower,
  type DecodedMessage,
  type DecodeResult,
  emptyMessage,
  type SessionOptions,
  type StreamSession,
  type WifiAccessPoint,
} from "../shared/types.ts";
import {
  deviceId,
  fieldText,
  formatUtc,
  hexInt,
  int,
  measured,
  num,
  signedDegrees,
  textPosition,
  utcMs,
} from "../text/fields.ts";
import { createTextSession } from "../text/session.ts";

/**
 * Watch protocol (kids' watches, pet trackers and bracelets, the `[SG*…]` / `[3G*…]` family), both directions:
 *   [<maker>*<id>*<content length, 4 hex>*<content>]
 * where the content is `TYPE[,fields]`. Handled types:
 *   LK,<steps>,<tumbles>,<battery %>          link keep-alive   → [<maker>*<id>*0002*LK]
 *   UD / UD2 / UD_LTE / UD_WCDMA,<location>   position (UD2: stored while offline, sent later)  → no answer
 *   AL / AL_LTE,<location>                    alarm with position → [<maker>*<id>*<len>*AL] (the type echoed)
 * Location: ddmmyy, hhmmss (UTC), A|V, latitude, N|S, longitude, E|W (decimal degrees), speed km/h, course,
 * altitude m, satellites, GSM signal 0-100, battery %, steps, tumbles, status (8 hex), cell count, connected
 * cell, MCC, MNC, (LAC, cell id, signal) × count, Wi-Fi count, (name, MAC, signal) × count[, accuracy].
 * A frame without a fix (V at 0,0) yields no position, only its cells and Wi-Fi access points.
 */

const HEADER = /^\[([A-Z0-9]{2})\*([0-9A-Za-z]{1,20})\*([0-9A-Fa-f]{4})\*/;
/** Longest header: "[" + maker + "*" + 20-character id + "*" + length + "*". */
const HEADER_MAX = 1 + 2 + 1 + 20 + 1 + 4 + 1;

/** Status word: low half is state, high half alarms (1 = active). */
const STATUS_EVENTS: [number, string][] = [
  [16, "sos"],
  [20, "tamper"], // taken off the wrist / removed
  [21, "fall"],
  [17, "lowBattery"],
  [0, "lowBattery"],
  [18, "geofenceExit"],
  [1, "geofenceExit"],
  [19, "geofenceEnter"],
  [2, "geofenceEnter"],
];

/**
 * Keywords a watch echoes to confirm a server command (`[SG*id*len*RESET]` answers `RESET`): restart, upload
 * interval, locate now, power off, find the watch, factory reset, SOS and centre numbers, listen-in, language and
 * time zone, pedometer, take-off alarm. Anything else unsolicited stays `unknown`, never taken as an answer.
 */
const WATCH_COMMAND_REPLIES = new Set([
  "RESET",
  "UPLOAD",
  "CR",
  "POWEROFF",
  "FIND",
  "FACTORY",
  "SOS",
  "SOS1",
  "SOS2",
  "SOS3",
  "CENTER",
  "MONITOR",
  "LZ",
  "PEDO",
  "REMOVE",
]);

/** Types that carry a location, whether they are history (stored while offline) and whether they are alarms. */
const LOCATION_TYPES: Record<string, { archive: boolean; alarm: boolean }> = {
  UD: { archive: false, alarm: false },
  UD_LTE: { archive: false, alarm: false },
  UD_WCDMA: { archive: false, alarm: false },
  UD2: { archive: true, alarm: false },
  AL: { archive: false, alarm: true },
  AL_LTE: { archive: false, alarm: true },
};

export function watchFrameSize(buf: Buffer): number {
  const head = buf.toString("latin1", 0, Math.min(HEADER_MAX, buf.length));
  const m = HEADER.exec(head);
  if (!m) {
    // A header still arriving is fine; anything else that cannot become one is garbage.
    if (
      buf.length < HEADER_MAX &&
      /^\[([A-Z0-9]{0,2}|[A-Z0-9]{2}\*[0-9A-Za-z]{0,20}(\*[0-9A-Fa-f]{0,4})?)$/.test(head)
    )
      return 0;
    throw new DecodeError("not a watch frame");
  }
  const total = m[0].length + Number.parseInt(m[3] ?? "0", 16) + 1;
  return buf.length >= total ? total : 0;
}

/** A frame with the right length field, as devices and the server both write them. */
export function watchFrame(maker: string, id: string, content: string): Buffer {
  const body = Buffer.from(content, "latin1");
  return Buffer.concat([
    Buffer.from(`[${maker}*${id}*${body.length.toString(16).toUpperCase().padStart(4, "0")}*`, "latin1"),
    body,
    Buffer.from("]"),
  ]);
}

const MAC = /^[0-9a-fA-F]{2}([:-][0-9a-fA-F]{2}){5}$/;

/**
 * A cell field: decimal as the protocol document writes it, or hex as some firmware does (`55C0`, `3B882A2`,
 * `FFFF`): a field with a hex letter can only be hex. Digits alone stay decimal.
 */
function cellNumber(text: string | undefined): number | null {
  return int(text) ?? (text !== undefined && /[a-fA-F]/.test(text) ? hexInt(text) : null);
}

/** Cells and Wi-Fi access points from the location's field 16 on (the cell count). */
function towers(f: string[]): { cells: CellTower[]; wifi: WifiAccessPoint[] } | string {
  const count = int(f[16]);
  if (count === null || count > 32) return "bad cell count";
  const cells: CellTower[] = [];
  let at = 17;
  if (count > 0) {
    const mcc = cellNumber(f[18]);
    const mnc = cellNumber(f[19]);
    if (mcc === null || mnc === null) return "bad MCC/MNC";
    at = 20;
    // Some firmware writes FFFF for a network it has not registered on: the towers then name no network.
    const known = mcc > 0 && mcc < 1000 && mnc < 1000;
    for (let i = 0; i < count; i++, at += 3) {
      const lac = cellNumber(f[at]);
      const cid = cellNumber(f[at + 1]);
      const rssi = num(f[at + 2]);
      if (lac === null || cid === null) return "bad cell";
      if (known) cells.push({ mcc, mnc, lac, cid, rssi });
    }
  }
  const wifi: WifiAccessPoint[] = [];
  const wifiCount = f[at] === undefined || f[at] === "" ? 0 : int(f[at]);
  if (wifiCount === null || wifiCount > 64) return "bad Wi-Fi count";
  for (let i = 0, w = at + 1; i < wifiCount; i++, w += 3) {
    const mac = f[w + 1];
    if (mac === undefined || !MAC.test(mac)) return "bad Wi-Fi MAC";
    wifi.push({ mac: mac.toLowerCase().replaceAll("-", ":"), rssi: num(f[w + 2]) });
  }
  return { cells, wifi };
}

function decodeLocation(message: DecodedMessage, f: string[], archive: boolean): string | null {
  if (f.length < 17) return "short location";
  const [
    date,
    time,
    validity,
    lat,
    ns,
    lng,
    ew,
    speed,
    course,
    alt,
    satt,
    gsm,
    battery,
    steps,
    tumbles,
    statusHex,
  ] = f;
  const ts = utcMs(date, time);
  const latDeg = /^[NS]?$/.test(ns ?? "") ? signedDegrees(lat, ns, "S") : null;
  const lngDeg = /^[EW]?$/.test(ew ?? "") ? signedDegrees(lng, ew, "W") : null;
  const status = hexInt(statusHex);
  if (ts === null) return "bad time";
  if (latDeg === null || lngDeg === null) return "bad coordinates";
  if (status === null) return "bad status";
  const found = towers(f);
  if (typeof found === "string") return found;
  if (found.cells.length > 0) message.cells = found.cells;
  if (found.wifi.length > 0) message.wifi = found.wifi;
  const attributes: Attributes = { status };
  const battLevel = int(battery);
  if (battLevel !== null) attributes.batteryLevel = Math.min(100, battLevel);
  const rssi = int(gsm);
  if (rssi !== null) attributes.rssi = rssi;
  const stepCount = int(steps);
  if (stepCount !== null) attributes.steps = stepCount;
  const tumbleCount = int(tumbles);
  if (tumbleCount !== null) attributes.tumbles = tumbleCount;
  if (archive) attributes.archive = true;
  for (const [bit, event] of STATUS_EVENTS)
    if (Math.floor(status / 2 ** bit) % 2 === 1) {
      attributes.event = event;
      break;
    }
  if (validity !== "A" && latDeg === 0 && lngDeg === 0) {
    // No fix and no last-known position: the cells and access points are all this frame has.
    message.attributes = attributes;
    message.ts = ts;
    if (message.kind === "position") message.kind = "lbs";
    return null;
  }
  const position = textPosition(
    {
      ts,
      lat: latDeg,
      lng: lngDeg,
      spd: measured(speed),
      course: measured(course),
      alt: alt === "" ? 0 : measured(alt),
      satt: int(satt) ?? 0,
      valid: validity === "A",
    },
    attributes,
  );
  if (!position) return "bad speed, course or position";
  message.positions.push(position);
  return null;
}

/** One watch frame → normalized message with its answer. Never throws. */
export function decodeWatchFrame(frame: Buffer): DecodeResult<DecodedMessage> {
  const head = HEADER.exec(frame.toString("latin1", 0, Math.min(HEADER_MAX, frame.length)));
  if (!head || frame.readUInt8(frame.length - 1) !== 0x5d) return { ok: false, error: "not a watch frame" };
  const maker = head[1] ?? "SG";
  const id = deviceId(head[2]);
  if (!id) return { ok: false, error: "bad device id" };
  if (head[0].length + Number.parseInt(head[3] ?? "0", 16) + 1 !== frame.length)
    return { ok: false, error: "length mismatch" };
  const content = frame.toString("latin1", head[0].length, frame.length - 1);
  const comma = content.indexOf(",");
  const type = comma < 0 ? content : content.slice(0, comma);
  const f = comma < 0 ? [] : content.slice(comma + 1).split(",");
  const location = LOCATION_TYPES[type];
  if (type === "LK") {
    const message = emptyMessage("heartbeat", id);
    const [steps, tumbles, battery] = f.map(int);
    if (steps != null) message.attributes.steps = steps;
    if (tumbles != null) message.attributes.tumbles = tumbles;
    if (battery != null) message.attributes.batteryLevel = Math.min(100, battery);
    message.ack = watchFrame(maker, id, "LK");
    return { ok: true, value: message };
  }
  if (location) {
    const message = emptyMessage(location.alarm ? "alarm" : "position", id);
    const error = decodeLocation(message, f, location.archive);
    if (error) return { ok: false, error: `${type}: ${error}` };
    if (location.alarm) message.ack = watchFrame(maker, id, type);
    return { ok: true, value: message };
  }
  if (WATCH_COMMAND_REPLIES.has(type)) {
    const message = emptyMessage("commandResult", id);
    message.attributes.result = fieldText(content);
    return { ok: true, value: message };
  }
  const message = emptyMessage("unknown", id);
  message.attributes = { type: fieldText(type) };
  return { ok: true, value: message };
}

/** Framer for one watch connection: every frame names its device. */
export function createWatchSession(options: SessionOptions = {}): StreamSession {
  return createTextSession(
    { frameSize: watchFrameSize, decode: decodeWatchFrame, loginOnly: false },
    options,
  );
}

// ---- Encoding (device side) ----

export interface WatchFix {
  timeMs: number;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  altitude: number;
  satellites: number;
  /** False indoors: sent as V, with the last position or 0,0. */
  valid: boolean;
}

export interface WatchReport {
  fix: WatchFix;
  batteryPct: number;
  gsm: number;
  steps: number;
  /** Status word (alarm bits 16-21). */
  status?: number;
  cells?: CellTower[];
  wifi?: (WifiAccessPoint & { name?: string })[];
}

/** The location fields shared by UD, UD2 and AL. */
function locationFields(r: WatchReport): string {
  const { date, time } = formatUtc(r.fix.timeMs);
  const cells = r.cells ?? [];
  const first = cells[0];
  const wifi = r.wifi ?? [];
  const fields = [
    date,
    time,
    r.fix.valid ? "A" : "V",
    Math.abs(r.fix.lat).toFixed(6),
    r.fix.lat < 0 ? "S" : "N",
    Math.abs(r.fix.lng).toFixed(6),
    r.fix.lng < 0 ? "W" : "E",
    r.fix.speedKmh.toFixed(2),
    (Math.round(r.fix.course) % 360).toFixed(1),
    r.fix.altitude.toFixed(0),
    String(r.fix.satellites),
    String(r.gsm),
    String(Math.round(r.batteryPct)),
    String(r.steps),
    "0",
    (r.status ?? 0).toString(16).toUpperCase().padStart(8, "0"),
    String(cells.length),
    ...(first ? ["1", String(first.mcc), String(first.mnc)] : []),
    ...cells.flatMap((c) => [String(c.lac), String(c.cid), String(c.rssi ?? 0)]),
    String(wifi.length),
    ...wifi.flatMap((w, i) => [w.name ?? `ap${i}`, w.mac, String(w.rssi ?? -90)]),
  ];
  return fields.join(",");
}

export const encodeWatchLink = (
  maker: string,
  id: string,
  r: { steps: number; batteryPct: number },
): Buffer => watchFrame(maker, id, `LK,${r.steps},0,${Math.round(r.batteryPct)}`);
export const encodeWatchPosition = (
  maker: string,
  id: string,
  r: WatchReport,
  type: "UD" | "UD2" | "UD_LTE" = "UD",
): Buffer => watchFrame(maker, id, `${type},${locationFields(r)}`);
export const encodeWatchAlarm = (maker: string, id: string, r: WatchReport): Buffer =>
  watchFrame(maker, id, `AL,${locationFields(r)}`);

/** Alarm bits of the status word, for encoders. */
export const WATCH_STATUS = { sos: 1 << 16, lowBattery: 1 << 17, tamper: 1 << 20, fall: 1 << 21 } as const;
