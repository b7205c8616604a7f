import { type CorpusFrame, traccar } from "./types.ts";

// GPS103 reports: local date-time (several forms), UTC time of day hhmmss[.sss], A|V, ddmm.mmmm + N|S,
// dddmm.mmmm + E|W, speed in knots; reports are not answered. The fix's date is the local date, moved by a day
// when the zone offset puts local midnight in between. Degrees below are worked by hand: dd + mm.mmmm / 60.
const source = traccar("Gps103");

export const gps103Corpus: CorpusFrame[] = [
  {
    source,
    what: "local date-time with seconds (yymmddhhmmss), UTC time without milliseconds",
    input: "imei:864035050002451,tracker,201223064947,,F,064947,A,1935.70640,N,09859.94436,W,0.025,;",
    format: "text",
    expect: [
      {
        imei: "864035050002451",
        positions: [{ ts: "2020-12-23T06:49:47.000Z", lat: 19.595107, lng: -98.999073, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "yymmddhhmmss local four hours behind UTC, empty keyword",
    input: "imei:864035052942928,,241214083746,100%,F,123746.000,A,1012.63368,N,06757.59559,W,0.00,340.61;",
    format: "text",
    expect: [
      {
        imei: "864035052942928",
        positions: [{ ts: "2024-12-14T12:37:46.000Z", lat: 10.210561, lng: -67.959927, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "yymmddhhmmss local two hours ahead of UTC",
    input: "imei:868683023212255,tracker,190205084503,,F,064459.000,A,4915.1221,N,01634.5655,E,3.91,83.95;",
    format: "text",
    expect: [
      {
        imei: "868683023212255",
        positions: [{ ts: "2019-02-05T06:44:59.000Z", lat: 49.252035, lng: 16.576092, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "the documented yymmddhhmm form with optional fields",
    input:
      "imei:353451044508750,001,0809231929,13554900601,F,055403.000,A,2233.1870,N,11354.3067,E,0.00,30.1,65.43,1,0,10.5%,0.0%,28;",
    format: "text",
    expect: [
      {
        imei: "353451044508750",
        positions: [{ ts: "2008-09-23T05:54:03.000Z", lat: 22.553117, lng: 113.905112, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source: `${source} (the ';' its framer strips restored)`,
    what: "local date-time written yy/mm/dd hh:mm, southern hemisphere",
    input: "imei:359710040656622,tracker,13/02/27 23:40,,F,125952.000,A,3450.9430,S,13828.6753,E,0.00,0;",
    format: "text",
    expect: [
      {
        imei: "359710040656622",
        positions: [{ ts: "2013-02-27T12:59:52.000Z", lat: -34.84905, lng: 138.477922, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "alarm without GPS (L): no position",
    input: "imei:865456055519122,sensor alarm,2208011920,,L,;",
    format: "text",
    expect: [{ imei: "865456055519122", positions: [], ack: null }],
  },
];
