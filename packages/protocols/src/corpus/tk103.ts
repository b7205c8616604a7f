import { type CorpusFrame, traccar } from "./types.ts";

// TK103 (`(<12-digit id><command><body>)`): BP05 log-on = IMEI + location, answered (<id>AP05); BR00 location,
// unanswered. Location: yymmdd, A|V, ddmm.mmmm N|S, dddmm.mmmm E|W, km/h, hhmmss UTC, course, IO, L + mileage.
const source = traccar("Tk103");

export const tk103Corpus: CorpusFrame[] = [
  {
    source,
    what: "BP05 log-on with its location, answered AP05",
    input:
      "(088046338039BP05000088046338039160727A3354.7768N03540.7258E000.0140309065.1000000000L00BEB0D4+017.3)",
    format: "text",
    expect: [
      {
        imei: "088046338039",
        positions: [{ ts: "2016-07-27T14:03:09.000Z", lat: 33.912947, lng: 35.678763, valid: true }],
        ack: "(088046338039AP05)",
      },
    ],
  },
  {
    source,
    what: "BP05 in the southern hemisphere",
    input: "(088047365460BP05354188047365460150929A3258.1754S02755.4323E009.4193927301.9000000000L00000000)",
    format: "text",
    expect: [
      {
        imei: "088047365460",
        positions: [{ ts: "2015-09-29T19:39:27.000Z", lat: -32.96959, lng: 27.923872, valid: true }],
        ack: "(088047365460AP05)",
      },
    ],
  },
  {
    source,
    what: "BP05 with mileage",
    input: "(088048003342BP05354188048003342150917A1352.9801N10030.9050E000.0103115265.5600010000L000003F9)",
    format: "text",
    expect: [
      {
        imei: "088048003342",
        positions: [{ ts: "2015-09-17T10:31:15.000Z", lat: 13.883002, lng: 100.515083, valid: true }],
        ack: "(088048003342AP05)",
      },
    ],
  },
  {
    source,
    what: "BP05 of an older firmware",
    input: "(035988863964BP05000035988863964110524A4241.7977N02318.7561E000.0123536356.5100000000L000946BB)",
    format: "text",
    expect: [
      {
        imei: "035988863964",
        positions: [{ ts: "2011-05-24T12:35:36.000Z", lat: 42.696628, lng: 23.312602, valid: true }],
        ack: "(035988863964AP05)",
      },
    ],
  },
  {
    source,
    what: "BP05 without a fix (V at 0,0)",
    input: "(013632782450BP05000013632782450120803V0000.0000N00000.0000E000.0174654000.0000000000L00000000)",
    format: "text",
    expect: [
      {
        imei: "013632782450",
        positions: [{ ts: "2012-08-03T17:46:54.000Z", lat: 0.0, lng: 0.0, valid: false }],
        ack: "(013632782450AP05)",
      },
    ],
  },
  {
    source,
    what: "BP05 with cell towers instead of a location",
    input:
      "(027045009305BP05355227045009305,{413,2,30073,16724}\n{413,2,30073,16730}\n{413,2,30073,49860}\n,01000000)",
    format: "text",
    expect: [{ imei: "027045009305", positions: [], ack: "(027045009305AP05)" }],
  },
  {
    source,
    what: "BR00 with numbers padded by spaces, western longitude",
    input: "(027023361470BR00200617A4000.5775N 8415.4076W 46.0173725 87.3101000000L00000000)",
    format: "text",
    expect: [
      {
        imei: "027023361470",
        positions: [{ ts: "2020-06-17T17:37:25.000Z", lat: 40.009625, lng: -84.256793, valid: true }],
        ack: null,
      },
    ],
  },
];
