import { type CorpusFrame, traccar } from "./types.ts";

// ATrack binary: "@P", CRC-16/ARC (big-endian) of everything from the length on, length u16, sequence u16, unit id
// u64 (the IMEI), then standard records: GPS time u32 (Unix), RTC and sending times, longitude and latitude i32
// (1e-6°), heading, report id, odometer, HDOP, inputs, speed, outputs, analog input, driver id and text ending in
// NULs, two temperatures. Answer: FE 02, unit id, sequence. Expected values read from that layout with an
// independent script (Python, not our decoder), which also checked every packet's CRC and length; a device that
// never had a fix sends time 0 at 0°, 0°: not valid (the ingest keeps such a time apart, never stores 1970).
// Left out: the source's packets in custom-information form (their fields' sizes depend on the unit's format), and
// one packet followed by six zero bytes that are no packet.
const source = traccar("Atrack");

export const atrackCorpus: CorpusFrame[] = [
  {
    source,
    what: "one record with a text message (fuel sensor line)",
    input:
      "4050b5ed004a2523000310c83713f8c05a88b43e5a88b43f5a88b43f021e0ad5fffdc0a800f3020003059100080000000000000007d007d046554c533a463d3230393120743d3137204e3d3039303100",
    format: "hex",
    expect: [
      {
        imei: "862877033691328",
        positions: [{ ts: "2018-02-17T23:01:18.000Z", lat: -0.147288, lng: 35.523285, valid: true }],
        ack: "fe02000310c83713f8c02523",
      },
    ],
  },
  {
    source,
    what: "a unit that never had a fix: time 0 at 0°, 0°",
    input:
      "40503835003300070001441c3d8ed1c400000000000000c9000000c900000000000000000000020000000003de0100000000000007d007d000",
    format: "hex",
    expect: [
      {
        imei: "356363059253700",
        positions: [{ ts: "1970-01-01T00:00:00.000Z", lat: 0, lng: 0, valid: false }],
        ack: "fe020001441c3d8ed1c40007",
      },
    ],
  },
  {
    source,
    what: "two records in one packet",
    input:
      "4050993f005c000200014104d8f19682525666c252568c3c52568c63ffc8338402698885000002000009cf03de0100000000000007d007d000525666c252568c5a52568c63ffc8338402698885000002000009cf03de0100000000000007d007d000",
    format: "hex",
    expect: [
      {
        imei: "352964052096642",
        positions: [
          { ts: "2013-10-10T08:35:14.000Z", lat: 40.470661, lng: -3.656828, valid: true },
          { ts: "2013-10-10T08:35:14.000Z", lat: 40.470661, lng: -3.656828, valid: true },
        ],
        ack: "fe0200014104d8f196820002",
      },
    ],
  },
  {
    source,
    what: "one record at 11 km/h, western longitude",
    input:
      "40501e58003301e000014104d8f19682525ecd5d525ee344525ee35effc88815026ab4d70000020000104403de01000b0000000007d007d000",
    format: "hex",
    expect: [
      {
        imei: "352964052096642",
        positions: [{ ts: "2013-10-16T17:31:09.000Z", lat: 40.547543, lng: -3.635179, valid: true }],
        ack: "fe0200014104d8f1968201e0",
      },
    ],
  },
  {
    source,
    what: "the device's keep-alive, answered with itself",
    input: "fe0200014104d8f196820001",
    format: "hex",
    expect: [{ imei: "352964052096642", positions: [], ack: "fe0200014104d8f196820001" }],
  },
];
