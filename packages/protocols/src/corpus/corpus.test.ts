import { describe, expect, it } from "vitest";
import { type ProtocolName, protocols } from "../registry.ts";
import { takesReceptionTime } from "../shared/reception-time.ts";
import type { DecodedMessage, DecodedPosition } from "../shared/types.ts";
import { CORPUS } from "./index.ts";
import type { CorpusFrame, ExpectedMessage } from "./types.ts";

/** Degrees agree when within 1e-5° (about a metre): the expected values are written to 5-7 decimals. */
const near = (actual: number, expected: number | undefined) =>
  expected !== undefined && Math.abs(actual - expected) < 1e-5 ? expected : actual;

/** When the HTTP families receive the corpus's requests: a fix sent without a time takes it. */
const RECEIVED = Date.UTC(2026, 0, 1);

/** A request as the HTTP listener hands it over: a JSON body is a POST, anything else a GET with its query. */
const request = (input: string) =>
  input.startsWith("{")
    ? { method: "POST", query: {}, body: input, contentType: "application/json" }
    : { method: "GET", query: new URLSearchParams(input.slice(input.indexOf("?") + 1)), body: null };

/**
 * The frames through the family's own connection session (as the gateway reads them), without a log-in first; a
 * CalAmp entry is one datagram; an HTTP family's entry is one request.
 */
function decode(
  family: ProtocolName,
  frame: CorpusFrame,
): { messages: DecodedMessage[]; error: string | null } {
  const entry = protocols[family];
  if (entry.transport === "http") {
    const res = entry.decode(request(frame.input), RECEIVED);
    return res.ok ? { messages: [res.value], error: null } : { messages: [], error: res.error };
  }
  const bytes =
    frame.format === "hex"
      ? Buffer.from(frame.input, "hex")
      : Buffer.from(frame.input.replaceAll("\\r", "\r").replaceAll("\\n", "\n"), "latin1");
  const session = entry.createSession({ allowAnonymous: true });
  const first = session.push(bytes);
  const last = first.error === null ? session.end() : { messages: [], error: null };
  return { messages: [...first.messages, ...last.messages], error: first.error ?? last.error };
}

/** "reception" for a fix that takes the time it was received: marked by a stream decoder, or stamped by HTTP. */
function timeOf(frame: CorpusFrame, p: DecodedPosition): string {
  if (takesReceptionTime(p) && p.ts === 0) return "reception";
  if (frame.format === "request" && p.ts === RECEIVED) return "reception";
  return new Date(p.ts).toISOString();
}

function actual(
  frame: CorpusFrame,
  m: DecodedMessage,
  expected: ExpectedMessage | undefined,
): ExpectedMessage {
  return {
    imei: m.imei,
    positions: m.positions.map((p, i) => ({
      ts: timeOf(frame, p),
      lat: near(p.lat, expected?.positions[i]?.lat),
      lng: near(p.lng, expected?.positions[i]?.lng),
      valid: p.valid,
    })),
    ack: m.ack === null ? null : frame.format === "hex" ? m.ack.toString("hex") : m.ack.toString("latin1"),
  };
}

describe("conformance corpus: real device frames decode to their hand-checked values", () => {
  for (const [family, frames] of Object.entries(CORPUS) as [ProtocolName, CorpusFrame[]][]) {
    describe(family, () => {
      it.each(frames.map((f) => [f.what, f] as const))("%s", (_what, frame) => {
        const { messages, error } = decode(family, frame);
        expect(error).toBeNull();
        expect(messages.every((m) => m.undecoded === undefined)).toBe(true);
        expect(messages.map((m, i) => actual(frame, m, frame.expect[i]))).toEqual(frame.expect);
      });
    });
  }
});
