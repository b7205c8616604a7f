import type { SensorUnit } from "./catalogue.ts";

/**
 * What the GSM signal (`rssi`) a codec writes means, per protocol: the same attribute is a level of 0–5 on
 * Teltonika, 0–4 on a GT06 status packet, the modem's CSQ of 0–31 on Meitrack, a percentage on the 3G
 * watches and dBm on CalAmp. One table, so the panel shows "3/5", "60 %" or "-70 dBm", never "bars".
 */
interface SignalScale {
  unit: SensorUnit;
  /** Highest value the scale has; a value above it is something else (a raw cell signal) and shows bare. */
  max: number;
}

export const GSM_SIGNAL_SCALES: Readonly<Record<string, SignalScale>> = {
  teltonika: { unit: "/5", max: 5 },
  gt06: { unit: "/4", max: 4 },
  meitrack: { unit: "/31", max: 31 },
  watch: { unit: "%", max: 100 },
};

/**
 * The unit of a GSM signal value from this protocol. A negative value is a power in dBm whatever sent it
 * (CalAmp, phone apps, MQTT devices); a non-negative value from a protocol the table does not know, or
 * beyond its scale, is shown without a unit rather than with a wrong one.
 */
export function gsmSignalUnit(protocol: string | null, value: number): SensorUnit {
  if (value < 0) return "dBm";
  const scale = GSM_SIGNAL_SCALES[protocol ?? ""];
  return scale && value <= scale.max ? scale.unit : "";
}

/** A value and its unit as one text: a level reads "3/5", every other unit after a space ("12.5 V"). */
export function withUnit(text: string, unit: string): string {
  if (!unit) return text;
  return unit.startsWith("/") ? `${text}${unit}` : `${text} ${unit}`;
}
