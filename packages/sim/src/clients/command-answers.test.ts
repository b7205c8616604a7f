import {
  atrackAck,
  cellocatorAck,
  createAtrackSession,
  createEelinkSession,
  createEgtsSession,
  createGalileoskySession,
  createGl200Session,
  createGps103Session,
  createJt808Session,
  createNavtelecomSession,
  createRuptelaSession,
  createSuntechSession,
  createTk103Session,
  createTopflytechSession,
  createWialonSession,
  decodeH02Frame,
  decodeMeitrackFrame,
  eelinkAck,
  egtsPacketSize,
  encodeAtrackPacket,
  encodeDeviceCommand,
  encodeEelinkLogin,
  encodeEgtsLogin,
  encodeNavtelecomLogin,
  encodeTopflytechLogin,
  encodeWialonLogin,
  meitrackFrame,
  readEgtsServerPacket,
} from "@vigia/protocols";
import { describe, expect, it } from "vitest";
import {
  answerBinaryCommand,
  answerGt06Command,
  answerTeltonikaCommand,
  answerTextCommands,
  serverFrameSize,
} from "./command-answers.ts";
import { egtsTidOf } from "./common.ts";

describe("simulated GT06N answers to 0x80 commands", () => {
  it.each([
    ["RELAY,1#", "Cut off the fuel supply: Success!"],
    ["RELAY,0#", "Restore fuel supply: Success!"],
    ["RESET#", null],
    ["WHERE#", null],
  ])("%s", (command, answer) => {
    expect(answerGt06Command(command)).toBe(answer);
  });
});

describe("simulated FMB answers to Codec 12 commands", () => {
  it.each([
    ["setdigout 1", "DOUT1:1 DOUT2:0 Timeout:INFINITY"],
    ["setdigout 0", "DOUT1:0 DOUT2:0 Timeout:INFINITY"],
    ["cpureset", "Reset in 5 sec"],
    ["setparam 2001:m2m", "New value 2001:m2m"],
    ["bogus", "Unknown command: bogus"],
  ])("%s", (command, answer) => {
    expect(answerTeltonikaCommand(command)).toBe(answer);
  });
});

describe("simulated text-protocol devices confirm the server's commands", () => {
  const last = {
    timeMs: Date.UTC(2026, 10, 24, 12, 0, 0),
    lat: 40.41,
    lng: -3.7,
    altitudeM: 600,
    speedKmh: 0,
    heading: 90,
    satellites: 9,
    ignition: true,
    moving: false,
    odometerM: 0,
    batteryMv: 4000,
    batteryPct: 90,
    charging: false,
    gsm: 4,
    speeding: false,
    events: [],
  };

  it("H02 answers with a V4 naming the command and the device's last fix", () => {
    const out = answerTextCommands("h02", "*HQ,4106000054,S20,120305,0,0#", last);
    const decoded = decodeH02Frame(out.answers[0]!);
    expect(decoded.ok && decoded.value.kind).toBe("commandResult");
    expect(decoded.ok && decoded.value.attributes.result).toBe("S20,DONE,120305");
    expect(out.consumed).toBe("*HQ,4106000054,S20,120305,0,0#".length);
  });

  it("Meitrack answers <command>,OK; a watch echoes the keywords it knows and ignores its LK answer", () => {
    const meitrack = answerTextCommands(
      "meitrack",
      String(meitrackFrame("C", ",353358017784062,C01,0,12222")).replace("$$", "@@"),
      null,
    );
    const decoded = decodeMeitrackFrame(meitrack.answers[0]!);
    expect(decoded.ok && decoded.value.attributes.result).toBe("C01,OK");
    expect(answerTextCommands("watch", "[SG*4106000054*0002*LK]", null).answers).toEqual([]);
    expect(String(answerTextCommands("watch", "[3G*4106000054*0005*RESET]", null).answers[0])).toBe(
      "[3G*4106000054*0005*RESET]",
    );
  });
});

/** The server's command frame for a protocol, as the gateway writes it. */
const command = (protocol: string, text: string, imei: string, maker?: string) =>
  encodeDeviceCommand(protocol, text, { imei, serial: 1, id: 9, nowMs: 0, ...(maker ? { maker } : {}) })!;

