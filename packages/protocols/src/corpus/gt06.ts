import { type CorpusFrame, traccar } from "./types.ts";

// GT06 (Concox): 78 78, length, protocol, content, serial, CRC-16/X25, 0D 0A. 0x12 and 0x22 location packets: date
// yymmddhhmmss (UTC), satellites, latitude and longitude u32 in 1/1,800,000 degree, speed, course/status word (bit
// 12 positioned, bit 10 north, bit 11 west); the document defines no answer to them. The packets follow no log-in
// here. Only the source's packets whose length and CRC agree are used; values read with an independent script.
const source = traccar("Gt06");

export const gt06Corpus: CorpusFrame[] = [
  {
    source,
    what: "0x22 GPS and LBS packet (test line 17)",
    input:
      "78782f221709130f3a32cc02c55f2a089f9afc005c2101360481fe066d9b03000000000025d4000000000020002d036049d70d0a",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2023-09-19T15:58:50.000Z", lat: 25.8274367, lng: -80.37646, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "0x12 GPS packet (test line 23)",
    input: "78782912170316053b3bcf015b51220af1201105d56100000000000000000000869c0130010000000238d1af0d0a",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2023-03-22T05:59:59.000Z", lat: 12.6454233, lng: 101.9858583, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "0x12 GPS packet (test line 31)",
    input: "7878241216040e102c22cf00915ffb04c6016300195a02d402283b00753f400571040001dda4880d0a",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2022-04-14T16:44:34.000Z", lat: -5.2929394, lng: -44.4918594, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "0x12 GPS packet (test line 35)",
    input: "78782b1215050d03041bcf031ff30a0be795bc001c17014e14a065dd95314504b6040000001c00000cd90ab8fb6f0d0a",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2021-05-13T03:04:27.000Z", lat: 29.1252678, lng: -110.95918, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "0x12 GPS packet (test line 39)",
    input:
      "7878711213081f081d0fc6017ba3fa0ac62a923e550e02080503f300b26d000000004b20202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202030300017c7470d0a",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2019-08-31T08:29:15.000Z", lat: 13.82229, lng: 100.42177, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "0x12 GPS packet (test line 42)",
    input: "787821121303120b2524c70138e363085b549003d43301940057d200cd52c000006aa1ca0d0a",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2019-03-18T11:37:36.000Z", lat: 11.3919128, lng: 77.89064, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "0x22 GPS and LBS packet (test line 48)",
    input: "78782222120616083817c5050cc8c801a819d600152400e8011dbf003332000000004862500d0a",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2018-06-22T08:56:23.000Z", lat: 47.06884, lng: 15.4410433, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "0x22 GPS and LBS packet, not positioned (test line 67)",
    input: "787822221106160a1016c60278019407c7783800040001940504700046fc01030100065f570d0a",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2017-06-22T10:16:22.000Z", lat: 23.0106422, lng: 72.5071956, valid: false }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "0x12 GPS packet (test line 73)",
    input: "78781f12110616091835d0024bb93007d3fb783dd4c501940500f2006c8504a6e0370d0a",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2017-06-22T09:24:53.000Z", lat: 21.3983556, lng: 72.9627689, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "0x22 GPS and LBS packet, not positioned (test line 74)",
    input: "787822221106160a1016c60278019407c7783800040001940504700046fc01030100065f570d0a",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2017-06-22T10:16:22.000Z", lat: 23.0106422, lng: 72.5071956, valid: false }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "0x12 GPS packet (test line 83)",
    input: "78781f120f0a140e150bc505e51e780293a9e800540000f601006e0055da00035f240d0a",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2015-10-20T14:21:11.000Z", lat: 54.9453467, lng: 24.0176222, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "0x12 GPS packet (test line 84)",
    input: "787823120f081b121d37cb01c8e2cc08afd3c020d50201940701d600a1190041ee100576d1470d0a",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2015-08-27T18:29:55.000Z", lat: 16.6347089, lng: 80.9670756, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "0x22 GPS and LBS packet (test line 88)",
    input: "787822220e0914160f07c9021a362805090a7800d8b802d402c30e00a98a0105010213f4bb0d0a",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2014-09-20T22:15:07.000Z", lat: -19.5956844, lng: -46.9325467, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "0x12 GPS packet (test line 91)",
    input: "78781f12110819110216d402f250340828924055d4c801944600d300c09501429c830d0a",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2017-08-25T17:02:22.000Z", lat: 27.4637089, lng: 76.04256, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "0x22 GPS and LBS packet (test line 108)",
    input: "787822221607160f1000cf0225e03f0bd723182c149701cc0075c300933301000002a5f0860d0a",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2022-07-22T15:16:00.000Z", lat: 20.0203728, lng: 110.3603333, valid: true }],
        ack: null,
      },
    ],
  },
];
