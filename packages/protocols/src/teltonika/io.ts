import { ioKey } from "../shared/io-key.ts";
import type { Attributes, AttributeValue } from "../shared/types.ts";

/**
 * Translation of Teltonika AVL IO element ids (FMB/FMC "AVL ID" list) into normalized
 * attributes. Every element is always kept raw as `io<N>` too, because ids are model- and
 * configuration-dependent and the raw value is what support staff compare with the
 * Teltonika Configurator.
 */

/** IO 253 "Green driving type". */
const GREEN_DRIVING: Record<number, string> = {
  1: "harshAcceleration",
  2: "harshBraking",
  3: "sharpTurn",
};

type Mapper = (value: AttributeValue, out: Attributes) => string | null;

const num = (v: AttributeValue): number | null => (typeof v === "number" ? v : null);

function setNum(out: Attributes, key: string, v: AttributeValue, scale = 1): null {
  const n = num(v);
  if (n !== null) out[key] = scale === 1 ? n : Math.round((n / scale) * 1000) / 1000;
  return null;
}

/** Each mapper writes normalized attributes and may return an event name. */
const MAPPERS: Record<number, Mapper> = {
  1: (v, out) => setBool(out, "input1", v), // DIN1
  2: (v, out) => setBool(out, "input2", v), // DIN2
  16: (v, out) => setNum(out, "odometer", v), // Total odometer, metres
  21: (v, out) => setNum(out, "rssi", v), // GSM signal, 0-5 bars
  48: (v, out) => setNum(out, "fuel", v), // OBD fuel level, %
  66: (v, out) => setNum(out, "power", v, 1000), // External voltage, mV
  67: (v, out) => setNum(out, "battery", v, 1000), // Internal battery voltage, mV
  89: (v, out) => setNum(out, "fuel", v), // CAN fuel level, %
  78: (v, out) => setDriver(out, v), // iButton
  90: (v, out) => setBool(out, "door", v), // CAN door status: a bit per door, any set = a door is open
  113: (v, out) => setNum(out, "batteryLevel", v), // Battery level, %
  179: (v, out) => setBool(out, "immobilized", v), // DOUT1: the engine-blocking relay ("setdigout 1")
  181: (v, out) => setNum(out, "pdop", v, 10),
  182: (v, out) => setNum(out, "hdop", v, 10),
  205: (v, out) => setNum(out, "cid", v),
  206: (v, out) => setNum(out, "lac", v),
  207: (v, out) => setDriver(out, v), // RFID
  236: (v) => (v === 1 ? "sos" : null), // "Alarm": the panic button scenario's event
  239: (v, out) => setBool(out, "ignition", v),
  240: (v, out) => setBool(out, "motion", v),
  241: (v, out) => setNum(out, "operator", v), // Active GSM operator, MCC+MNC as one number
  246: (v) => (v === 1 ? "tow" : null),
  247: (v) => (typeof v === "number" && v > 0 ? "crash" : null),
  249: (v) => (v === 1 ? "jamming" : null),
  252: (v) => (v === 1 ? "powerCut" : null), // Unplug detection
  253: (v) => (typeof v === "number" ? (GREEN_DRIVING[v] ?? null) : null),
  255: (v) => (typeof v === "number" && v > 0 ? "overspeed" : null), // value is the speed
  449: (v, out) => setNum(out, "hours", v), // Ignition on counter, seconds
};

function setBool(out: Attributes, key: string, v: AttributeValue): null {
  if (typeof v === "number") out[key] = v !== 0;
  return null;
}

/** Driver keys are identifiers, not quantities: hex, zero means "no key present". */
function setDriver(out: Attributes, v: AttributeValue): null {
  if (v === 0) return null;
  // Strings are either decimal (8-byte values above 2^53) or already hex (NX elements).
  const hex =
    typeof v === "number" ? v.toString(16) : /^\d+$/.test(String(v)) ? BigInt(v).toString(16) : String(v);
  out.driverId = hex.toUpperCase().padStart(16, "0");
  return null;
}

/**
 * Adds `io<N>` for every element plus the normalized names. When several elements carry an
 * event, the one named by the record's event IO id wins, because that is what triggered the record.
 */
export function mapTeltonikaIo(eventIoId: number, io: Map<number, AttributeValue>, out: Attributes): void {
  let event: string | null = null;
  for (const [id, value] of io) {
    out[ioKey(id)] = value;
    const mapper = MAPPERS[id];
    if (!mapper) continue;
    const e = mapper(value, out);
    if (e !== null && (event === null || id === eventIoId)) event = e;
  }
  if (event !== null) out.event = event;
}
