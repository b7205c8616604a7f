import { type CorpusFrame, traccar } from "./types.ts";

// Navtelecom: NTCB packets behind a 16-byte header ("@NTC", receiver and sender ids u32 LE, body length u16 LE,
// body XOR, header XOR over bytes 0-14), answered with the two ids swapped; the log-in "*>S:<IMEI>" is answered
// "*<S", the negotiation "*>FLEX" B0 <protocol version> <structure version> <bits> <bitfield> "*<FLEX" B0 and the
// versions accepted: protocol 1.0 always, and the device's structure unless the bitfield names a field past the 69
// whose sizes the vendor's table gives (then 1.0). FLEX messages without the header: "~A" <count> <records> <CRC-8 poly 0x31 init 0xFF>, answered "~A"
// <count> <CRC-8>. Expected values written by hand from the vendor's layout and checked with an independent
// script (Python, not our decoder), which recomputed every XOR and CRC-8 and matched the vendor's own checksums.
// Each entry is one connection's stream, so the negotiation that lays out the records comes with them. Left out:
// Traccar's "~A" of four records, laid out by a FLEX 3.0 bitfield naming fields past 69 (sizes not confirmed),
// and the vendor wiki's "~A" after its 3.0 negotiation, for the same reason; both would end the connection
// unanswered here, after the negotiation was answered with structure 1.0 (a device then renegotiates).
const wiki = "wiki.navtelecom.ru/en/home/developers/flex_examples (vendor's annotated examples)";
const vendorDoc =
  "Navtelecom, Protocol of information exchange v6.1 (2021), appendix A.3 examples (as published in github.com/alex-eri/navtelecom-cs docs/)";

export const navtelecomCorpus: CorpusFrame[] = [
  {
    source: wiki,
    what: "log-in *>S with the IMEI, answered *<S",
    input: "404e544301000000000000001300464d2a3e533a383636373935303333333233383634",
    format: "hex",
    expect: [{ imei: "866795033323864", positions: [], ack: "404e544300000000010000000300455e2a3c53" }],
  },
  {
    source: wiki,
    what: "log-in then a FLEX 3.0 negotiation naming fields up to 239: answered with protocol and structure 1.0",
    input:
      "404e544301000000000000001300464d2a3e533a383636373935303333333233383634" +
      "404e544301000000000000002a0046742a3e464c4558b01e1efffffe300a08000000020000000020003800200000000000000104000000060000",
    format: "hex",
    expect: [
      { imei: "866795033323864", positions: [], ack: "404e544300000000010000000300455e2a3c53" },
      { imei: "866795033323864", positions: [], ack: "404e544300000000010000000900b1a02a3c464c4558b00a0a" },
    ],
  },
  {
    source: traccar("Navtelecom"),
    what: "log-in then two FLEX 1.0 negotiations (fields 1-15; then 1-15, 19, 20, 29, 31, 37-39, 45), both accepted",
    input:
      "404e5443010000000000000013004e452a3e533a383636373935303331343130363839" +
      "404e544301000000000000001300f7fc2a3e464c4558b00a0a45fffe00000000000000" +
      "404e544301000000000000001300cbc02a3e464c4558b00a0a45fffe300a0e08000000",
    format: "hex",
    expect: [
      { imei: "866795031410689", positions: [], ack: "404e544300000000010000000300455e2a3c53" },
      { imei: "866795031410689", positions: [], ack: "404e544300000000010000000900b1a02a3c464c4558b00a0a" },
      { imei: "866795031410689", positions: [], ack: "404e544300000000010000000900b1a02a3c464c4558b00a0a" },
    ],
  },
  {
    source: vendorDoc,
    what: "FLEX 2.0 negotiation (fields 1, 2, 3, 4, 7, 19), answered protocol 1.0 and structure 2.0, then ~A of one record without coordinates (event 6064, 12052 mV)",
    input:
      "404e544301000000000000001a001b192a3e464c4558b014147af2002000000000000000000000000000" +
      "7e41011e000000b017e11d7456001f142f24",
    format: "hex",
    expect: [
      { imei: null, positions: [], ack: "404e544300000000010000000900afbe2a3c464c4558b00a14" },
      { imei: null, positions: [], ack: "7e4101df" },
    ],
  },
];
