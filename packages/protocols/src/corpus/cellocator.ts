import { type CorpusFrame, traccar } from "./types.ts";

// Cellocator: "MCGP", type 0 (status/location, 70 bytes), unit id u32 LE at 5, message numerator at 11; GPS block:
// mode 1 at 41 (3-6 a fix), satellites at 43, longitude and latitude i32 LE in 1e-8 radians at 44 and 48, time as
// seconds, minutes, hours, day, month and year u16 LE at 62-68; the last byte is the sum of the bytes from the type
// on. Expected values read from that layout with an independent script (Python, not our decoder), which also checked
// every message's checksum and built the expected acknowledgements (type 4, 28 bytes: unit id, command numerator 0,
// the message numerator, checksum). That acknowledgement layout agrees byte for byte with a vector of the public
// test data of the Drivetech cellocator-parser project, test/test.js (unit 836522, command numerator 1, message 80:
// 4D43475004AAC30C00010000000000500000000000000000000000CE).
const source = traccar("Cellocator");

export const cellocatorCorpus: CorpusFrame[] = [
  {
    source: `${source}; also the vendor's integration examples (message type 0)`,
    what: "status message of unit 549765, a 3D fix with speed and course",
    input:
      "4D43475000856308000004B2DE1F04009E00200100000000696CF7AB002F1A00000000000000325C000402069BFDE70857E22502F41C000036000000DF0B0932100B09DC0719",
    format: "hex",
    expect: [
      {
        imei: "549765",
        positions: [{ ts: "2012-09-11T16:50:09.000Z", lat: 20.647799, lng: 85.612194, valid: true }],
        ack: "4d4347500485630800000000000000b20000000000000000000000a6",
      },
    ],
  },
  {
    source,
    what: "status message of unit 1429642, transmission reason 70",
    input:
      "4D434750008AD01500080103011804000000460020000000005E750000000000000000000000C34300040204DA4DA30367195703E803000000000000000001030F0802E10778",
    format: "hex",
    expect: [
      {
        imei: "1429642",
        positions: [{ ts: "2017-02-08T15:03:01.000Z", lat: 32.108431, lng: 34.969875, valid: true }],
        ack: "4d434750048ad0150000000000000003000000000000000000000076",
      },
    ],
  },
  {
    source,
    what: "status message of unit 1429642, transmission reason 54",
    input:
      "4D434750008AD01500080102011804000000360060000000005E750000000000000000000000C24300040204DA4DA30367195703E80300000000000000003B020F0802E107DF",
    format: "hex",
    expect: [
      {
        imei: "1429642",
        positions: [{ ts: "2017-02-08T15:02:59.000Z", lat: 32.108431, lng: 34.969875, valid: true }],
        ack: "4d434750048ad0150000000000000002000000000000000000000075",
      },
    ],
  },
  {
    source,
    what: "status message of unit 6 (an old firmware's 2006 date)",
    input:
      "4D4347500006000000081A02021204000000210062300000006B00E100000000000000000000E5A100040206614EA303181A57034E1200000000000000001525071403D60749",
    format: "hex",
    expect: [
      {
        imei: "6",
        positions: [{ ts: "2006-03-20T07:37:21.000Z", lat: 32.108532, lng: 34.969952, valid: true }],
        ack: "4d43475004060000000000000000000200000000000000000000000c",
      },
    ],
  },
  {
    source,
    what: "status message of unit 257, message numerator 31",
    input:
      "4d434750000101000008011f041804000000200100000000005e750000000000000000000000548500040204da4da30367195703e80300000000000000002014151007dd07f7",
    format: "hex",
    expect: [
      {
        imei: "257",
        positions: [{ ts: "2013-07-16T21:20:32.000Z", lat: 32.108431, lng: 34.969875, valid: true }],
        ack: "4d43475004010100000000000000001f000000000000000000000025",
      },
    ],
  },
  {
    source,
    what: "status message of unit 103262",
    input:
      "4d434750005e930100080102041804000000200f20000000005e7500000000000000000000005af400040204da4da30367195703e8030000000000000000021a111e08dd0760",
    format: "hex",
    expect: [
      {
        imei: "103262",
        positions: [{ ts: "2013-08-30T17:26:02.000Z", lat: 32.108431, lng: 34.969875, valid: true }],
        ack: "4d434750045e930100000000000000020000000000000000000000f8",
      },
    ],
  },
];
