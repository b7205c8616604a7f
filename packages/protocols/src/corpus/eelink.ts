import { type CorpusFrame, traccar } from "./types.ts";

// Eelink: 67 67, PID, size u16 (the bytes after it), sequence u16, content; every device package answered with its
// PID and sequence (size 2, no content). Log-in 0x01: IMEI in BCD behind a 0 nibble. GPS 0x02 and alarm 0x04: time
// u32 (Unix), latitude and longitude i32 in 1/1,800,000°, speed u8, course u16, MCC, MNC, LAC u16, cell id u24,
// status u8 (bit 0 fixed), then (0x04) the alarm code. Location 0x12 (protocol 2.0): time, mask (bit 0 GPS block
// with altitude, speed u16, course, satellites; bit 1 the serving cell with a u32 cell id and signal), then status
// and 10 bytes (battery, analog inputs, mileage by place; not read, their units unconfirmed). Expected values read from that layout with an independent script
// (Python, not our decoder), which also checked every size field; each fix lies in the country of its MCC (520
// Thailand, 216 Hungary, 525 Singapore). Data packages name no device (only the log-in does), so their identity is
// null here. Left out: the source's frames wrapped in the "EL" UDP header, the terminal state packages 0x05, GPS
// packages with extra fields after the status, 2.0 locations with Wi-Fi or other blocks, and the 0x14-0x16 and 0x07
// packages (all kept whole as undecoded by the codec).
const source = traccar("Eelink");

export const eelinkCorpus: CorpusFrame[] = [
  {
    source,
    what: "log-in with language and time zone bytes",
    input: "676701000c007b03525440717505180104",
    format: "hex",
    expect: [{ imei: "352544071750518", positions: [], ack: "6767010002007b" }],
  },
  {
    source,
    what: "log-in with the language byte only",
    input: "676701000b001b035418804661834901",
    format: "hex",
    expect: [{ imei: "354188046618349", positions: [], ack: "6767010002001b" }],
  },
  {
    source,
    what: "GPS package, fixed, 15 km/h",
    input: "676702001b03c5538086df0190c1790b3482df0f0157020800013beb00342401",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2014-05-24T11:47:43.000Z", lat: 14.591072, lng: 104.439306, valid: true }],
        ack: "676702000203c5",
      },
    ],
  },
  {
    source,
    what: "heartbeat with its status word",
    input: "67670300040021006e",
    format: "hex",
    expect: [{ imei: null, positions: [], ack: "67670300020021" }],
  },
  {
    source,
    what: "alarm package with a fix (code 0x83)",
    input: "676704001c01a4569ff2dd0517a0f7020b0d9a06011000d8001e005b0004450183",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2016-01-20T20:49:33.000Z", lat: 47.463675, lng: 19.043783, valid: true }],
        ack: "676704000201a4",
      },
    ],
  },
  {
    source,
    what: "alarm package without a fix (status bit 0 clear, code 0x04)",
    input: "676704001c00b7569fc3020517a2d7020b08e100000000d8001e005b0004460004",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2016-01-20T17:25:22.000Z", lat: 47.463942, lng: 19.043112, valid: false }],
        ack: "676704000200b7",
      },
    ],
  },
  {
    source,
    what: "2.0 location with the GPS block and the serving cell",
    input:
      "676712002d066c592cca6803002631a60b22127700240046005c08020d000301af000da0fd12007f11ce05820000001899c0",
    format: "hex",
    expect: [
      {
        imei: null,
        positions: [{ ts: "2017-05-30T01:27:04.000Z", lat: 1.390599, lng: 103.767959, valid: true }],
        ack: "6767120002066c",
      },
    ],
  },
  {
    source,
    what: "2.0 location with the serving cell only (no position)",
    input: "676712001e0092579714d60201f90001785003a301cd1a006a118504f2000000000000",
    format: "hex",
    expect: [{ imei: null, positions: [], ack: "67671200020092" }],
  },
  {
    source,
    what: "the device's answer to an instruction (0x80), not answered",
    input:
      "676780005a000001000000004c61743a4e33312e38333935352c4c6f6e3a5738322e36313334362c436f757273653a302e30302c53706565643a302e30306b6d2f682c4461746554696d653a323031372d31322d30322031313a32393a3433",
    format: "hex",
    expect: [{ imei: null, positions: [], ack: null }],
  },
  {
    source,
    what: "an instruction answer of several lines",
    input:
      "676780005e5788014c754c754c61743a4e32332e3131313734330a4c6f6e3a453131342e3430393233380a436f757273653a302e30300a53706565643a302e31374b4d2f480a446174652054696d653a323031352d30392d31332032303a32313a3230",
    format: "hex",
    expect: [{ imei: null, positions: [], ack: null }],
  },
];
