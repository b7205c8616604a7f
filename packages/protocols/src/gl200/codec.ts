import {
  type Attributes,
  type CellTower,
  type DecodedMessage,
  type DecodedPosition,
  type DecodeResult,
  emptyMessage,
  type SessionOptions,
  type StreamSession,
} from "../shared/types.ts";
import {
  deviceId,
  fieldText,
  formatUtc,
  hexInt,
  int,
  measured,
  num,
  textPosition,
  utcMs,
} from "../text/fields.ts";
import { createTextSession, delimitedFrameSize } from "../text/session.ts";

/**
 * Queclink @Track air interface (GL200/GL300/GV family), text over TCP, both directions. Frames end with '$':
 *   +RESP:GTxxx,<protocol version>,<imei>,<device name>,...,<send time>,<count hex>$   live report
 *   +BUFF:GTxxx,...$                                                                    report kept while offline
 *   +ACK:GTHBD,<protocol version>,<imei>,<device name>,<send time>,<count>$   heartbeat → +SACK:GTHBD,<version>,<count>$
 *   +ACK:GTxxx,...$                                                           answers to commands (no reply)
 * A position block is 12 fields: GPS accuracy (HDOP 1-50, 0 = no fix), speed km/h, azimuth, altitude m,
 * longitude, latitude (signed decimal degrees), GPS UTC time YYYYMMDDHHMMSS, MCC, MNC, LAC (hex), cell id (hex),
 * reserved. Reports like GTFRI carry <number> blocks, others one; the blocks are found by their shape, so every
 * report type that carries positions is read. Odometer (km) follows the blocks.
 */

const REPORT_EVENTS: Record<string, string> = {
  GTSOS: "sos",
  GTSPD: "overspeed",
  GTEPF: "powerCut", // external power removed
  GTBPL: "lowBattery", // backup battery low
  GTTOW: "tow",
  GTCRA: "crash",
  GTJDR: "jamming",
};

export const gl200FrameSize = (buf: Buffer): number => delimitedFrameSize(buf, "+", "$");

const TIME14 = /^\d{14}$/;
const SIGNED = /^-?\d{1,3}\.\d+$/;

