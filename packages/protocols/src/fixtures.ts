/**
 * Device frames for tests (`@vigia/protocols/fixtures`): examples quoted from the vendors' documents and captures
 * from real trackers, whose CRCs verify, plus frames built with the codecs' own encoders. Not a test file itself,
 * so importing it does not re-register suites.
 */
import { CODEC_8, encodeTeltonikaAvl, encodeTeltonikaRecord } from "./teltonika/codec.ts";

export const hex = (s: string): Buffer => Buffer.from(s.replace(/\s+/g, ""), "hex");

/** XORs one byte in place (index access is `number | undefined` under noUncheckedIndexedAccess). */
export function flip(buf: Buffer, index: number, mask: number): void {
  buf.writeUInt8(buf.readUInt8(index) ^ mask, index);
}

// Examples from Teltonika's "Teltonika Data Sending Protocols" wiki page (Codec 8 examples 1-3,
// Codec 8 Extended example). Their CRCs verify, which is what makes them useful fixtures.
export const WIKI_CODEC8_1 =
  "000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF";
export const WIKI_CODEC8_2 =
  "000000000000002808010000016B40D9AD80010000000000000000000000000000000103021503010101425E100000010000F22A";
export const WIKI_CODEC8_3 =
  "000000000000004308020000016B40D57B480100000000000000000000000000000001010101000000000000016B40D5C198010000000000000000000000000000000101010101000000020000252C";
export const WIKI_CODEC8E =
  "000000000000004A8E010000016B412CEE000100000000000000000000000000000000010005000100010100010011001D00010010015E2C880002000B000000003544C87A000E000000001DD7E06A00000100002994";
// IMEI handshake from the same page: length 0x000F + "356307042441013".
export const WIKI_IMEI = "000F333536333037303432343431303133";

/**
 * A Codec 8 packet with what no official example has, a GPS fix and green-driving IO: one record at
 * 2024-03-01T12:00:00Z, lng 25.2797, lat 54.6872 (Vilnius), alt 112, angle 270, 9 sats, 63 km/h,
 * event IO 253 with IO 239=1, 240=1, 253=2 (harsh braking), 66=12850 mV, 16=123456 m, 78=iButton.
 */
export function builtCodec8(): Buffer {
  const record = encodeTeltonikaRecord(
    {
      timestampMs: Date.UTC(2024, 2, 1, 12),
      priority: 1,
      lng: 25.2797,
      lat: 54.6872,
      altitudeM: 112,
      angle: 270,
      satellites: 9,
      speedKmh: 63,
      eventIoId: 253,
      io: [
        { id: 239, size: 1, value: 1 },
        { id: 240, size: 1, value: 1 },
        { id: 253, size: 1, value: 2 },
        { id: 66, size: 2, value: 12850 },
        { id: 16, size: 4, value: 123456 },
        { id: 78, size: 8, value: 0x0000011a2b3c4d5en },
      ],
    },
    CODEC_8,
  );
  return encodeTeltonikaAvl([record], CODEC_8);
}

// GT06 frames. "CONCOX_*" are the examples of the Concox GT06N protocol document; "DEVICE_*" are
// captures from real trackers quoted in public support threads. Every CRC verifies.
export const CONCOX_LOGIN = "78780D01012345678901234500018CDD0D0A";
export const CONCOX_LOGIN_ACK = "78780501 0001 D9DC 0D0A";
export const DEVICE_LOGIN = "78780D01035548800003536300152E440D0A";
export const CONCOX_GPS_12 = "78781F120B081D112E10CF027AC7EB0C46584900148F01CC00287D001FB8000380810D0A";
export const DEVICE_GPS_12 = "78781F120F0B050E2536C601FB782D07ED996B00345D01941B00B8002F51001634210D0A";
export const CONCOX_GPS_22 = "787822220F0C1D023305C9027AC8180C46586000140001CC00287D001F71000001000820860D0A";
export const CONCOX_STATUS = "78780A134004040001000FDCEE0D0A";
export const DEVICE_STATUS = "78780A13400503020100741C3B0D0A";
export const CONCOX_ALARM =
  "787825160B0B0F0E241DCF027AC8870C4657E60014020901CC00287D001F726506040101003656A40D0A";

// Text protocols. "*_DOC" frames are the examples printed in the vendors' protocol documents; "*_CAPTURE" are
// device captures quoted in public support threads. Frames no document shows are built in the tests with the
// codecs' encoders, and say so.

/** H02 binary frame captured from a tracker (Traccar forum, "Parsing Issue H02 protocol"), 37 bytes. */
export const H02_BINARY_CAPTURE =
  "2400000000000752341410205224734946012332841e002118ffff7bff0b00070000001799";
/** The same device's V4 answer to a D1 command, with its fix and serving cell, from the same thread. */
export const H02_V4_CAPTURE =
  "*HQ,0000000000,V4,D1,60,65535,075244,075242,A,5224.7385,N,01233.2876,E,000.00,307,141020,FFFF7BFF,262,01,14082,51348#";
/** GPS103 (Coban) document examples: log-on, heartbeat and a "tracker" report. */
export const GPS103_LOGON_DOC = "##,imei:359586015829802,A;";
export const GPS103_HEARTBEAT_DOC = "359586015829802;";
export const GPS103_REPORT_DOC =
  "imei:359587010124900,tracker,0809231929,13554900601,F,112909.397,A,2234.4669,N,11354.3287,E,0.11,;";
/** TK103 document example: the log-on (BP05) with its location. */
export const TK103_LOGON_DOC =
  "(027028258309BP05000027028258309111213A2934.0133N10627.2544E000.0141830309.6200000000L00000000)";
/** Watch protocol document example: the link keep-alive and its answer. */
export const WATCH_LK_DOC = "[SG*8800000015*0002*LK]";
/** Queclink GL300 document examples: a scheduled report (GTFRI layout, GTDOG) and a power-on report. */
export const GL300_REPORT_DOC =
  "+RESP:GTDOG,1A0102,135790246811220,,0,0,1,1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,2000.0,20090214093254,11F0$";
export const GL300_POWER_ON_DOC = "+RESP:GTPNA,1A0102,135790246811220,,20100214093254,11F0$";
/** Meitrack GPRS protocol document example: an AAA report whose length (128) and checksum (91) verify. */
export const MEITRACK_AAA_DOC =
  "$$Q128,353358017784062,AAA,34,22.543176,114.078448,100313093738,A,5,22,2,205,5,-14,0,60,0|0|10133|4110,0000,149|153|173|2707|914,*91\r\n";
/**
 * Suntech ST300/340 operation manual (rev 1.41), 7-2 "Requesting Status": the STT answer to StatusReq, in the
 * layout without the MODEL field. The public copy runs the latitude and longitude together ("+37.126.885815"), so
 * the coordinates here are the document's longitude and a latitude chosen in its place; every other field is the
 * document's.
 */
export const SUNTECH_STT_DOC =
  "ST300STT;100850000;010;20090724;07:12:16;00129;+37.479323;+126.885815;000.029;000.00;7;1;0;15.33;100000;2;0002\r";
/** A keep-alive in the layout the manual gives (header and device id only); not an example printed in it. */
export const SUNTECH_ALV = "ST300ALV;100850000\r";
