import { type CorpusFrame, traccar } from "./types.ts";

// JT/T 808 (2013 edition): 7E <message id u16> <body properties u16> <phone BCD 6 bytes> <serial u16> <body> <XOR
// check> 7E, with 7E and 7D escaped as 7D 02 and 7D 01. Location: alarm u32, status u32 (bit 1 positioned, bit 2
// south, bit 3 west), latitude and longitude u32 × 1e-6, altitude, speed, direction, time yymmddhhmmss BCD in
// Beijing time (UTC+8). The server answers 0x8100 to a registration (serial, result 0, the phone number as the
// code) and 0x8001 to the others (serial, message id, result 0), numbering its own answers from 0 on each
// connection. Expected values and answer bytes worked out with a small independent script from that layout. Left
// out: the source's frames whose check code or body length disagrees with their content (edited by hand), a 0x0900
// frame whose phone number is not BCD, and its vendor-specific messages (0x5501, 0x5502, 0x2070), which decode as
// undecoded and are quarantined.
const source = traccar("Huabao");

export const jt808Corpus: CorpusFrame[] = [
  {
    source,
    what: "register (0x0100) and authenticate (0x0102) in one stream: 0x8100 with the code, then 0x8001",
    input:
      "7e0100002d013511221122000500000000373031303748422d52303347424400000000000000000000003233363631303402cbd5424136383630387e7e0102000e013511221122000661757468656e7469636174696f6e3f7e",
    format: "hex",
    expect: [
      {
        imei: "013511221122",
        positions: [],
        ack: "7e8100000f0135112211220000000500303133353131323231313232b87e",
      },
      { imei: "013511221122", positions: [], ack: "7e8001000501351122112200010006010200b47e" },
    ],
  },
  {
    source,
    what: "register with a plate in GBK",
    input:
      "7e0100002d0141305678720024002c012f373031313142534a2d41362d424400000000000000000000003035363738373201d4c14238383838386d7e",
    format: "hex",
    expect: [
      {
        imei: "014130567872",
        positions: [],
        ack: "7e8100000f0141305678720000002400303134313330353637383732887e",
      },
    ],
  },
  {
    source,
    what: "authenticate with a numeric code",
    input: "7e010200100940278494700084323031313131303831313333323139369f7e",
    format: "hex",
    expect: [{ imei: "094027849470", positions: [], ack: "7e80010005094027849470000000840102000d7e" }],
  },
  {
    source,
    what: "heartbeat (0x0002)",
    input: "7e0002000004304832546500b7ca7e",
    format: "hex",
    expect: [{ imei: "043048325465", positions: [], ack: "7e80010005043048325465000000b70002004e7e" }],
  },
  {
    source,
    what: "location, southern and western hemispheres (status bits 2 and 3)",
    input:
      "7e020000220014012499170007000000000000400e012af16f02cbd2ba000000000000150101194257010400000077a97e",
    format: "hex",
    expect: [
      {
        imei: "001401249917",
        positions: [{ ts: "2015-01-01T11:42:57.000Z", lat: -19.591535, lng: -46.912186, valid: true }],
        ack: "7e80010005001401249917000000070200003e7e",
      },
    ],
  },
  {
    source,
    what: "location with the emergency alarm (bit 0) and a western longitude",
    input:
      "7e0200002e094027587492000a000000010000000a03083db7001329f3000000140000130412164952010400000012360a0002341502cb0c20085c107e",
    format: "hex",
    expect: [
      {
        imei: "094027587492",
        positions: [{ ts: "2013-04-12T08:49:52.000Z", lat: 50.871735, lng: -1.255923, valid: true }],
        ack: "7e800100050940275874920000000a0200005c7e",
      },
    ],
  },
  {
    source,
    what: "location with mileage, fuel and recorder speed items",
    input:
      "7e0200002a013833501744001900000000000000c201597fa806cc01580080000000081508180721210104000002f502020000030200009f7e",
    format: "hex",
    expect: [
      {
        imei: "013833501744",
        positions: [{ ts: "2015-08-17T23:21:21.000Z", lat: 22.6426, lng: 114.032984, valid: true }],
        ack: "7e8001000501383350174400000019020000967e",
      },
    ],
  },
  {
    source,
    what: "location not positioned (status bit 1 clear), a vendor text item",
    input:
      "7e02000054093037612710000700000000000000010223aca000dc9dd800000000000017121417122133362a4d30302c34352c31313336393042383030313233303026303030303030303030303030263132333435363738393031323334353623897e",
    format: "hex",
    expect: [
      {
        imei: "093037612710",
        positions: [{ ts: "2017-12-14T09:12:21.000Z", lat: 35.892384, lng: 14.458328, valid: false }],
        ack: "7e8001000509303761271000000007020000d97e",
      },
    ],
  },
  {
    source,
    what: "location with signal, satellites and vendor items (0xD0-0xDA)",
    input:
      "7e0200004e08026300003006480000000000000007021477d90841920700000000005019110515194001040000167130011631010cd00400000400d3020027d4013fd6143839363130313832303030343833363532383330da0104897e",
    format: "hex",
    expect: [
      {
        imei: "080263000030",
        positions: [{ ts: "2019-11-05T07:19:40.000Z", lat: -34.895833, lng: 138.514951, valid: true }],
        ack: "7e8001000508026300003000000648020000917e",
      },
    ],
  },
  {
    source,
    what: "location with a vendor cell item (0xEB)",
    input:
      "7e020000400303000002280042000000000000000301618ab406c31ec800000000000518092116145701040000047830011031010aeb16000c00b28986011780108622216500060089ffffffffc37e",
    format: "hex",
    expect: [
      {
        imei: "030300000228",
        positions: [{ ts: "2018-09-21T08:14:57.000Z", lat: 23.169716, lng: 113.450696, valid: true }],
        ack: "7e8001000503030000022800000042020000ee7e",
      },
    ],
  },
  {
    source,
    what: "location with ACC on but not positioned, three satellites",
    input:
      "7e0200002c00160128561400020000000000040001005de1f7065c6cef00000000000017011710044201040000a9002a02000030011b3101030c7e",
    format: "hex",
    expect: [
      {
        imei: "001601285614",
        positions: [{ ts: "2017-01-17T02:04:42.000Z", lat: 6.152695, lng: 106.720495, valid: false }],
        ack: "7e8001000500160128561400000002020000f97e",
      },
    ],
  },
  {
    source,
    what: "location with tamper-alarm bits outside the mapped ones",
    input:
      "7e02000033421030000018004c000200000004000201556dcb06c4d41d000c00f100fc210118095853010400000000fe0140ff0c01cc000000002694000055d87a7e",
    format: "hex",
    expect: [
      {
        imei: "421030000018",
        positions: [{ ts: "2021-01-18T01:58:53.000Z", lat: 22.375883, lng: 113.562653, valid: true }],
        ack: "7e800100054210300000180000004c020000b07e",
      },
    ],
  },
  {
    source,
    what: "batch (0x0704) of eight blind-area records: archive",
    input:
      "7e0704014301356777777707f5000801002600000000000000030159741206cbfd5001720000000116052709062401040000001d03020000002600000000000000030159746606cbfd50016b0000000116052709065301040000001d0302000000260000000000000003015975e406cbfe58013f0000000116052709072701040000001d0302000000260000000000000003015976de06cbff10012e0000000116052709075601040000001d0302000000260000000000000003015976bc06cbfed0012d0000000116052709083001040000001d0302000000260000000000000003015976fe06cbfec001080000000116052709090001040000001d0302000000260000000000000003015976fe06cbfe7800fc0000000116052709093301040000001d0302000000260000000000000003015977a606cbff3001080000000116052709100201040000001d030200001f7e",
    format: "hex",
    expect: [
      {
        imei: "013567777777",
        positions: [
          { ts: "2016-05-27T01:06:24.000Z", lat: 22.639634, lng: 114.031952, valid: true },
          { ts: "2016-05-27T01:06:53.000Z", lat: 22.639718, lng: 114.031952, valid: true },
          { ts: "2016-05-27T01:07:27.000Z", lat: 22.6401, lng: 114.032216, valid: true },
          { ts: "2016-05-27T01:07:56.000Z", lat: 22.64035, lng: 114.0324, valid: true },
          { ts: "2016-05-27T01:08:30.000Z", lat: 22.640316, lng: 114.032336, valid: true },
          { ts: "2016-05-27T01:09:00.000Z", lat: 22.640382, lng: 114.03232, valid: true },
          { ts: "2016-05-27T01:09:33.000Z", lat: 22.640382, lng: 114.032248, valid: true },
          { ts: "2016-05-27T01:10:02.000Z", lat: 22.64055, lng: 114.032432, valid: true },
        ],
        ack: "7e80010005013567777777000007f5070400517e",
      },
    ],
  },
  {
    source,
    what: "batch of four blind-area records, one with the power-off alarm (bit 8)",
    input:
      "7e070400f30303000002450064000401003a000000000000000301618ac606c31f20000000000029180514202847010400000000eb16000c00b28986061708003732585700060089fffffffe003a000000000000000301618ae806c31eb800000000009f180514202917010400000000eb16000c00b28986061708003732585700060089fffffffe003a000000000000000301618ae806c31eb800000000009f180514202947010400000000eb16000c00b28986061708003732585700060089fffffffe003a000001000000080301618ae806c31eb800000000009f180514203006010400000000eb16000c00b28986061708003732585700060089fffffffed77e",
    format: "hex",
    expect: [
      {
        imei: "030300000245",
        positions: [
          { ts: "2018-05-14T12:28:47.000Z", lat: 23.169734, lng: 113.450784, valid: true },
          { ts: "2018-05-14T12:29:17.000Z", lat: 23.169768, lng: 113.45068, valid: true },
          { ts: "2018-05-14T12:29:47.000Z", lat: 23.169768, lng: 113.45068, valid: true },
          { ts: "2018-05-14T12:30:06.000Z", lat: 23.169768, lng: 113.45068, valid: true },
        ],
        ack: "7e8001000503030000024500000064070400a47e",
      },
    ],
  },
];