/** YYYYMMDDHHMMSS (UTC) → epoch ms; only this century's dates. */
function time14(text: string | undefined): number | null {
  const m = text === undefined ? null : /^20(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  return m ? utcMs(`${m[3]}${m[2]}${m[1]}`, `${m[4]}${m[5]}${m[6]}`) : null;
}

/** Whether fields from `i` look like a position block (with or without a fix). */
function isBlock(f: string[], i: number): boolean {
  const accuracy = int(f[i]);
  const lng = f[i + 4] ?? "";
  const lat = f[i + 5] ?? "";
  const mcc = f[i + 7] ?? "";
  return (
    accuracy !== null &&
    accuracy <= 50 &&
    TIME14.test(f[i + 6] ?? "") &&
    (SIGNED.test(lng) || lng === "") &&
    (SIGNED.test(lat) || lat === "") &&
    /^\d{0,4}$/.test(mcc) &&
    i + 11 < f.length - 2
  );
}

function block(
  f: string[],
  i: number,
  attributes: Attributes,
): { position: DecodedPosition | null; cell: CellTower | null } {
  const ts = time14(f[i + 6]);
  const lng = num(f[i + 4]);
  const lat = num(f[i + 5]);
  const accuracy = int(f[i]) ?? 0;
  const [mcc, mnc] = [int(f[i + 7]), int(f[i + 8])];
  const [lac, cid] = [hexInt(f[i + 9]), hexInt(f[i + 10])];
  const cell =
    mcc !== null && mnc !== null && lac !== null && cid !== null ? { mcc, mnc, lac, cid, rssi: null } : null;
  if (ts === null || lng === null || lat === null) return { position: null, cell };
  const position = textPosition(
    {
      ts,
      lat,
      lng,
      spd: f[i + 1] === "" ? 0 : measured(f[i + 1]),
      course: f[i + 2] === "" ? 0 : measured(f[i + 2]),
      alt: f[i + 3] === "" ? 0 : measured(f[i + 3]),
      valid: accuracy > 0,
    },
    accuracy > 0 ? { ...attributes, hdop: accuracy } : { ...attributes },
  );
  return { position, cell };
}

/** One @Track frame → normalized message with its answer. Never throws. */
export function decodeGl200Frame(frame: Buffer): DecodeResult<DecodedMessage> {
  const m = /^\+(RESP|BUFF|ACK):(GT[A-Z0-9]{3}),([^$]*)\$$/.exec(frame.toString("latin1"));
  if (!m) return { ok: false, error: "not an @Track frame" };
  const [, kind, type = "", rest = ""] = m;
  const f = rest.split(",");
  const id = deviceId(f[1]);
  if (!id) return { ok: false, error: "bad IMEI" };
  const version = f[0] ?? "";
  const count = f.at(-1) ?? "";
  // Versions are 6 characters (`DF0200`), or 10 on newer models (`8020040703`); some firmware ends reports at the
  // send time, without the count.
  const countless = kind !== "ACK" && /^\d{12,14}$/.test(count);
  if (!/^[0-9A-Z]{6}(?:[0-9A-Z]{4})?$/.test(version) || !(/^[0-9A-Fa-f]{4}$/.test(count) || countless))
    return { ok: false, error: "bad version or count" };
  if (kind === "ACK") {
    const message = emptyMessage(type === "GTHBD" ? "heartbeat" : "commandResult", id);
    if (type === "GTHBD") message.ack = Buffer.from(`+SACK:GTHBD,${version},${count}$`, "latin1");
    else message.attributes.result = fieldText(`${type},${f.slice(3, -2).join(",")}`);
    return { ok: true, value: message };
  }
  const attributes: Attributes = { report: type };
  const event = REPORT_EVENTS[type];
  if (event) attributes.event = event;
  if (type === "GTIGN" || type === "GTIGF") attributes.ignition = type === "GTIGN";
  if (type === "GTGEO") attributes.event = f[4] === "1" ? "geofenceEnter" : "geofenceExit";
  if (kind === "BUFF") attributes.archive = true;
  const message = emptyMessage(event ? "alarm" : "position", id);
  const cells: CellTower[] = [];
  let last = -1;
  for (let i = 3; i < f.length - 2; ) {
    if (!isBlock(f, i)) {
      i++;
      continue;
    }
    const { position, cell } = block(f, i, attributes);
    if (position) message.positions.push(position);
    if (cell && cells.length === 0) cells.push(cell);
    last = i + 11;
    i += 12;
  }
  // Odometer (km, one decimal) right after the blocks, when the report has one.
  const odometer = last >= 0 && last + 1 < f.length - 2 ? num(f[last + 1]) : null;
  if (odometer !== null)
    for (const p of message.positions) p.attributes.odometer = Math.round(odometer * 1000);
  if (cells.length > 0) message.cells = cells;
  if (message.positions.length === 0) {
    message.kind = event ? "alarm" : "unknown";
    message.attributes = attributes;
  }
  return { ok: true, value: message };
}

/** Framer for one @Track connection: every frame names its device. */
export function createGl200Session(options: SessionOptions = {}): StreamSession {
  return createTextSession(
    { frameSize: gl200FrameSize, decode: decodeGl200Frame, loginOnly: false },
    options,
  );
}

// ---- Encoding (device side) ----

export const GL200_PROTOCOL_VERSION = "1A0102";

export interface Gl200Fix {
  timeMs: number;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  altitude: number;
  /** HDOP 1-50; 0 means no fix. */
  accuracy: number;
}

const time = (ms: number): string => {
  const { ymd, time: hms } = formatUtc(ms);
  return `20${ymd}${hms}`;
};
const hex4 = (n: number): string => (n & 0xffff).toString(16).toUpperCase().padStart(4, "0");

function blockFields(fix: Gl200Fix, cell: Omit<CellTower, "rssi">): string[] {
  return [
    String(Math.round(fix.accuracy)),
    fix.speedKmh.toFixed(1),
    String(Math.round(fix.course) % 360),
    fix.altitude.toFixed(1),
    fix.lng.toFixed(6),
    fix.lat.toFixed(6),
    time(fix.timeMs),
    String(cell.mcc).padStart(4, "0"),
    String(cell.mnc).padStart(4, "0"),
    cell.lac.toString(16),
    cell.cid.toString(16),
    "00",
  ];
}

/**
 * A position report (GTFRI by default, or an alarm type such as GTSOS), live (+RESP) or kept while offline
 * (+BUFF), with one block per fix.
 */
export function encodeGl200Report(
  imei: string,
  fixes: Gl200Fix[],
  options: {
    type?: string;
    buffered?: boolean;
    cell: Omit<CellTower, "rssi">;
    odometerKm: number;
    sendMs: number;
    count: number;
  },
): Buffer {
  const fields = [
    GL200_PROTOCOL_VERSION,
    imei,
    "",
    "0",
    "0",
    String(fixes.length),
    ...fixes.flatMap((f) => blockFields(f, options.cell)),
    options.odometerKm.toFixed(1),
    time(options.sendMs),
    hex4(options.count),
  ];
  return Buffer.from(
    `+${options.buffered ? "BUFF" : "RESP"}:${options.type ?? "GTFRI"},${fields.join(",")}$`,
    "latin1",
  );
}

export const encodeGl200Heartbeat = (imei: string, sendMs: number, count: number): Buffer =>
  Buffer.from(`+ACK:GTHBD,${GL200_PROTOCOL_VERSION},${imei},,${time(sendMs)},${hex4(count)}$`, "latin1");
