import type { CommandSet } from "../shared/command-set.ts";

/**
 * ATrack commands: the vendor's text commands (`AT$INFO=?`, `AT$TRAC=…`, …) written on the device's own TCP
 * connection as a line ending in CR LF, and answered with a text line (`$OK`, `$ERROR=<code>`, the queried value),
 * read by the codec as the command's result. A custom text only: which output cuts the engine depends on the
 * wiring, and the documents reachable here do not give a restart command's exact form, so no fixed kind is
 * offered.
 */
export const atrackCommands: CommandSet = {
  texts: {},
  // Printable texts only reach here (`commandText`): no CR or LF can end the line early.
  custom: { delimiters: null },
  unanswered: [],
  encode: (text) => Buffer.from(`${text}\r\n`, "latin1"),
};

// ---- The device's side (simulator, tests) ----

/** The size of the command line at the front of what the server wrote (`AT…` up to LF), or null until it is in. */
export function atrackCommandSize(rx: Buffer): number | null {
  const end = rx.indexOf(0x0a);
  return end < 0 ? null : end + 1;
}

/** A server command line as the device reads it: its text without the line end; null when it is not one. */
export function readAtrackCommand(frame: Buffer): string | null {
  const text = frame.toString("latin1").replace(/\r?\n$/, "");
  return /^AT/i.test(text) && !/[\r\n]/.test(text) ? text : null;
}