describe("simulated GPS103, TK103, Suntech and Wialon devices confirm the commands the server decodes", () => {
  it.each([
    ["gps103", "J", "359586015829802", undefined, createGps103Session, "jt"],
    ["gps103", "K", "359586015829802", undefined, createGps103Session, "kt"],
    ["tk103", "AV010", "013632782450", undefined, createTk103Session, "BV010"],
    ["tk103", "AT00", "013632782450", undefined, createTk103Session, "BT00"],
    ["suntech", "Reboot", "205000001", "SA200", createSuntechSession, "02;Reboot"],
    // Configuration commands (text-config-commands.ts).
    ["gps103", "H,110", "359586015829802", undefined, createGps103Session, "ht"],
    ["tk103", "AR00001E0000", "013632782450", undefined, createTk103Session, "BR01"],
    ["tk103", "AP12H110L000", "013632782450", undefined, createTk103Session, "BP12H110L000"],
    [
      "suntech",
      "RPT;60;60;60;3;0;0;0;0;0",
      "205000001",
      "ST300",
      createSuntechSession,
      "02;60;60;60;3;0;0;0;0;0",
    ],
  ] as const)("%s %s", (protocol, text, imei, maker, session, result) => {
    const out = answerTextCommands(protocol, String(command(protocol, text, imei, maker)), null);
    expect(out.answers).toHaveLength(1);
    const decoded = session({ allowAnonymous: true }).push(out.answers[0]!);
    expect(decoded.messages.map((m) => [m.kind, m.imei, m.attributes.result])).toEqual([
      ["commandResult", imei, result],
    ]);
  });

  it("Wialon answers #AM#1 to the message, on the logged-in connection", () => {
    const out = answerTextCommands("wialon", String(command("wialon", "OUT1=1", "2000000001", "2.0")), null);
    const session = createWialonSession();
    session.push(encodeWialonLogin("2000000001", "NA", "2.0"));
    expect(session.push(out.answers[0]!).messages[0]?.attributes.result).toBe("message received");
  });

  it("GPS103 timed tracking (C) is not confirmed, but read past so the H behind it is answered", () => {
    const out = answerTextCommands("gps103", "**,imei:359586015829802,C,30s", null);
    expect(out.answers).toEqual([]);
    expect(out.consumed).toBe("**,imei:359586015829802,C,30s".length);
    const both = answerTextCommands(
      "gps103",
      "**,imei:359586015829802,C,30s**,imei:359586015829802,H,110",
      null,
    );
    expect(both.answers.map(String)).toEqual(["imei:359586015829802,ht;"]);
  });

  it("Queclink answers +ACK:GTFRI naming the device", () => {
    const frame = String(command("gl200", "GTFRI=1,,,,,,60,60,,,,,,,,,,,,FFFF", "", "1A0102"));
    const out = answerTextCommands("gl200", frame, null, "135790246811220");
    const decoded = createGl200Session().push(out.answers[0]!);
    expect(decoded.messages.map((m) => [m.kind, m.imei])).toEqual([["commandResult", "135790246811220"]]);
  });
});

describe("simulated Ruptela, Galileosky and JT/T 808 devices answer command packets", () => {
  it("Ruptela: an SMS-via-GPRS command gets a type 7 answer; the ACK is told apart by its type", () => {
    const frame = command("ruptela", "setio 1,1", "");
    expect(serverFrameSize("ruptela", Buffer.concat([frame, frame.subarray(0, 3)]))).toBe(frame.length);
    expect(serverFrameSize("ruptela", frame.subarray(0, 4))).toBeNull();
    const answer = answerBinaryCommand("ruptela", "350000010000024", frame)!;
    const out = createRuptelaSession().push(answer);
    expect(out.messages[0]?.kind).toBe("commandResult");
    expect(out.messages[0]?.attributes.result).toBe("setio 1,1 OK");
    expect(answerBinaryCommand("ruptela", "1", Buffer.from("0002640113bc", "hex"))).toBeNull();
  });

  it("Galileosky: the answer carries the command's number and text; ACK and command sizes are read apart", () => {
    const frame = command("galileosky", "Out 0,1", "359586015829802");
    expect(serverFrameSize("galileosky", Buffer.from([0x02, 0x11, 0x22, 0x01]))).toBe(3);
    expect(serverFrameSize("galileosky", frame)).toBe(frame.length);
    const answer = answerBinaryCommand("galileosky", "359586015829802", frame)!;
    expect(answer.readUInt32LE(23)).toBe(9);
    const out = createGalileoskySession().push(answer);
    expect(out.messages[0]?.attributes.result).toBe("OUT 0,1");
    expect(out.replies).toHaveLength(1);
  });

  it("JT/T 808: the terminal answers a command with 0x0001 naming its serial and id; the server's answers are sizes apart", () => {
    const frame = command("jt808", "8105:4", "013511221122");
    expect(serverFrameSize("jt808", Buffer.concat([frame, frame.subarray(0, 3)]))).toBe(frame.length);
    expect(serverFrameSize("jt808", frame.subarray(0, 4))).toBeNull();
    const answer = answerBinaryCommand("jt808", "013511221122", frame)!;
    const out = createJt808Session().push(answer);
    expect(out.messages.map((m) => [m.kind, m.imei, m.attributes.result])).toEqual([
      ["commandResult", "013511221122", "0x8105 #1: success"],
    ]);
    expect(out.replies).toEqual([]);
  });
});

