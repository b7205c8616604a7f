import type { DeviceCommandKind } from "@vigia/domain";

/**
 * Which commands each protocol can carry (issue 21), and the text each kind becomes on the wire. Teltonika
 * takes them as Codec 12 commands (`encodeTeltonikaCommand`), GT06 as 0x80 online commands (`encodeGt06Command`).
 * OsmAnd (one HTTP request per batch, nothing flows back) and MQTT JSON (positions only) have no command channel.
 *
 *  - Teltonika FMB: `setdigout 1` / `setdigout 0` switch DOUT1, the output the engine-blocking relay is wired to
 *    (installation guides for FMB immobilisers); `cpureset` reboots the device.
 *  - GT06 / Concox: `RELAY,1#` cuts oil and electricity, `RELAY,0#` restores them; `RESET#` reboots.
 */
export const PROTOCOL_COMMANDS: Record<string, readonly DeviceCommandKind[]> = {
  teltonika: ["engineStop", "engineResume", "reboot", "custom"],
  gt06: ["engineStop", "engineResume", "reboot", "custom"],
  osmand: [],
  mqtt: [],
};

const TEXTS: Record<"teltonika" | "gt06", Record<Exclude<DeviceCommandKind, "custom">, string>> = {
  teltonika: { engineStop: "setdigout 1", engineResume: "setdigout 0", reboot: "cpureset" },
  gt06: { engineStop: "RELAY,1#", engineResume: "RELAY,0#", reboot: "RESET#" },
};

/** The commands a protocol supports; none for an unknown protocol. */
export const commandsOf = (protocol: string): readonly DeviceCommandKind[] =>
  Object.hasOwn(PROTOCOL_COMMANDS, protocol) ? (PROTOCOL_COMMANDS[protocol] ?? []) : [];

/** Printable ASCII only: anything else could break the frame or the device's parser. */
const PRINTABLE = /^[\x20-\x7e]{1,160}$/;

/** The wire text of a command for a protocol, or null when the protocol cannot carry it. */
export function commandText(protocol: string, kind: DeviceCommandKind, custom = ""): string | null {
  if (!commandsOf(protocol).includes(kind)) return null;
  if (kind === "custom") return PRINTABLE.test(custom) ? custom : null;
  if (protocol !== "teltonika" && protocol !== "gt06") return null;
  return TEXTS[protocol][kind];
}
