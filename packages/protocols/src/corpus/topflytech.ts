import { type CorpusFrame, traccar } from "./types.ts";

// Topflytech 0x2525 (T880x): status byte bits 0-4 satellites, bit 6 positioned (GPS block, else cells), bit 7 a
// history record from the buffer. Positions: date yymmddhhmmss BCD UTC, altitude, longitude, latitude as float32
// little-endian. Every location is answered with its header, type, length 15, serial and IMEI. Expected values
// worked out by hand from that layout (float32 fields read with a small independent script).
const source = traccar("T800x");

export const topflytechCorpus: CorpusFrame[] = [
  {
    source,
    what: "0x13 report, status 0x48: positioned (bit 6), live",
    input:
      "252513005909060867284062764958000a02581900640064480000050700000000000000000000ffffffffffff00d50004cf180026061510121100c03745a8c24d422ae00e420010011203911297ffffff0000280003ffffff",
    format: "hex",
    expect: [
      {
        imei: "867284062764958",
        positions: [{ ts: "2026-06-15T10:12:11.000Z", lat: 35.71891, lng: 51.44009, valid: true }],
        ack: "252513000f09060867284062764958",
      },
    ],
  },
  {
    source,
    what: "seven buffered 0x13 reports in one chunk, status 0xC5-0xC9: bit 7 marks history, bit 6 keeps them valid",
    input:
      "25251300594a1b0869738060144917003c0e101e03e85a2dc8c00005070000410000000000000000000000005b000003a5b45e00230919102252e3a5094288fabfc0e98b15420000010403921352ffff0000001cffffffffff25251300594a1c0869738060144917003c0e101e03e85a2ac7c00005070000410000000000000000000000002d000003a5b48b002309191023522d320642abfebfc0e98b15420000010c03921345ffff0000001bffffffffff25251300594a1d0869738060144917003c0e101e03e85a1ac9c000050700004100000000000000000000000024000003a5b4af00230919102452b81ef9410002c0c0ec8b15420108011403911345ffff0000001dffffffffff25251300594a1e0869738060144917003c0e101e03e85a3ec7c00005070000410000000000000000000000000e000003a5b4bd002309191025060ad7ec41da02c0c0058c15420084016303921345ffff0000001cffffffffff25251300594a1f0869738060144917003c0e101e03e85a3ec7c020050700004100000000000000000000000005000003a5b4c2002309191025090e2deb410203c0c0108c15420089014303921338ffff0000001dffffffffff25251300594a200869738060144917003c0e101e03e85a1ec5c000050700004100000000000000000000000020000003a5b4e20023091910260948e1bc412205c0c0458c15420040013603921355ffff0000001bffffffffff25251300594a210869738060144917003c0e101e03e85a00c5c020050700004100000000000000000000000000000003a5b4e20023091910270948e1bc412205c0c0458c15420040013603911332ffff0000001dffffffffff",
    format: "hex",
    expect: [
      {
        imei: "869738060144917",
        positions: [{ ts: "2023-09-19T10:22:52.000Z", lat: 37.38663, lng: -5.99933, valid: true }],
        ack: "252513000f4a1b0869738060144917",
      },
      {
        imei: "869738060144917",
        positions: [{ ts: "2023-09-19T10:23:52.000Z", lat: 37.38663, lng: -5.99984, valid: true }],
        ack: "252513000f4a1c0869738060144917",
      },
      {
        imei: "869738060144917",
        positions: [{ ts: "2023-09-19T10:24:52.000Z", lat: 37.38664, lng: -6.00024, valid: true }],
        ack: "252513000f4a1d0869738060144917",
      },
      {
        imei: "869738060144917",
        positions: [{ ts: "2023-09-19T10:25:06.000Z", lat: 37.38674, lng: -6.00035, valid: true }],
        ack: "252513000f4a1e0869738060144917",
      },
      {
        imei: "869738060144917",
        positions: [{ ts: "2023-09-19T10:25:09.000Z", lat: 37.38678, lng: -6.00037, valid: true }],
        ack: "252513000f4a1f0869738060144917",
      },
      {
        imei: "869738060144917",
        positions: [{ ts: "2023-09-19T10:26:09.000Z", lat: 37.38698, lng: -6.00063, valid: true }],
        ack: "252513000f4a200869738060144917",
      },
      {
        imei: "869738060144917",
        positions: [{ ts: "2023-09-19T10:27:09.000Z", lat: 37.38698, lng: -6.00063, valid: true }],
        ack: "252513000f4a210869738060144917",
      },
    ],
  },
  {
    source,
    what: "0x02 report, status 0xED: a history record with a fix, stays valid",
    input:
      "2525020044a66d0862522030401350001403841409c40064edc000051100960000071701370000003ea7ee0019032010581300000000aad3e1bda6f24d42000000001281",
    format: "hex",
    expect: [
      {
        imei: "862522030401350",
        positions: [{ ts: "2019-03-20T10:58:13.000Z", lat: 51.48696, lng: -0.11027, valid: true }],
        ack: "252502000fa66d0862522030401350",
      },
    ],
  },
];
