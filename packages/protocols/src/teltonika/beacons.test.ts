import { describe, expect, it } from "vitest";
import { decodeTeltonikaBeacons, encodeTeltonikaBeacons, TELTONIKA_BEACON_IO } from "./beacons.ts";
import {
  CODEC_8,
  CODEC_8E,
  decodeTeltonikaAvl,
  encodeTeltonikaAvl,
  encodeTeltonikaRecord,
  type TeltonikaCodec,
} from "./codec.ts";

const IB = "f7826da6-4fa2-4e98-8024-bc5b71e0893e";
const bytes = (h: string) => new Uint8Array(Buffer.from(h.replace(/\s+/g, ""), "hex"));

describe("Teltonika AVL 385 beacon element", () => {
  it.each([
    {
      name: "one iBeacon with RSSI (flags 0x21)",
      hex: `11 21 ${IB.replaceAll("-", "")} 0001 0002 C4`,
      want: [{ id: `${IB}:1:2`, rssi: -60 }],
    },
    {
      name: "an Eddystone-UID with RSSI (flags 0x01)",
      hex: "11 01 00112233445566778899 aabbccddeeff B5",
      want: [{ id: "00112233445566778899:aabbccddeeff", rssi: -75 }],
    },
    {
      name: "battery and temperature are stepped over (flags 0x27, 0x07)",
      hex: `11 27 ${IB.replaceAll("-", "")} FFFF 0010 BA 0BB8 00FA 07 00112233445566778899 aabbccddeeff 9C 0BB8 FF38`,
      want: [
        { id: `${IB}:65535:16`, rssi: -70 },
        { id: "00112233445566778899:aabbccddeeff", rssi: -100 },
      ],
    },
    {
      name: "a beacon without RSSI is skipped, the next one kept",
      hex: `11 20 ${IB.replaceAll("-", "")} 0001 0001 21 ${IB.replaceAll("-", "")} 0001 0003 C0`,
      want: [{ id: `${IB}:1:3`, rssi: -64 }],
    },
    { name: "only the data-part byte: no beacons", hex: "11", want: [] },
    { name: "empty", hex: "", want: [] },
  ])("$name", ({ hex, want }) => {
    expect(decodeTeltonikaBeacons(bytes(hex))).toEqual(want);
  });

  it.each([
    { name: "truncated identifier", hex: `11 21 ${IB.replaceAll("-", "").slice(0, 20)}` },
    { name: "truncated after a good beacon", hex: `11 01 00112233445566778899 aabbccddeeff B5 21 0011` },
    { name: "unknown flag bits", hex: "11 81 00112233445566778899 aabbccddeeff B5" },
    {
      name: "RSSI 0 and positive",
      hex: "11 01 00112233445566778899 aabbccddeeff 00 01 00112233445566778899 aabbccddeeff 10",
    },
  ])("hostile input never throws: $name", ({ hex }) => {
    const got = decodeTeltonikaBeacons(bytes(hex));
    expect(got.every((b) => b.rssi <= -1 && b.rssi >= -150)).toBe(true);
    expect(got.length).toBeLessThanOrEqual(1);
  });

  it("survives random bytes", () => {
    let seed = 17;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 500; i++) {
      const data = new Uint8Array(rnd() % 300).map(() => rnd() % 256);
      expect(() => decodeTeltonikaBeacons(data)).not.toThrow();
    }
  });

  it("caps the sightings of one element", () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ id: `${IB}:1:${i}`, rssi: -70 }));
    expect(decodeTeltonikaBeacons(encodeTeltonikaBeacons(many))).toHaveLength(32);
  });

  it("encodes what it decodes, and leaves out identifiers the element cannot carry", () => {
    const sightings = [
      { id: `${IB.toUpperCase()}:7:9`, rssi: -61.4 },
      { id: "plant-0", rssi: -70 },
      { id: "00112233445566778899:AABBCCDDEEFF", rssi: -88 },
      { id: `${IB}:70000:1`, rssi: -70 },
    ];
    expect(decodeTeltonikaBeacons(encodeTeltonikaBeacons(sightings))).toEqual([
      { id: `${IB}:7:9`, rssi: -61 },
      { id: "00112233445566778899:aabbccddeeff", rssi: -88 },
    ]);
  });
});

describe("Codec 8 Extended frames with beacons", () => {
  const record = (ts: number, sightings: { id: string; rssi: number }[], codec: TeltonikaCodec = CODEC_8E) =>
    encodeTeltonikaRecord(
      {
        timestampMs: ts,
        priority: 0,
        lng: 0,
        lat: 0,
        altitudeM: 0,
        angle: 0,
        satellites: 0,
        speedKmh: 0,
        eventIoId: 0,
        io: [],
        nx: [{ id: TELTONIKA_BEACON_IO, value: encodeTeltonikaBeacons(sightings) }],
      },
      codec,
    );

  it("gives the newest record's sightings as the message's beacons", () => {
    const packet = encodeTeltonikaAvl(
      [record(2_000, [{ id: `${IB}:1:2`, rssi: -60 }]), record(1_000, [{ id: `${IB}:1:1`, rssi: -50 }])],
      CODEC_8E,
    );
    const res = decodeTeltonikaAvl(packet, "356307042441013");
    expect(res.ok && res.value.beacons).toEqual([{ id: `${IB}:1:2`, rssi: -60 }]);
    expect(res.ok && res.value.positions).toHaveLength(2);
  });

  it("has no beacons without the element, or in Codec 8 (no variable-length elements)", () => {
    const plain = decodeTeltonikaAvl(encodeTeltonikaAvl([record(1_000, [])], CODEC_8E), null);
    expect(plain.ok && plain.value.beacons).toBeUndefined();
    const c8 = decodeTeltonikaAvl(
      encodeTeltonikaAvl([record(1_000, [{ id: `${IB}:1:1`, rssi: -50 }], CODEC_8)], CODEC_8),
      null,
    );
    expect(c8.ok && c8.value.beacons).toBeUndefined();
  });
});
