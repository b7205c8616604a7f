import { type CorpusFrame, traccar } from "./types.ts";

// CalAmp LM Direct over UDP, one datagram each: an options header (mobile ID as BCD digits with F padding, its
// type), service type 1 (acknowledged: answered 02 01 <sequence> <type> 00 00 00 00 00 00), message type, sequence.
// Event (2), user data (4) and locate (8) reports: update time, fix time (epoch s), latitude and longitude × 1e-7,
// …, fix status (0x04 last known and 0x08 invalid: not valid; 0x20 historic); mini event reports (10): time,
// latitude, longitude, heading, speed, fix status in the high nibble. Expected values worked out with a small
// independent script from that layout (each datagram is filled exactly by it, accumulators included).
const source = traccar("CalAmp");

export const calampCorpus: CorpusFrame[] = [
  {
    source,
    what: "user data (type 4) with a last-known fix and a text message",
    input:
      "830547643586340101010400105f9c39ba5f9c302eeb36d5bddf39df700000000000000000003400040321ff9f4f0087080200001c30783330304544383946333335303139303030303030343637450d0a",
    format: "hex",
    expect: [
      {
        imei: "4764358634",
        positions: [{ ts: "2020-10-30T15:24:30.000Z", lat: -34.8727875, lng: -54.9855376, valid: false }],
        ack: "02010010040000000000",
      },
    ],
  },
  {
    source,
    what: "event report, IMEI mobile ID, two accumulators",
    input:
      "8308352648068863398f01070102039c5cfc4dcd5cfc4dcd19913f5dcce1291e000033fa0000005801110800019aff9d6f0e13003e0b02000000000000000000",
    format: "hex",
    expect: [
      {
        imei: "352648068863398",
        positions: [{ ts: "2019-06-09T00:07:41.000Z", lat: 42.8949341, lng: -85.7659106, valid: true }],
        ack: "0201039c020000000000",
      },
    ],
  },
  {
    source,
    what: "event report, ten-digit mobile ID, four accumulators",
    input:
      "83051633033459010101028afd59ae7c1459ae7c140b06bbce2c01520e0000d916000001b900450900005affa50f091f00260d040000000f24000001b90000000000003714",
    format: "hex",
    expect: [
      {
        imei: "1633033459",
        positions: [{ ts: "2017-09-05T10:27:32.000Z", lat: 18.499067, lng: 73.8284046, valid: true }],
        ack: "02018afd020000000000",
      },
    ],
  },
  {
    source,
    what: "event report, eighteen-digit mobile ID",
    input:
      "83092701131797081078220107010200dc583d4d3f583d4d3f19c70502cd1d512d00005f180000008500ec0800101eff980f090100313102000000000000000000",
    format: "hex",
    expect: [
      {
        imei: "270113179708107822",
        positions: [{ ts: "2016-11-29T09:41:19.000Z", lat: 43.2473346, lng: -85.3716691, valid: true }],
        ack: "020100dc020000000000",
      },
    ],
  },
  {
    source,
    what: "event report, last-known fix (invalid), five accumulators",
    input:
      "8305133303910501010102004557e5ab2457e3b3e01fd828dbfe9e3465000028c90000004201310704001effa12f0b22081bca05000000000000000f87000e8e2f00ea029e0000082d",
    format: "hex",
    expect: [
      {
        imei: "1333039105",
        positions: [{ ts: "2016-09-22T10:35:12.000Z", lat: 53.4259931, lng: -2.3186331, valid: false }],
        ack: "02010045020000000000",
      },
    ],
  },
  {
    source,
    what: "historic event report (fix status 0x20): archive, valid",
    input:
      "8305313301481601010102045557ea2eba57ea2eba1ebf06db005f2e5e0000220c00000000000006200000ff8f000a00000bca06000000000000000f1b000f35ef00ea02900000087000000060",
    format: "hex",
    expect: [
      {
        imei: "3133014816",
        positions: [{ ts: "2016-09-27T08:32:58.000Z", lat: 51.5835611, lng: 0.623779, valid: true }],
        ack: "02010455020000000000",
      },
    ],
  },
  {
    source,
    what: "historic last-known report with 23 accumulators",
    input:
      "8305454205067001010102008157a9bddc57a96aaa17cdb98fccc1a457000056ac00000000000007250000ff8f000e00082711570000000000ffff101b00003148000010680000000000000000000000050000000000000000000005b0000000000000289600000000000000000000069b00000000000008e400000000000000000000000000000003000000010000070f",
    format: "hex",
    expect: [
      {
        imei: "4542050670",
        positions: [{ ts: "2016-08-09T05:31:22.000Z", lat: 39.9358351, lng: -85.9724713, valid: false }],
        ack: "02010081020000000000",
      },
    ],
  },
  {
    source,
    what: "event report of a unit that never had a fix: fix time 0, the update time stands in",
    input:
      "83052132052924010101020001575c590300000000000000000000000000000000000000000000002c0000ff8f0000030801010000",
    format: "hex",
    expect: [
      {
        imei: "2132052924",
        positions: [{ ts: "2016-06-11T18:31:31.000Z", lat: 0.0, lng: 0.0, valid: false }],
        ack: "02010001020000000000",
      },
    ],
  },
  {
    source,
    what: "mini event report (type 10), nine satellites",
    input:
      "830543321494860101010a0080560b5a5e0eadd0291becf3c500f005090f1f3305000003010040c0a600000000000000008b12a102",
    format: "hex",
    expect: [
      {
        imei: "4332149486",
        positions: [{ ts: "2015-09-30T03:43:26.000Z", lat: 24.6272041, lng: 46.8513733, valid: true }],
        ack: "020100800a0000000000",
      },
    ],
  },
  {
    source,
    what: "mini event report, last-known fix (invalid)",
    input:
      "830543321494860101010a0c215608b6680ead5ada1bed88d300000049801f000500000300003cf33200000000000000008b0ce101",
    format: "hex",
    expect: [
      {
        imei: "4332149486",
        positions: [{ ts: "2015-09-28T03:39:20.000Z", lat: 24.624201, lng: 46.8551891, valid: false }],
        ack: "02010c210a0000000000",
      },
    ],
  },
  {
    source,
    what: "event report at 121 km/h, differentially corrected fix",
    input:
      "8308353301059723580f01020102088952d994c352d994c4134fa767c4c482e20000c12700000d29006e1002019affc90f061d00060c0000",
    format: "hex",
    expect: [
      {
        imei: "353301059723580",
        positions: [{ ts: "2014-01-17T20:38:28.000Z", lat: 32.3987303, lng: -99.3754398, valid: true }],
        ack: "02010889020000000000",
      },
    ],
  },
  {
    source,
    what: "event report, differentially corrected fix, standing",
    input:
      "8308355233050116134f01020102445652d993e152d993e1124c728cc68f0647000023c00000000000000e02019affc90f071c0015020000",
    format: "hex",
    expect: [
      {
        imei: "355233050116134",
        positions: [{ ts: "2014-01-17T20:34:41.000Z", lat: 30.6999948, lng: -96.3705273, valid: true }],
        ack: "02014456020000000000",
      },
    ],
  },
  {
    source,
    what: "historic last-known report without satellites",
    input:
      "830545420185450101010200075517fb335516c5c40fb1aea4cf4cbf250000000000000000008900260015ffb10f001108110a0000",
    format: "hex",
    expect: [
      {
        imei: "4542018545",
        positions: [{ ts: "2015-03-28T15:16:20.000Z", lat: 26.330282, lng: -81.7053915, valid: false }],
        ack: "02010007020000000000",
      },
    ],
  },
  {
    source,
    what: "mini event report, four satellites",
    input:
      "830543321494750101010a00085492798a0ec4f9e71bda3b81005600040f1f33050000030000000076000000000000000000000000",
    format: "hex",
    expect: [
      {
        imei: "4332149475",
        positions: [{ ts: "2014-12-18T06:51:54.000Z", lat: 24.7790055, lng: 46.7286913, valid: true }],
        ack: "020100080a0000000000",
      },
    ],
  },
  {
    source,
    what: "ID report (type 3): answered, no position",
    input:
      "830545321041830101010300010000333862000023c301000000004532104183ffffff353816051610691f420040163953294fffffffffffffffff8996604211639032949f4f54413a317c303b302c317c343b302c34004f5441535441543a302c302c302c302c302c222200564255533a342c322e302e302c343533323130343138332c5630312e30332e30312e34302c5630312e30332e30312e33312c2c0056494e2d494e464f3a56494e3d31464d5a5537324539355a4137303032362c4445562d5245474e3d55532c535256522d5245474e3d555300",
    format: "hex",
    expect: [{ imei: "4532104183", positions: [], ack: "02010001030000000000" }],
  },
];
