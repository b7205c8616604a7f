import { type CorpusFrame, traccar } from "./types.ts";

// Meitrack AAA: $$<flag><length>,<imei>,AAA,<event>,<lat>,<lng>,<yymmddhhmmss UTC>,A|V,...*<checksum>\r\n; the
// length counts from the first comma to the CR LF, the checksum is the sum of the bytes from $$ to * mod 256. AAA
// reports are not answered. Only the source's frames whose length and checksum agree are used (the others were
// edited); the CR LF its framer strips is restored.
const source = traccar("Meitrack");

export const meitrackCorpus: CorpusFrame[] = [
  {
    source,
    what: "AAA event 35 of a 2021 firmware, southern latitude",
    input:
      "$$D149,867047043162018,AAA,35,-1.264865,36.800705,211001105240,A,9,20,41.0,323,1,1697,1,0,000|00||,0000,4.33|12.96|1.92|2.72|2.69,0.000000|0|0.000000,*E1\\r\\n",
    format: "text",
    expect: [
      {
        imei: "867047043162018",
        positions: [{ ts: "2021-10-01T10:52:40.000Z", lat: -1.264865, lng: 36.800705, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "AAA without a fix (V)",
    input:
      "$$F153,867144025101013,AAA,35,25.219431,55.279918,200916155923,V,0,25,0,0,0.0,0,249701532,98374503,424|2|101C|A3AE,0800,0000|0000|0000|02D3|0103,00000011,*A0\\r\\n",
    format: "text",
    expect: [
      {
        imei: "867144025101013",
        positions: [{ ts: "2020-09-16T15:59:23.000Z", lat: 25.219431, lng: 55.279918, valid: false }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "AAA with a serving cell",
    input:
      "$$O160,863835028611502,AAA,35,7.887840,98.375193,200202020238,A,12,4,0,279,0.6,45,32121,442492,520|3|12DF|015273E2,0000,0000|0000|0000|018D|04F0,00000001,,1,0000*F3\\r\\n",
    format: "text",
    expect: [
      {
        imei: "863835028611502",
        positions: [{ ts: "2020-02-02T02:02:38.000Z", lat: 7.88784, lng: 98.375193, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "AAA event 109 with a long tail",
    input:
      "$$^182,864507031245110,AAA,109,13.844553,100.644360,171227173141,A,11,19,0,359,0.8,8,15075,934591,520|4|0643|07D20555,8400,0000|0000|0000|018D|04CB,,,108,0000,,6,0,,,,,10|171227173100*7C\\r\\n",
    format: "text",
    expect: [
      {
        imei: "864507031245110",
        positions: [{ ts: "2017-12-27T17:31:41.000Z", lat: 13.844553, lng: 100.64436, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "AAA event 109 with a photo tail",
    input:
      "$$S214,864507031219974,AAA,109,13.844643,100.644395,171207021520,A,10,28,0,31,0.8,6,390,421327,520|0|0016|000F2DB0,8400,0000|0000|0000|018D|04C6,,,108,0000,,6,0,,,,,11|171207091500|171207091500|78|3500|000000|000003*12\\r\\n",
    format: "text",
    expect: [
      {
        imei: "864507031219974",
        positions: [{ ts: "2017-12-07T02:15:20.000Z", lat: 13.844643, lng: 100.644395, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "AAA of an IMEI with a leading zero, no fix",
    input:
      "$$B136,011691002364761,AAA,29,47.055220,28.893193,170914144240,V,0,7,0,0,0,132,129754946,129793197,259|2|02F8|413F,0000,000D|000C||028C|,*9E\\r\\n",
    format: "text",
    expect: [
      {
        imei: "011691002364761",
        positions: [{ ts: "2017-09-14T14:42:40.000Z", lat: 47.05522, lng: 28.893193, valid: false }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "AAA, western longitude",
    input:
      "$$T143,869013024733944,AAA,1,18.459575,-69.947161,170220142912,A,5,15,10,300,1.6,115,3989,187884,370|2|5337|2B2C,0100,0000|0000|0000|0964|0B04,,*C2\\r\\n",
    format: "text",
    expect: [
      {
        imei: "869013024733944",
        positions: [{ ts: "2017-02-20T14:29:12.000Z", lat: 18.459575, lng: -69.947161, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "AAA near the equator",
    input:
      "$$G145,862106024274815,AAA,35,-1.287125,36.906061,150530054639,A,10,13,12,67,0.8,1621,38359791,42330881,639|2|FB2|2F3,0000,3|0|0|A58|432,,,1,0009,*26\\r\\n",
    format: "text",
    expect: [
      {
        imei: "862106024274815",
        positions: [{ ts: "2015-05-30T05:46:39.000Z", lat: -1.287125, lng: 36.906061, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "AAA, southern and western",
    input:
      "$$X138,862170010187175,AAA,35,-29.960365,-51.655455,130507201625,A,8,9,0,107,0.9,7,169322,126582,724|6|0547|132B,0000,0009|000A||0278|0000,*BE\\r\\n",
    format: "text",
    expect: [
      {
        imei: "862170010187175",
        positions: [{ ts: "2013-05-07T20:16:25.000Z", lat: -29.960365, lng: -51.655455, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "AAA of a 2012 firmware",
    input:
      "$$]138,012896000475498,AAA,35,-6.138255,106.910545,121205074600,A,5,18,0,0,0,49,3800,24826,510|10|0081|4F4F,0000,0011|0012|0010|0963|0000,,*94\\r\\n",
    format: "text",
    expect: [
      {
        imei: "012896000475498",
        positions: [{ ts: "2012-12-05T07:46:00.000Z", lat: -6.138255, lng: 106.910545, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "AAA in Sydney",
    input:
      "$$A141,012896005334567,AAA,35,-33.866543,151.190148,121209081758,A,6,27,0,16,1,48,65551,152784,505|2|0B5F|D9D3,0000,0000|0000|0000|0A39|0000,,*5B\\r\\n",
    format: "text",
    expect: [
      {
        imei: "012896005334567",
        positions: [{ ts: "2012-12-09T08:17:58.000Z", lat: -33.866543, lng: 151.190148, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "AAA in Florida",
    input:
      "$$K146,013227004985762,AAA,35,28.618005,-81.246783,131101213828,A,9,22,0,209,1.1,23,80974,1187923,310|260|2A13|634E,0000,0000|0000|0000|09DA|0B34,,*51\\r\\n",
    format: "text",
    expect: [
      {
        imei: "013227004985762",
        positions: [{ ts: "2013-11-01T21:38:28.000Z", lat: 28.618005, lng: -81.246783, valid: true }],
        ack: null,
      },
    ],
  },
];
