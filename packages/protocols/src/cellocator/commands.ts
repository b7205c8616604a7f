import type { CommandSet } from "../shared/command-set.ts";
import { type CellocatorCommand, encodeCellocatorCommand } from "./codec.ts";

/** The generic commands offered, by the wire text the map records. */
const COMMANDS: Readonly<Record<string, CellocatorCommand>> = {
  // Unit state change (0x02) to reset (0x02).
  "state 2: reset": { code: 0x02, data: 0x02 },
};

/**
 * Cellocator commands: generic commands (type 0). Only the reset is offered: the output commands' codes and
 * data fields could not be confirmed from the vendor's document, and a wrong one could switch another output.
 * The unit restarts its modem and connection instead of answering, so the reset stays `sent`. The command
 * numerator is the connection's counter. Binary commands only: no custom text.
 */
export const cellocatorCommands: CommandSet = {
  texts: { reboot: "state 2: reset" },
  custom: null,
  unanswered: ["reboot"],
  // Only the texts above reach here (no custom text); anything else becomes the harmless status request (0x00).
  encode: (text, target) =>
    encodeCellocatorCommand(Number(target.imei), target.serial, COMMANDS[text] ?? { code: 0x00, data: 0x00 }),
};