describe("simulated Eelink and Topflytech devices answer command packets", () => {
  it("Cellocator: a reset (25 bytes) and an acknowledgement (28) are read apart; the reset gets no answer", () => {
    const frame = encodeDeviceCommand("cellocator", "state 2: reset", {
      imei: "331",
      serial: 1,
      id: 0,
      nowMs: 0,
    })!;
    const ack = cellocatorAck(331, 5);
    expect(serverFrameSize("cellocator", Buffer.concat([frame, ack]))).toBe(25);
    expect(serverFrameSize("cellocator", Buffer.concat([ack, frame]))).toBe(28);
    expect(serverFrameSize("cellocator", frame.subarray(0, 24))).toBeNull();
    expect(answerBinaryCommand("cellocator", "331", frame)).toBeNull();
  });

  it("Eelink: an instruction gets an instruction package back with the server's flag; answers are 7 bytes", () => {
    const imei = "352544071750518";
    const frame = encodeDeviceCommand("eelink", "RELAY,1#", { imei, serial: 4, id: 77, nowMs: 0 })!;
    expect(serverFrameSize("eelink", Buffer.concat([frame, eelinkAck(2, 3)]))).toBe(frame.length);
    expect(serverFrameSize("eelink", eelinkAck(2, 3))).toBe(7);
    expect(serverFrameSize("eelink", frame.subarray(0, 8))).toBeNull();
    const answer = answerBinaryCommand("eelink", imei, frame)!;
    expect(answer.readUInt32BE(8)).toBe(77);
    const session = createEelinkSession();
    session.push(encodeEelinkLogin(imei, 1));
    const out = session.push(answer);
    expect(out.messages.map((m) => [m.kind, m.imei, m.attributes.result])).toEqual([
      ["commandResult", imei, "RELAY,1# OK"],
    ]);
    expect(out.replies).toEqual([]);
    expect(answerBinaryCommand("eelink", imei, eelinkAck(2, 3))).toBeNull();
  });

  it("Topflytech: a 0x81 command gets a 0x81 answer with its serial, in the device's header", () => {
    const imei = "866425032895916";
    const frame = encodeDeviceCommand("topflytech", "STATUS#", {
      imei,
      serial: 6,
      id: 0,
      nowMs: 0,
      maker: "2727",
    })!;
    expect(serverFrameSize("topflytech", frame)).toBe(frame.length);
    const answer = answerBinaryCommand("topflytech", imei, frame)!;
    expect(answer.toString("hex", 0, 3)).toBe("272781");
    expect(answer.readUInt16BE(5)).toBe(6);
    const session = createTopflytechSession();
    session.push(encodeTopflytechLogin(imei, 1));
    const out = session.push(answer);
    expect(out.messages.map((m) => [m.kind, m.imei, m.attributes.result])).toEqual([
      ["commandResult", imei, "STATUS# OK"],
    ]);
    expect(out.replies).toEqual([]);
  });
});

