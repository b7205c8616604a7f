import { describe, expect, it } from "vitest";
import { decodeMqttJson } from "./json.ts";

const NOW = Date.UTC(2026, 0, 15, 9, 0);
const decode = (topic: string, body: unknown) =>
  decodeMqttJson(topic, Buffer.from(typeof body === "string" ? body : JSON.stringify(body)), NOW);

describe("decodeMqttJson", () => {
  it("takes the device id from the topic and reads one position", () => {
    const r = decode("vigia/devices/123456/positions", {
      ts: 1768467600000,
      lat: 40.4,
      lng: -3.7,
      spd: 50,
      course: 90,
      satt: 8,
      attributes: { ignition: true, fuel: 40, nested: { x: 1 } },
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.imei).toBe("123456");
    expect(r.value.positions[0]).toMatchObject({
      ts: 1768467600000,
      lat: 40.4,
      lng: -3.7,
      spd: 50,
      valid: true,
      src: 1,
      attributes: { ignition: true, fuel: 40 },
    });
    expect(r.value.positions[0]?.attributes).not.toHaveProperty("nested");
  });

  it.each([
    [1768467600, 1768467600000],
    ["2026-01-15T09:00:00Z", Date.UTC(2026, 0, 15, 9)],
    [undefined, NOW],
  ])("reads the time %s", (ts, expected) => {
    const r = decode("vigia/devices/1/positions", { ts, lat: 1, lon: 2 });
    expect(r.ok && r.value.positions[0]?.ts).toBe(expected);
  });

  it("accepts an array and the id in the body on another topic", () => {
    const r = decode("fleet/in", [
      { id: 77, lat: 1, lng: 2 },
      { lat: 1.1, lng: 2.1 },
    ]);
    expect(r.ok && r.value.imei).toBe("77");
    expect(r.ok && r.value.positions).toHaveLength(2);
  });

  it.each([
    ["not json", "payload is not JSON"],
    [[], "payload must be an object or an array of objects"],
    [[1, 2], "payload must be an object or an array of objects"],
    [{ lat: 1, lng: 2 }, "no device id in topic or payload"],
    [{ id: "x", lat: 95, lng: 2 }, "lat/lng missing or out of range"],
    [{ id: "x", lat: 1, lng: 2, ts: "yesterday-ish" }, "timestamp not understood"],
  ])("refuses %j", (body, error) => {
    expect(decode("other/topic", body)).toEqual({ ok: false, error });
  });

  it("cleans the id, attribute names and text values the device sent", () => {
    const r = decode("vigia/devices/12\u000034/positions", {
      lat: 40.4,
      lng: -3.7,
      attributes: { "no\u0000te": "a\u0000b", cut: `${"b".repeat(255)}😀😀`, half: "\ud83d", n: 3 },
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.imei).toBe("1234");
    expect(r.value.positions[0]!.attributes).toEqual({
      note: "ab",
      cut: `${"b".repeat(255)}😀`,
      half: "\ufffd",
      n: 3,
    });
  });

  it("refuses oversized payloads", () => {
    expect(decodeMqttJson("vigia/devices/1/positions", Buffer.alloc(300 * 1024, 32), NOW).ok).toBe(false);
  });
});
