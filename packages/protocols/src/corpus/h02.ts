import { type CorpusFrame, traccar } from "./types.ts";

// H02 text reports: hhmmss UTC, A|V, ddmm.mmmm + N|S, dddmm.mmmm + E|W (leading zeros dropped by some firmware),
// knots, course, ddmmyy, status word; the document defines no answer. Degrees: dd + mm.mmmm / 60.
const source = traccar("H02");

export const h02Corpus: CorpusFrame[] = [
  {
    source,
    what: "V8 report, longitude with no degree digits (38.6508,W: 0\u00b0 38.6508')",
    input: "*HQ,9001000002,V8,213945,A,3542.2043,N,38.6508,W,0.00,170,221025,FBFFF9FF,0,0,0,0,22,31,126,0#",
    format: "text",
    expect: [
      {
        imei: "9001000002",
        positions: [{ ts: "2025-10-22T21:39:45.000Z", lat: 35.703405, lng: -0.64418, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "V1, latitude with one degree digit (701.8915,S)",
    input:
      "*HQ,354188045498669,V1,195200,A,701.8915,S,3450.3399,W,0.00,205.70,050213,ffffffff,000243,000000,000000#",
    format: "text",
    expect: [
      {
        imei: "354188045498669",
        positions: [{ ts: "2013-02-05T19:52:00.000Z", lat: -7.031525, lng: -34.838998, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "V1, longitude with one degree digit (954.9490,E)",
    input:
      "*HQ,353588020068342,V1,062840,A,5241.1249,N,954.9490,E,0.00,0.00,231013,ffffffff,000106,000002,000203,004c87,24#",
    format: "text",
    expect: [
      {
        imei: "353588020068342",
        positions: [{ ts: "2013-10-23T06:28:40.000Z", lat: 52.685415, lng: 9.915817, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "V1 with a space-padded speed",
    input: "*HQ,865205035331981,V1,132926,A,1935.3933,N,07920.4134,E,  3.34,342,280519,FFFFFFFF#",
    format: "text",
    expect: [
      {
        imei: "865205035331981",
        positions: [{ ts: "2019-05-28T13:29:26.000Z", lat: 19.589888, lng: 79.340223, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "V1 with the serving cell (hex cell id)",
    input:
      "*HQ,4970105243,V1,104000,A,2235.1777,N,11357.8913,E,000.27,235,130721,FFFFFBFF,460,11,d18e105,7752,6#",
    format: "text",
    expect: [
      {
        imei: "4970105243",
        positions: [{ ts: "2021-07-13T10:40:00.000Z", lat: 22.586295, lng: 113.964855, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "V5 without a fix (V), last position",
    input:
      "*HQ,9180271064,V5,091233,V,2348.8912,N,09021.3302,E,000.00,000,051219,FFFFBBFF,470,01,21019,2033,2921283#",
    format: "text",
    expect: [
      {
        imei: "9180271064",
        positions: [{ ts: "2019-12-05T09:12:33.000Z", lat: 23.814853, lng: 90.355503, valid: false }],
        ack: null,
      },
    ],
  },
];
