import { type LiveServerMessage, liveServerMessageSchema } from "@vigia/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { frameText } from "./frames.ts";
import { Outbox, supersedingKey } from "./outbox.ts";

const pos = (id: number, lat: number): LiveServerMessage => ({
  type: "vPos",
  data: {
    id,
    pos: { ts: 1, receivedTs: 1, lat, lng: -3.7, alt: 0, spd: 0, course: 0, satt: 9, valid: true, src: 1 },
    motion: "stopped",
    ignition: false,
    since: 1,
  },
});
/** An event whose `value` numbers it, so the order it leaves in can be read back. */
const event = (id: number, n: number): LiveServerMessage => ({
  type: "vEvent",
  data: { id, event: { kind: "sos", ts: n, lat: 0, lng: 0, spd: 0, value: n } },
});
const odometer = (id: number): LiveServerMessage => ({ type: "vOdo", data: { id, odometer: 1 } });

/** The frame the outbox hands the socket, read back as the browser reads it. */
function frame(box: Outbox): LiveServerMessage[] {
  const texts = box.takeTexts();
  if (texts === null) return [];
  const text = frameText(texts);
  const parsed: unknown = JSON.parse(text);
  return (Array.isArray(parsed) ? parsed : [parsed]).map((m) => liveServerMessageSchema.parse(m));
}

const latOf = (m: LiveServerMessage) => (m.type === "vPos" ? m.data.pos.lat : null);
const numberOf = (m: LiveServerMessage) => (m.type === "vEvent" ? m.data.event.value : null);

describe("live outbox", () => {
  it.each([
    ["a position", pos(7, 0), "vPos:7"],
    ["an odometer", odometer(7), "vOdo:7"],
    ["an event", event(7, 0), null],
  ])("%s supersedes by item: %s", (_name, message, key) => {
    expect(supersedingKey(message)).toBe(key);
  });

  it("a newer position of an item replaces the waiting one; events all stay, in order", () => {
    const box = new Outbox(100);
    box.push(pos(1, 1), 0);
    box.push(event(1, 1), 0);
    box.push(pos(2, 1), 0);
    box.push(pos(1, 2), 5);
    box.push(event(1, 2), 5);
    expect(box.size).toBe(4);
    expect(box.coalesced).toBe(1);
    expect(box.lag(25)).toBe(25);
    const sent = frame(box);
    expect(sent.map((m) => m.type)).toEqual(["vEvent", "vPos", "vPos", "vEvent"]);
    expect(latOf(sent[2]!)).toBe(2);
    expect(box.size).toBe(0);
    expect(box.lag(30)).toBe(0);
    expect(box.takeTexts()).toBeNull();
  });

  it("past its bound the oldest waiting message goes, counted", () => {
    const box = new Outbox(3);
    for (let n = 0; n < 5; n++) box.push(event(1, n), 0);
    expect(box.dropped).toBe(2);
    expect(frame(box).map(numberOf)).toEqual([2, 3, 4]);
  });

  it("property: whatever arrives, the frame holds each item's newest position and every event, in order", () => {
    const message = fc.record({
      kind: fc.constantFrom("pos" as const, "event" as const),
      id: fc.integer({ min: 1, max: 5 }),
      lat: fc.integer({ min: -90, max: 90 }),
    });
    fc.assert(
      fc.property(fc.array(message, { maxLength: 200 }), (messages) => {
        const box = new Outbox(10_000);
        for (const [n, m] of messages.entries())
          box.push(m.kind === "pos" ? pos(m.id, m.lat) : event(m.id, n), n);
        const sent = frame(box);
        const events = messages.flatMap((m, n) => (m.kind === "event" ? [n] : []));
        expect(sent.filter((m) => m.type === "vEvent").map(numberOf)).toEqual(events);
        const newest = new Map<number, number>();
        for (const m of messages) if (m.kind === "pos") newest.set(m.id, m.lat);
        const positions = sent.filter((m) => m.type === "vPos");
        expect(positions).toHaveLength(newest.size);
        for (const p of positions) if (p.type === "vPos") expect(p.data.pos.lat).toBe(newest.get(p.data.id));
        expect(box.coalesced + sent.length).toBe(messages.length);
      }),
    );
  });
});
