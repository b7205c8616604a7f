import { DEVICE_COMMAND_KINDS, type DeviceCommandKind } from "@vigia/domain";
import { type HttpProtocol, isProtocolName, protocols, type TcpProtocol } from "./registry.ts";
import type { CommandSet, CommandTarget } from "./shared/command-set.ts";

export type { CommandSet, CommandTarget, FixedCommandKind } from "./shared/command-set.ts";

/**
 * Server commands, as each protocol's codec declares them (`commands` in the registry, from `<protocol>/commands.ts`):
 * which kinds it carries, their wire text and the frame they travel in. Protocols without a command set (OsmAnd,
 * MQTT, CalAmp) have no command channel here, and the map offers them nothing.
 */
const registry: Record<string, TcpProtocol | HttpProtocol> = protocols;

/** The codec's command set of a protocol, or null when it has none (or the protocol is unknown). */
export function commandSetOf(protocol: string): CommandSet | null {
  if (!isProtocolName(protocol)) return null;
  const entry = registry[protocol];
  return entry && "commands" in entry && entry.commands ? entry.commands : null;
}

/** The commands a protocol supports, in the usual order; none for an unknown protocol. */
export function commandsOf(protocol: string): readonly DeviceCommandKind[] {
  const set = commandSetOf(protocol);
  if (!set) return [];
  return DEVICE_COMMAND_KINDS.filter((k) =>
    k === "custom" ? set.custom !== null : set.texts[k] !== undefined,
  );
}

/** The supported commands whose delivery the protocol cannot confirm: the device sends no answer to them. */
export function unansweredCommandsOf(protocol: string): readonly DeviceCommandKind[] {
  const set = commandSetOf(protocol);
  return set ? commandsOf(protocol).filter((k) => set.unanswered.includes(k)) : [];
}

/** Printable ASCII only: anything else could break the frame or the device's parser. */
const PRINTABLE = /^[\x20-\x7e]{1,160}$/;

/** The wire text of a command for a protocol, or null when the protocol cannot carry it. */
export function commandText(protocol: string, kind: DeviceCommandKind, custom = ""): string | null {
  const set = commandSetOf(protocol);
  if (!set) return null;
  if (kind === "custom") {
    if (!set.custom || !PRINTABLE.test(custom) || set.custom.delimiters?.test(custom)) return null;
    return custom;
  }
  return set.texts[kind] ?? null;
}

/** The frame carrying a command's text to a device of this protocol, or null when it has no command channel. */
export function encodeDeviceCommand(protocol: string, text: string, target: CommandTarget): Buffer | null {
  return commandSetOf(protocol)?.encode(text, target) ?? null;
}
