import { type CorpusFrame, traccar } from "./types.ts";

// Watch (SG*/3G* "Beesure" protocol): UD/UD2/UD_LTE/AL, fields ddmmyy, hhmmss UTC, A|V, lat, N|S, lng, E|W
// (decimal degrees); AL and AL_LTE are answered [maker*id*len*type], UD reports are not. Frames of the source
// whose length field disagrees with their content (edited by hand, not as a device sends them) are left out.
const source = traccar("Watch");

export const watchCorpus: CorpusFrame[] = [
  {
    source,
    what: "UD2 western longitude with its own minus sign (-84.14,W) stays west",
    input:
      "[3G*6430073509*00E7*UD2,241016,081622,V,09.951861,N,-84.1422119,W,0.00,0.0,0.0,0,39,94,0,0,00000000,1,0,712,3,2007,18961,123,4,Luz,00:23:6a:34:ee:76,-70,familia,b0:c5:54:b9:90:ef,-78,fam salas delgado,fc:b4:e6:5d:50:ea,-81,QWERTY,c8:3a:35:43:0f:e8,-93]",
    format: "text",
    expect: [
      {
        imei: "6430073509",
        positions: [{ ts: "2016-10-24T08:16:22.000Z", lat: 9.951861, lng: -84.1422119, valid: false }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "UD2 signed values beside letters the firmware never changes (-33.48,N,-70.76,E: Santiago de Chile)",
    input:
      "[3G*6105117105*008D*UD2,210716,231601,V,-33.480366,N,-70.7630692,E,0.00,0.0,0.0,0,100,34,0,0,00000000,3,255,730,2,29731,54315,167,29731,54316,162,29731,54317,145]",
    format: "text",
    expect: [
      {
        imei: "6105117105",
        positions: [{ ts: "2016-07-21T23:16:01.000Z", lat: -33.480366, lng: -70.7630692, valid: false }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "UD, longitude padded with a space (N, 9.1574736,E)",
    input:
      "[3G*4700222306*0077*UD,120316,140610,V,48.779045,N, 9.1574736,E,0.00,0.0,0.0,0,25,83,0,0,00000000,2,255,262,1,21041,9067,121,21041,5981,116]",
    format: "text",
    expect: [
      {
        imei: "4700222306",
        positions: [{ ts: "2016-03-12T14:06:10.000Z", lat: 48.779045, lng: 9.1574736, valid: false }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "UD2 with a space-padded longitude, cells and five Wi-Fi access points",
    input:
      "[3G*4700222306*011F*UD2,120316,140444,A,48.779045,N, 9.1574736,E,0.57,12.8,0.0,7,28,77,0,0,00000000,2,2,262,1,21041,9067,121,21041,5981,116,5,WG-Superlativ,34:31:c4:c8:a9:22,-67,EasyBox-28E858,18:83:bf:28:e8:f4,-70,MoMaXXg,be:05:43:b7:19:15,-72,MoMaXX2,bc:05:43:b7:19:15,-72,Gastzugang,18:83:bf:28:e8:f5,-72]",
    format: "text",
    expect: [
      {
        imei: "4700222306",
        positions: [{ ts: "2016-03-12T14:04:44.000Z", lat: 48.779045, lng: 9.1574736, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "UD2 with MCC/MNC written FFFF and hex LAC/cell (unregistered network)",
    input:
      "[SG*9059011020*006b*UD2,240123,162011,A,54.427621,N,6.409190,W,0.00,0,0,8,19,88,0,0,00000000,1,1,FFFF,FFFF,FFFE,3B882A2,132,,00]",
    format: "text",
    expect: [
      {
        imei: "9059011020",
        positions: [{ ts: "2023-01-24T16:20:11.000Z", lat: 54.427621, lng: -6.40919, valid: true }],
        ack: null,
      },
    ],
  },
  {
    source,
    what: "AL with a last-known position and hex LAC/cell, answered",
    input:
      "[SG*9059011020*0067*AL,240123,181628,V,54.427538,N,6.409275,W,0.00,0,0,0,19,90,0,0,00000000,1,1,234,10,55C0,3B882A2,132,,10]",
    format: "text",
    expect: [
      {
        imei: "9059011020",
        positions: [{ ts: "2023-01-24T18:16:28.000Z", lat: 54.427538, lng: -6.409275, valid: false }],
        ack: "[SG*9059011020*0002*AL]",
      },
    ],
  },
  {
    source,
    what: "AL with a fix, answered",
    input:
      "[3G*8308373902*0080*AL,230817,095346,A,47.083950,N,15.4821850,E,7.60,273.8,0.0,4,15,44,0,0,00200010,2,255,232,1,7605,42530,118,7605,58036,119,0,65.8]",
    format: "text",
    expect: [
      {
        imei: "8308373902",
        positions: [{ ts: "2017-08-23T09:53:46.000Z", lat: 47.08395, lng: 15.482185, valid: true }],
        ack: "[3G*8308373902*0002*AL]",
      },
    ],
  },
  {
    source,
    what: "AL without a fix (0,0, space-padded) keeps its IMEI and is answered",
    input:
      "[3G*8809008845*00C0*AL,271219,094744,V,00.000000,N, 0.0000000,E,0.00,0.0,0.0,0,100,81,0,0,00010000,7,0,460,0,9336,3981,141,9336,3912,141,9336,3982,140,9765,4233,134,9765,4071,134,9765,4321,134,9336,4353,132,0,0.0]",
    format: "text",
    expect: [{ imei: "8809008845", positions: [], ack: "[3G*8809008845*0002*AL]" }],
  },
  {
    source,
    what: "AL_LTE without a fix, answered with its own type",
    input: "[3G*6907919734*003e*AL_LTE,170525,214118,V,0,N,0,E,0,0,0,0,0,22,0,0,00010000,0,0,0]",
    format: "text",
    expect: [{ imei: "6907919734", positions: [], ack: "[3G*6907919734*0006*AL_LTE]" }],
  },
  {
    source,
    what: "UD_LTE without a fix and without hemisphere letters: towers and access points only",
    input:
      "[3G*9705141740*00C2*UD_LTE,260723,185105,V,00.000000,,00.0000000,,0.00,0.0,0.0,0,100,67,0,0,00000000,2,0,605,1,10006,65799,14,10020,4104,4,3,,34:60:f9:ec:19:f8,-82,,98:48:27:55:18:20,-96,,34:e8:94:e4:06:18,-104,0.0]",
    format: "text",
    expect: [{ imei: "9705141740", positions: [], ack: null }],
  },
];
