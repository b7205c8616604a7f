import { type CorpusFrame, traccar } from "./types.ts";

// Wialon IPS 1.1: #L#imei;password → #AL#1; #SD#/#D# ddmmyy;hhmmss (UTC);ddmm.mmmm;N|S;dddmm.mmmm;E|W;speed;course;
// altitude;satellites[;hdop;inputs;outputs;adc;ibutton;params] → #ASD#1 / #AD#1; #B# black box → #AB#<count>. NA is
// "unknown"; a fix needs 3 satellites; NA date and time mean "no fix time": the server's reception time stands in
// ("reception" below). The source's data frames are sent after a log-in of our own (the log-in line is the
// document's example form, not a capture). IPS 2.0 adds `;crc` to every packet, CRC-16/ARC of the body up to the
// last ';' (worked out with an independent script: 15CD for the log-in below, 626B, F24A and 09B0 for the source's
// 2.0 data frames, which one device writes "0x9b0"). The source's own 2.0 log-in is left out: its CRC matches none
// of its fields (the frame was edited); the codec test uses it as a damaged log-in.
const source = traccar("Wialon");
const login20 = "#L#2.0;123456789012345;NA;15CD\r\n";

export const wialonCorpus: CorpusFrame[] = [
  {
    source,
    what: "log-in then #D# with NA fields and a parameter list, one stream",
    input:
      "#L#123456789012345;test\r\n#D#220323;114150;2234.80479;N;11354.87786;E;0;NA;59;11;NA;NA;NA;;NA;d_battr:1:94,d_csq:1:21,di_light:1:1\r\n",
    format: "text",
    expect: [
      { imei: "123456789012345", positions: [], ack: "#AL#1\r\n" },
      {
        imei: "123456789012345",
        positions: [{ ts: "2023-03-22T11:41:50.000Z", lat: 22.5800798, lng: 113.914631, valid: true }],
        ack: "#AD#1\r\n",
      },
    ],
  },
  {
    source,
    what: "#D# with NA inputs and parameter names with dots",
    input:
      "#L#123456789012345;test\r\n#D#101118;061143;0756.0930;N;12338.6403;E;18.223;99.766;-4.000;10;0.800;NA;NA;NA;NA;101_521347:1:521249,101_521126:1:6593598,101_521127:1:774780,101_521072_21.1:1:0,101_521072_21.2:1:71353\r\n",
    format: "text",
    expect: [
      { imei: "123456789012345", positions: [], ack: "#AL#1\r\n" },
      {
        imei: "123456789012345",
        positions: [{ ts: "2018-11-10T06:11:43.000Z", lat: 7.9348833, lng: 123.644005, valid: true }],
        ack: "#AD#1\r\n",
      },
    ],
  },
  {
    source,
    what: "#D# with CAN parameters",
    input:
      "#L#123456789012345;test\r\n#D#151216;135910;5321.1466;N;04441.7929;E;87;156;265.000000;12;1.000000;241;NA;NA;NA;odo:2:0.000000,total_fuel:1:430087,can_fls:1:201,can_taho:1:11623,can_mileage:1:140367515\r\n",
    format: "text",
    expect: [
      { imei: "123456789012345", positions: [], ack: "#AL#1\r\n" },
      {
        imei: "123456789012345",
        positions: [{ ts: "2016-12-15T13:59:10.000Z", lat: 53.3524433, lng: 44.6965483, valid: true }],
        ack: "#AD#1\r\n",
      },
    ],
  },
  {
    source,
    what: "#SD# then #D# with an empty course in one stream",
    input:
      "#L#123456789012345;test\r\n#SD#021214;065947;2237.7552;N;11404.8851;E;0.000;;170.9;5\r\n#D#021214;065947;2237.7552;N;11404.8851;E;0.000;;170.9;5;1.74;NA;NA;NA;NA;NA\r\n",
    format: "text",
    expect: [
      { imei: "123456789012345", positions: [], ack: "#AL#1\r\n" },
      {
        imei: "123456789012345",
        positions: [{ ts: "2014-12-02T06:59:47.000Z", lat: 22.6292533, lng: 114.0814183, valid: true }],
        ack: "#ASD#1\r\n",
      },
      {
        imei: "123456789012345",
        positions: [{ ts: "2014-12-02T06:59:47.000Z", lat: 22.6292533, lng: 114.0814183, valid: true }],
        ack: "#AD#1\r\n",
      },
    ],
  },
  {
    source,
    what: "#D# without coordinates (NA): a position without a fix",
    input:
      "#L#123456789012345;test\r\n#D#120319;112003;NA;NA;NA;NA;0.000;NA;NA;0;NA;NA;NA;NA;NA;motion:3:false\r\n",
    format: "text",
    expect: [
      { imei: "123456789012345", positions: [], ack: "#AL#1\r\n" },
      {
        imei: "123456789012345",
        positions: [{ ts: "2019-03-12T11:20:03.000Z", lat: 0, lng: 0, valid: false }],
        ack: "#AD#1\r\n",
      },
    ],
  },
  {
    source,
    what: "#D# with balance parameters",
    input:
      "#L#123456789012345;test\r\n#D#190114;051312;4459.6956;N;04105.9930;E;35;306;204.000000;12;NA;452986639;NA;106.000000;NA;sats_gps:1:9,sats_glonass:1:3,balance:2:12123.000000,stay_balance:1:0\r\n",
    format: "text",
    expect: [
      { imei: "123456789012345", positions: [], ack: "#AL#1\r\n" },
      {
        imei: "123456789012345",
        positions: [{ ts: "2014-01-19T05:13:12.000Z", lat: 44.9949267, lng: 41.0998833, valid: true }],
        ack: "#AD#1\r\n",
      },
    ],
  },
  {
    source,
    what: "#B# black box with two messages and text parameters",
    input:
      "#L#123456789012345;test\r\n#B#080914;073235;5027.50625;N;03026.19321;E;0.700;0.000;NA;4;NA;NA;NA;;NA;Батарея:3:100 %|080914;073420;5027.50845;N;03026.18854;E;1.996;292.540;NA;4;NA;NA;NA;;NA;Батарея:3:100 %\r\n",
    format: "text",
    expect: [
      { imei: "123456789012345", positions: [], ack: "#AL#1\r\n" },
      {
        imei: "123456789012345",
        positions: [
          { ts: "2014-09-08T07:32:35.000Z", lat: 50.4584375, lng: 30.4365535, valid: true },
          { ts: "2014-09-08T07:34:20.000Z", lat: 50.4584742, lng: 30.4364757, valid: true },
        ],
        ack: "#AB#2\r\n",
      },
    ],
  },
  {
    source,
    what: "IPS 2.0 log-in then #D# with NA date and time (no fix time) and a CRC written 0x9b0",
    input: `${login20}#D#NA;NA;5429.681944502211763;N;02654.60403650999069;E;NA;NA;NA;NA;NA;NA;NA;1.0;NA;m1:1:9196679,d1:1:15397,t1:1:20,b1:1:162,fuel1:2:21588.0,pv1:2:35.98,finish:1:1;0x9b0\r\n`,
    format: "text",
    expect: [
      { imei: "123456789012345", positions: [], ack: "#AL#1\r\n" },
      {
        imei: "123456789012345",
        positions: [{ ts: "reception", lat: 54.4946991, lng: 26.9100673, valid: false }],
        ack: "#AD#1\r\n",
      },
    ],
  },
  {
    source,
    what: "IPS 2.0 #D# without coordinates, with its CRC",
    input: `${login20}#D#120319;112003;NA;NA;NA;NA;0.000;NA;NA;0;NA;NA;NA;NA;NA;101_521347:1:521246,101_158:1:510,101_521055:1:510,101_521055_2.9:1:509,101_521056:1:3;626B\r\n`,
    format: "text",
    expect: [
      { imei: "123456789012345", positions: [], ack: "#AL#1\r\n" },
      {
        imei: "123456789012345",
        positions: [{ ts: "2019-03-12T11:20:03.000Z", lat: 0, lng: 0, valid: false }],
        ack: "#AD#1\r\n",
      },
    ],
  },
  {
    source,
    what: "IPS 2.0 #D# with a fix, parameter names with dots and its CRC",
    input: `${login20}#D#101118;061143;0756.0930;N;12338.6403;E;18.223;99.766;-4.000;10;0.800;NA;NA;NA;NA;101_521347:1:521249,101_521126:1:6593598,101_521127:1:774780,101_521072_21.1:1:0,101_521072_21.2:1:71353;F24A\r\n`,
    format: "text",
    expect: [
      { imei: "123456789012345", positions: [], ack: "#AL#1\r\n" },
      {
        imei: "123456789012345",
        positions: [{ ts: "2018-11-10T06:11:43.000Z", lat: 7.9348833, lng: 123.644005, valid: true }],
        ack: "#AD#1\r\n",
      },
    ],
  },
];
