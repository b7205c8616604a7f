import { type CorpusFrame, traccar } from "./types.ts";

// Ruptela FM: <length u16><IMEI u64><command><records left><count><records><CRC-16/KERMIT>; record: Unix time u32,
// time extension, [record extension for command 68], priority, longitude and latitude i32 × 1e7, altitude, angle,
// satellites, speed, HDOP, event id, IO groups. Every records packet is answered 00 02 64 01 13 BC (the document's
// "accepted"). The IMEI is the 15-digit label number. Values worked from that layout with an independent script.
const source = traccar("Ruptela");

export const ruptelaCorpus: CorpusFrame[] = [
  {
    source,
    what: "IMEI with a leading zero (013227001564487), five records",
    input:
      "009200000c07a6bacd4701000552db5cc20000187b8b251ace478e087c044c0a000009070000000052db5cfe0000187b8ab01ace47190879044c0900000b070000000052db5d3a0000187b8b251ace474b089d044c09000009070000000052db5d760000187b8b9a1ace475c08cd044c08000009070000000052db5db20000187b8b141ace46e708b3044c08000009070000000041cb",
    format: "hex",
    expect: [
      {
        imei: "013227001564487",
        positions: [
          { ts: "2014-01-19T05:04:02.000Z", lat: 44.972635, lng: 41.0749733, valid: true },
          { ts: "2014-01-19T05:05:02.000Z", lat: 44.9726233, lng: 41.0749616, valid: true },
          { ts: "2014-01-19T05:06:02.000Z", lat: 44.9726283, lng: 41.0749733, valid: true },
          { ts: "2014-01-19T05:07:02.000Z", lat: 44.97263, lng: 41.074985, valid: true },
          { ts: "2014-01-19T05:08:02.000Z", lat: 44.9726183, lng: 41.0749716, valid: true },
        ],
        ack: "0002640113bc",
      },
    ],
  },
  {
    source,
    what: "IMEI with a leading zero, two records",
    input:
      "007900000b1a2a5585c30100024e9c036900000f101733208ff45e07b31b570a001009090605011b1a020003001c01ad01021d338e16000002960000601a41014bc16d004e9c038400000f104fdf20900d20075103b00a001308090605011b1a020003001c01ad01021d33b116000002960000601a41014bc1ea0028f9",
    format: "hex",
    expect: [
      {
        imei: "012207007303107",
        positions: [
          { ts: "2011-10-17T10:28:57.000Z", lat: 54.6305118, lng: 25.2712755, valid: true },
          { ts: "2011-10-17T10:29:24.000Z", lat: 54.6311456, lng: 25.2727263, valid: true },
        ],
        ack: "0002640113bc",
      },
    ],
  },
  {
    source,
    what: "one record, western longitude",
    input:
      "0050000310f5615f419c0100015613d8ed0000fff5b37a035af37801e700000900000d07071b0c020003001c01202cad000500064302a81d33e61e100116317cd3ffff174ad60241000077fa960000f232003c2e",
    format: "hex",
    expect: [
      {
        imei: "863071016796572",
        positions: [{ ts: "2015-10-06T14:21:33.000Z", lat: 5.6292216, lng: -0.067495, valid: true }],
        ack: "0002640113bc",
      },
    ],
  },
  {
    source,
    what: "one record of a newer firmware",
    input:
      "00800003167d765c155d01000160cd0a310000faae43f7176ee45702332b0c12000006070d05007300cfff260082008600870088000f00d7021100d801c900061d0000c500001e0e988300008900008b000002d0000c9bca720c889a0b047e00000000000000007f0000000000000000800000000000000000810000000000000000a341",
    format: "hex",
    expect: [
      {
        imei: "869153042601309",
        positions: [{ ts: "2021-06-18T21:03:45.000Z", lat: 39.3143383, lng: -8.9242633, valid: true }],
        ack: "0002640113bc",
      },
    ],
  },
  {
    source,
    what: "extended records (command 68): one record split in four parts is one position",
    input:
      "01a4000315bc70f9b69244000458068f4a0030000d11398a1c0c19fd056524040b000c0a00090c0005010031f40032fd0033f200ce47002400002500001c010199000195010196010086000900aa0000001e0ff000d3ffff0043ffff01930000019200000194000002220000022300000200300000000200af000e872401008e000000000000000058068f4a0031000d11398a1c0c19fd056524040b000c0a00090400870000880000a90000820010008b0002021e0000021f0000021d0000021c0000022400000225000000890000008505f00220000002210000008300000084000002260000022700000228000003008a00000000008d00000000008c000000000058068f4a0032000d11398a1c0c19fd056524040b000c0a000905019f01005800001b1f00ad0000cfb10b02290000022a0000022b0000022c0000022d00000012000000130000001d367400c52f8000740055023e0502060097000000000096000058520041007746cb00d0000003f1005c0007c21b0072001864880058068f4a0033000d11398a1c0c19fd056524040b000c0a000900000001008e0000000000000000e815",
    format: "hex",
    expect: [
      {
        imei: "868324023580306",
        positions: [{ ts: "2016-10-18T21:08:26.000Z", lat: 47.0555133, lng: 21.923265, valid: true }],
        ack: "0002640113bc",
      },
    ],
  },
];
