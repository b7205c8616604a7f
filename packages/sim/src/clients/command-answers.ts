import { encodeH02Confirmation, h02Status, meitrackFrame, watchFrame } from "@vigia/protocols";
import type { Sample } from "../motion/types.ts";

/**
 * What a simulated FMB tracker answers to the server's Codec 12 commands, in the firmware's words, so the
 * demo shows a device's answer in the map's commands section (and configurations settle as 'updated').
 */
export function answerTeltonikaCommand(text: string): string {
  const command = text.trim();
  if (command === "setdigout 1") return "DOUT1:1 DOUT2:0 Timeout:INFINITY";
  if (command === "setdigout 0") return "DOUT1:0 DOUT2:0 Timeout:INFINITY";
  if (command === "cpureset") return "Reset in 5 sec";
  if (command === "getver") return "Ver:03.28.07 Rev:00 GPS:AXN_5.10 Hw:FMB920";
  if (command.startsWith("setparam ")) return `New value ${command.slice("setparam ".length)}`;
  return `Unknown command: ${command.slice(0, 40)}`;
}

/** The watch keywords the simulated watch confirms (a real one echoes the same). */
const WATCH_CONFIRMS = /^(RESET|UPLOAD|CR|POWEROFF|FIND|FACTORY|SOS[123]?|CENTER|MONITOR|LZ|PEDO|REMOVE)$/;

/**
 * The server commands found in what a text-protocol device received, each with the confirmation the device
 * sends back (H02 V4 with its last fix, Meitrack `<command>,OK`, the watch's echo), and where the text read ends.
 * Pure: the client writes the answers and drops the text up to `consumed`.
 */
export function answerTextCommands(
  protocol: string,
  received: string,
  last: Sample | null,
): { answers: Buffer[]; consumed: number } {
  const answers: Buffer[] = [];
  let consumed = 0;
  const patterns: Record<string, RegExp> = {
    h02: /\*HQ,(\w+),([A-Z0-9]+),(\d{6})(?:,[^#]*)?#/g,
    meitrack: /@@([A-Za-z])\d+,(\d+),([A-Z0-9]{3})[^*]*\*[0-9A-F]{2}\r\n/g,
    watch: /\[([A-Z0-9]{2})\*(\w+)\*[0-9A-F]{4}\*([A-Z0-9_]+)(?:,[^\]]*)?\]/g,
  };
  const pattern = patterns[protocol];
  if (!pattern) return { answers, consumed };
  for (const m of received.matchAll(pattern)) {
    const [whole, a = "", b = "", c = ""] = m;
    if (protocol === "h02" && last) {
      const fix = {
        timeMs: last.timeMs,
        lat: last.lat,
        lng: last.lng,
        speedKmh: last.speedKmh,
        course: last.heading,
        valid: true,
      };
      answers.push(encodeH02Confirmation(a, b, c, fix, h02Status({ ignition: last.ignition === true })));
    } else if (protocol === "meitrack") answers.push(meitrackFrame(a, `,${b},${c},OK`));
    else if (protocol === "watch" && WATCH_CONFIRMS.test(c)) answers.push(watchFrame(a, b, c));
    else continue;
    consumed = (m.index ?? 0) + whole.length;
  }
  return { answers, consumed };
}