describe("simulated EGTS and ATrack devices answer commands", () => {
  it("EGTS: a command gets the response to its packet and a confirmation repeating its id, which the server reads as the result", () => {
    const imei = "861230043907626";
    const frame = encodeDeviceCommand("egts", "STATUS", { imei, serial: 5, id: 88, nowMs: 0 })!;
    expect(serverFrameSize("egts", Buffer.concat([frame, frame.subarray(0, 4)]))).toBe(frame.length);
    const answer = answerBinaryCommand("egts", imei, frame)!;
    const session = createEgtsSession();
    session.push(encodeEgtsLogin(egtsTidOf(imei), imei, 1));
    const out = session.push(answer);
    expect(out.messages.map((m) => [m.kind, m.imei, m.attributes.result, m.attributes.commandId])).toEqual([
      ["heartbeat", imei, 0, undefined],
      ["commandResult", imei, "STATUS OK", 88],
    ]);
    // The response answers the command's packet; the confirmation is answered by the server in turn.
    expect(out.messages[0]?.attributes.answered).toBe(5);
    expect(out.replies.map((r) => readEgtsServerPacket(r)?.type)).toEqual([0]);
  });

  it("EGTS: the result code after the log-in gets only a response", () => {
    const imei = "861230043907626";
    const session = createEgtsSession();
    const login = session.push(encodeEgtsLogin(egtsTidOf(imei), imei, 1));
    // The log-in's answer: the response packet, then the result code packet.
    const reply = login.replies[0]!;
    const resultCode = reply.subarray(egtsPacketSize(reply));
    expect(readEgtsServerPacket(resultCode)?.resultCodes).toEqual([0]);
    const answer = answerBinaryCommand("egts", imei, resultCode)!;
    expect(readEgtsServerPacket(answer)?.type).toBe(0);
  });

  it("ATrack: a command line is told apart from FE 02 answers and answered $OK, or with its $INFO line", () => {
    const imei = "352964052096642";
    const command = (text: string) =>
      encodeDeviceCommand("atrack", text, { imei, serial: 1, id: 3, nowMs: 0 })!;
    const ack = atrackAck(Buffer.from("0001406a1b5cf042", "hex"), 7);
    expect(serverFrameSize("atrack", Buffer.concat([command("AT$TRAC=1,60"), ack]))).toBe(14);
    expect(serverFrameSize("atrack", Buffer.concat([ack, command("AT$TRAC=1,60")]))).toBe(12);
    expect(serverFrameSize("atrack", command("AT$TRAC=1,60").subarray(0, 8))).toBeNull();
    expect(answerBinaryCommand("atrack", imei, ack)).toBeNull();
    const session = createAtrackSession();
    session.push(encodeAtrackPacket(imei, 1, []));
    const out = session.push(
      Buffer.concat([
        answerBinaryCommand("atrack", imei, command("AT$TRAC=1,60"))!,
        answerBinaryCommand("atrack", imei, command("AT$INFO=?"))!,
      ]),
    );
    expect(out.messages.map((m) => [m.kind, m.imei, m.attributes.result])).toEqual([
      ["commandResult", imei, "$OK"],
      ["commandResult", imei, `$INFO=${imei},AK7,Rev.sim`],
    ]);
  });
});

describe("a simulated Navtelecom device answers NTCB commands", () => {
  it.each([
    ["*!SETOUT 1Y", "*@SETOUT OK,1Y"],
    ["*!DEV_RESET", "*@DEV_RESET"],
    ["*?V", "*#V:S-2651:sim"],
  ])("%s → %s, read by the server as the command's result", (text, result) => {
    const imei = "866795033323864";
    const frame = encodeDeviceCommand("navtelecom", text, { imei, serial: 1, id: 2, nowMs: 0 })!;
    expect(serverFrameSize("navtelecom", Buffer.concat([frame, frame.subarray(0, 5)]))).toBe(frame.length);
    const answer = answerBinaryCommand("navtelecom", imei, frame)!;
    const session = createNavtelecomSession();
    session.push(encodeNavtelecomLogin(imei));
    const out = session.push(answer);
    expect(out.messages.map((m) => [m.kind, m.imei, m.attributes.result])).toEqual([
      ["commandResult", imei, result],
    ]);
  });

  it("the log-in's *<S answer is no command", () => {
    const imei = "866795033323864";
    const reply = createNavtelecomSession().push(encodeNavtelecomLogin(imei)).replies[0]!;
    expect(answerBinaryCommand("navtelecom", imei, reply)).toBeNull();
  });
});
