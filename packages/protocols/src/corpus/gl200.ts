import { type CorpusFrame, traccar } from "./types.ts";

// Queclink @Track (GL200/GL300/GV series): +RESP:/+BUFF:GTFRI,<version>,<imei>,...; each fix block is
// accuracy,speed,azimuth,altitude,longitude,latitude,YYYYMMDDHHMMSS (UTC), accuracy 0 = no fix; reports are not
// answered. Frames of the source without their closing '$' (its framer strips it) are left out.
const source = traccar("Gl200Text");

export const gl200Corpus: CorpusFrame[] = [
  {
    source,
    what: "GTFRI of a GV-series device, GPS accuracy 0: no fix",
    input:
      "+RESP:GTFRI,DF0200,868487004353181,cv100,14051,10,1,0,0.0,0,264.1,114.015515,22.537178,20210608064328,0460,0001,25F8,061A7D02,,0.0,,,,100,21,,,,20210608144354,32DB$",
    format: "text",
    expect: [
      {
        imei: "868487004353181",
        positions: [{ ts: "2021-06-08T06:43:28.000Z", lat: 22.537178, lng: 114.015515, valid: false }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "10-character protocol version (8020040703)",
    input:
      "+RESP:GTFRI,8020040703,866314060299813,,,10,1,1,0.0,275,937.7,-68.891157,-33.008722,20260514010456,,,,,00,,,,,,100,110000,,,,20260514010458,BBCE$",
    format: "text",
    expect: [
      {
        imei: "866314060299813",
        positions: [{ ts: "2026-05-14T01:04:56.000Z", lat: -33.008722, lng: -68.891157, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "10-character version, three-digit accuracy field",
    input:
      "+RESP:GTFRI,8020040305,866314060272661,,,50,1,1,0.0,0,2957.9,-78.691727,-0.951205,20231227162916,,,,,00,0.0,,,,,100,210100,,,,20231227162916,0117$",
    format: "text",
    expect: [
      {
        imei: "866314060272661",
        positions: [{ ts: "2023-12-27T16:29:16.000Z", lat: -0.951205, lng: -78.691727, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "+BUFF history with a 10-character version",
    input:
      "+BUFF:GTFRI,8020040200,866314060249032,,12194,10,1,3,0.0,0,20.1,-71.596533,-33.524718,20230926200338,0730,0001,772A,052B253E,02,0,0.0,,,,,0,420000,,,,20230926200340,1549$",
    format: "text",
    expect: [
      {
        imei: "866314060249032",
        positions: [{ ts: "2023-09-26T20:03:38.000Z", lat: -33.524718, lng: -71.596533, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "GT501 with six Wi-Fi access points before the cell",
    input:
      "+RESP:GTFRI,423037,866884047716519,GT501,0,1,1,5,12,0.1,0,46.8,-95.559173,30.109955,20231110185836,6,0e36c9916485,-50,,,,e831cd5eb79d,-73,,,,ccf4110c4bd5,-79,,,,acdb48973168,-79,,,,80ab4dc323c4,-82,,,,ec8eb5cfa1c6,-89,,,,310,10,711D,81ECF0F,00,,93,20231110185839,0005$",
    format: "text",
    expect: [
      {
        imei: "866884047716519",
        positions: [{ ts: "2023-11-10T18:58:36.000Z", lat: 30.109955, lng: -95.559173, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "report ending at the send time, without a count",
    input:
      "+RESP:GTFRI,5E0100,862061048023666,,,12940,10,1,1,0.0,97,179.8,-90.366478,38.735379,20230616183231,0310,0410,6709,03ADF710,00,6223.7,,,,,110000,,,,202306161834$",
    format: "text",
    expect: [
      {
        imei: "862061048023666",
        positions: [{ ts: "2023-06-16T18:32:31.000Z", lat: 38.735379, lng: -90.366478, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "+BUFF with every position field empty: no position",
    input: "+BUFF:GTFRI,2E0503,861106050005423,,,0,1,,,,,,,,,,,,0,0,,98,1,0,,,20200101000001,0083$",
    format: "text",
    expect: [{ imei: "861106050005423", positions: [], ack: null }],
  },
  {
    source,
    what: "GV-series with a speed and odometer",
    input:
      "+RESP:GTFRI,380903,869606020188383,,,40,1,2,43.4,80,252.4,8.606297,50.700200,20200721090109,0262,0001,1932,1BA4,00,0.0,,,,0,220100,,,,20200721090110,00B9$",
    format: "text",
    expect: [
      {
        imei: "869606020188383",
        positions: [{ ts: "2020-07-21T09:01:09.000Z", lat: 50.7002, lng: 8.606297, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "four fixes in one report (count 4)",
    input:
      "+RESP:GTFRI,1A0900,860599000306845,G3-313,0,0,4,1,2.1,0,426.7,8.611466,47.681639,20181214134603,0228,0001,077F,4812,25.2,1,5.7,34,437.3,8.611600,47.681846,20181214134619,0228,0001,077F,4812,25.2,1,4.4,62,438.2,8.611893,47.681983,20181214134633,0228,0001,077F,4812,25.2,1,4.8,78,436.6,8.612236,47.682040,20181214134648,0228,0001,077F,4812,25.2,83,20181214134702,0654$",
    format: "text",
    expect: [
      {
        imei: "860599000306845",
        positions: [
          { ts: "2018-12-14T13:46:03.000Z", lat: 47.681639, lng: 8.611466, valid: true },
          { ts: "2018-12-14T13:46:19.000Z", lat: 47.681846, lng: 8.6116, valid: true },
          { ts: "2018-12-14T13:46:33.000Z", lat: 47.681983, lng: 8.611893, valid: true },
          { ts: "2018-12-14T13:46:48.000Z", lat: 47.68204, lng: 8.612236, valid: true },
        ],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "report carrying the VIN",
    input:
      "+RESP:GTFRI,360100,864251020141408,3VWGW6AJ0FM237324,gv500,,10,1,1,0.0,0,2258.4,-99.256948,19.555800,20160929214743,0334,0020,0084,65AC,00,0.0,,,,100,410000,0,nan,,20160929214743,13BA$",
    format: "text",
    expect: [
      {
        imei: "864251020141408",
        positions: [{ ts: "2016-09-29T21:47:43.000Z", lat: 19.5558, lng: -99.256948, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "two fixes in one report, the second without a fix",
    input:
      "+RESP:GTFRI,1F0101,135790246811220,1G1JC5444R7252367,,,00,2,1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,0,4.3,92,70.0,121.354335,31.222073,20090101000000,0460,0000,18d8,6141,00,2000.0,12345:12:34,,,80,210100,,,50,20090214093254,11F0$",
    format: "text",
    expect: [
      {
        imei: "135790246811220",
        positions: [
          { ts: "2009-02-14T01:32:54.000Z", lat: 31.222073, lng: 121.354335, valid: true },
          { ts: "2009-01-01T00:00:00.000Z", lat: 31.222073, lng: 121.354335, valid: false },
        ],
        ack: null,
      },
    ],
  },
];
