import { type CorpusFrame, traccar } from "./types.ts";

// Suntech (ST300/ST340/ST390/ST410/ST419/ST500/ST600 text reports, ending with CR): the GPS date YYYYMMDD;hh:mm:ss
// (UTC), then, after model-specific cell fields, latitude;longitude in signed degrees, speed, course, satellites,
// fix (1 = valid). Nothing is answered. The source's framer strips the closing CR; it is restored here.
const source = traccar("Suntech");

export const suntechCorpus: CorpusFrame[] = [
  {
    source,
    what: "ST419 with seven cells before the date, ending after the fix",
    input:
      "ST419STT;807587388;306;41;04;30062;724;2;-65;5221;255;30061;724;2;5221;0;0;30212;724;2;5221;0;0;30071;724;2;5221;0;0;30222;724;2;5221;0;0;30213;724;2;5221;0;0;30063;724;2;5221;0;0;3.92;1;0185;1;00010000;26.1;1;20240729;19:22:43;-22.754650;-043.437569;000.185;297.35;6;1\\r",
    format: "text",
    expect: [
      {
        imei: "807587388",
        positions: [{ ts: "2024-07-29T19:22:43.000Z", lat: -22.75465, lng: -43.437569, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "ST410 cell report with a date",
    input:
      "ST410STT;007638094;426;01;24153;724;4;-65;365;0;24161;724;4;365;0;0;24162;724;4;365;0;0;24363;724;4;365;0;0;24151;724;4;365;0;0;24991;724;4;365;0;0;24373;724;4;365;0;0;3.98;1;0176;2;016;20200106;19:18:04;-15.571860;-056.062637;000.852;238.28;6;1;201\\r",
    format: "text",
    expect: [
      {
        imei: "007638094",
        positions: [{ ts: "2020-01-06T19:18:04.000Z", lat: -15.57186, lng: -56.062637, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "ST410 with an empty cell list",
    input:
      "ST410STT;007272376;408;01;10217;732;103;-87;51511;1;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;3.8;1;2503;6;20181031;20:12:58;+04.741277;-074.048238;052.375;189.87;20;1\\r",
    format: "text",
    expect: [
      {
        imei: "007272376",
        positions: [{ ts: "2018-10-31T20:12:58.000Z", lat: 4.741277, lng: -74.048238, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "ST600 layout: cell, MCC, MNC, LAC and signal before the position",
    input:
      "ST600STT;008084783;20;419;20180308;18:00:36;0032cc3e;736;3;445c;41;-16.530023;-068.084267;018.640;267.99;10;1;11655;13.33;100000;2;0336;000061;4.5;0;0.00\\r",
    format: "text",
    expect: [
      {
        imei: "008084783",
        positions: [{ ts: "2018-03-08T18:00:36.000Z", lat: -16.530023, lng: -68.084267, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "ST600 layout, second firmware",
    input:
      "ST600STT;107850496;20;419;20180227;14:30:45;00462b08;736;3;4524;50;-16.479091;-068.119119;000.346;000.00;4;1;0;13.89;000000;1;0223;000003;0.0;0;0.00\\r",
    format: "text",
    expect: [
      {
        imei: "107850496",
        positions: [{ ts: "2018-02-27T14:30:45.000Z", lat: -16.479091, lng: -68.119119, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "ST600 layout, eastern hemisphere",
    input:
      "ST600STT;100850000;01;010;20081017;07:41:56;0000004f;450;20;0023;24;+37.478519;+126.886819;000.012;000.00;9;1;0;15.30;00110000;1;0072;0;4.5;1;12.35\\r",
    format: "text",
    expect: [
      {
        imei: "100850000",
        positions: [{ ts: "2008-10-17T07:41:56.000Z", lat: 37.478519, lng: 126.886819, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "ST500 without any cell field",
    input:
      "ST500STT;205450135;07;843;20170816;23:24:45;+19.338432;-099.179817;000.283;000.00;6;1;141121;12.89;0;0;1;4659;002.795;0;001.891;611;4.0\\r",
    format: "text",
    expect: [
      {
        imei: "205450135",
        positions: [{ ts: "2017-08-16T23:24:45.000Z", lat: 19.338432, lng: -99.179817, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "ST600 layout with a backup voltage tail",
    input:
      "ST600STT;008594432;20;492;20200212;18:58:30;060bb0e1;334;20;36bb;45;+19.337897;-099.064489;000.398;000.00;12;1;5049883;13.61;100100;2;1198;013762;4.2;1;4.68\\r",
    format: "text",
    expect: [
      {
        imei: "008594432",
        positions: [{ ts: "2020-02-12T18:58:30.000Z", lat: 19.337897, lng: -99.064489, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "ST390 with a MODEL field",
    input:
      "ST390STT;007579860;18;302;20191101;11:28:51;145b49;-23.267030;-047.298142;000.000;000.00;9;1;5;11.93;000000;2;0003;000002;4.03;0;20010000;22470;724;05;-58;5211;1\\r",
    format: "text",
    expect: [
      {
        imei: "007579860",
        positions: [{ ts: "2019-11-01T11:28:51.000Z", lat: -23.26703, lng: -47.298142, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "ST300 with the cell field",
    input:
      "ST300STT;007238270;40;313;20190220;12:05:04;c99e48;+04.644623;-074.076922;010.390;202.77;20;1;997100;14.10;100000;2;8384;003634;4.1;1\\r",
    format: "text",
    expect: [
      {
        imei: "007238270",
        positions: [{ ts: "2019-02-20T12:05:04.000Z", lat: 4.644623, lng: -74.076922, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "ST300 without a fix",
    input:
      "ST300STT;205170303;12;561;20170816;09:10:34;173f53;+19.082370;-098.214287;006.776;000.00;0;0;52982186;12.75;100000;2;6328;155747;4.2;1;0.00;0;0.00;0.00;00000000000000;0;28F2B7600600005D:+5.2;:;:\\r",
    format: "text",
    expect: [
      {
        imei: "205170303",
        positions: [{ ts: "2017-08-16T09:10:34.000Z", lat: 19.08237, lng: -98.214287, valid: false }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "ST300 alert (ALT)",
    input:
      "ST300ALT;007239104;40;313;20190112;01:07:16;c99139;+04.703287;-074.148897;000.000;189.72;21;1;425512;12.61;100000;33;003188;4.1;1\\r",
    format: "text",
    expect: [
      {
        imei: "007239104",
        positions: [{ ts: "2019-01-12T01:07:16.000Z", lat: 4.703287, lng: -74.148897, valid: true }],
        ack: null,
      },
    ],
  },
];
