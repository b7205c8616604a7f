import { describe, expect, it } from "vitest";
import { ATRACK_CONVERSATION, ATRACK_IMEI } from "./atrack/fixtures.ts";
import { GALILEOSKY_FRAMES, RUPTELA_FRAMES } from "./binary-fixtures.ts";
import { CELLOCATOR_CONVERSATION, CELLOCATOR_UNIT } from "./cellocator/fixtures.ts";
import { EELINK_CONVERSATION, EELINK_IMEI } from "./eelink/fixtures.ts";
import { EGTS_CONVERSATION, EGTS_IMEI } from "./egts/fixtures.ts";
import {
  CONCOX_GPS_12,
  CONCOX_LOGIN,
  DEVICE_LOGIN,
  DEVICE_STATUS,
  H02_BINARY_CAPTURE,
  WIKI_CODEC8_1,
  WIKI_IMEI,
} from "./fixtures.ts";
import { NAVTELECOM_CONVERSATION, NAVTELECOM_IMEI } from "./navtelecom/fixtures.ts";
import { decodeForCli, protocols } from "./registry.ts";
import { TEXT_CONVERSATIONS } from "./text-fixtures.ts";

describe("protocol registry", () => {
  it("lists default ports", () => {
    expect(Object.fromEntries(Object.entries(protocols).map(([k, v]) => [k, v.defaultPort]))).toEqual({
      teltonika: 5027,
      gt06: 5023,
      osmand: 5055,
      h02: 5013,
      gps103: 5001,
      tk103: 5002,
      watch: 5093,
      wialon: 5039,
      gl200: 5004,
      meitrack: 5020,
      suntech: 5011,
      ruptela: 5046,
      galileosky: 5034,
      topflytech: 5119,
      jt808: 5015,
      egts: 5007,
      cellocator: 5063,
      atrack: 5067,
      eelink: 5064,
      navtelecom: 5185,
      calamp: 20500,
    });
  });
});

describe("decodeForCli for the text protocols", () => {
  it.each(Object.entries(TEXT_CONVERSATIONS))(
    "decodes a %s conversation typed as text and as hex",
    (name, t) => {
      const conversation = Buffer.concat([t.hello, ...t.frames]);
      const asText = decodeForCli(name, conversation.toString("latin1").replaceAll("\r\n", "\\r\\n"));
      const asHex = decodeForCli(name, conversation.toString("hex"));
      expect(asText.error).toBeUndefined();
      expect(asText.positions.length).toBeGreaterThan(0);
      expect(asText.imei).not.toBeNull();
      expect(asHex).toEqual(asText);
    },
  );

  it("decodes the H02 binary capture at the end of the input, and answers GPS103 and Wialon", () => {
    expect(decodeForCli("h02", H02_BINARY_CAPTURE).positions).toHaveLength(1);
    expect(decodeForCli("gps103", "##,imei:359586015829802,A; 359586015829802;").ack).toBe(
      Buffer.from("LOADON").toString("hex"),
    );
    expect(decodeForCli("wialon", "#L#353976013445485;NA\\r\\n#P#").ack).toBe(
      Buffer.from("#AL#1\r\n#AP#\r\n").toString("hex"),
    );
  });
});

describe("decodeForCli for the binary protocols", () => {
  it("decodes a Ruptela capture with its acknowledgements", () => {
    const out = decodeForCli("ruptela", Buffer.concat(RUPTELA_FRAMES).toString("hex"));
    expect(out.error).toBeUndefined();
    expect(out.imei).toBe("013226005504143");
    expect(out.positions).toHaveLength(3);
    expect(out.ack).toBe("0002640113bc".repeat(2));
  });

  it("decodes an EGTS conversation (log-in first) with its answers", () => {
    const frames = [EGTS_CONVERSATION.hello, ...EGTS_CONVERSATION.frames];
    const out = decodeForCli("egts", Buffer.concat(frames).toString("hex"));
    expect(out.error).toBeUndefined();
    expect(out.imei).toBe(EGTS_IMEI);
    expect(out.positions).toHaveLength(4);
    // Every packet answered with a response starting with the transport header (version 1, header length 11).
    expect(out.ack?.match(/0100000b00/g)?.length).toBe(frames.length + 1);
  });

  it("decodes a Cellocator conversation, each status message acknowledged with its numerator", () => {
    const frames = [CELLOCATOR_CONVERSATION.hello, ...CELLOCATOR_CONVERSATION.frames];
    const out = decodeForCli("cellocator", Buffer.concat(frames).toString("hex"));
    expect(out.error).toBeUndefined();
    expect(out.imei).toBe(String(CELLOCATOR_UNIT));
    expect(out.positions.map((p) => p.valid)).toEqual([true, true, false]);
    expect(out.ack).toHaveLength(frames.length * 56);
  });

  it("decodes an ATrack conversation, each packet answered with the unit id and its sequence", () => {
    const frames = [ATRACK_CONVERSATION.hello, ...ATRACK_CONVERSATION.frames];
    const out = decodeForCli("atrack", Buffer.concat(frames).toString("hex"));
    expect(out.error).toBeUndefined();
    expect(out.imei).toBe(ATRACK_IMEI);
    expect(out.positions.map((p) => p.valid)).toEqual([true, true, true, false]);
    expect(out.ack).toBe(["0001", "0002", "0003"].map((s) => `fe0200014104d8f19682${s}`).join(""));
  });

  it("decodes an Eelink conversation, the log-in's IMEI carried on, each package answered", () => {
    const frames = [EELINK_CONVERSATION.hello, ...EELINK_CONVERSATION.frames];
    const out = decodeForCli("eelink", Buffer.concat(frames).toString("hex"));
    expect(out.error).toBeUndefined();
    expect(out.imei).toBe(EELINK_IMEI);
    expect(out.positions.map((p) => p.valid)).toEqual([true, true, false]);
    expect(out.ack).toBe(
      ["0100020001", "0200020002", "0300020003", "0200020004", "0400020005"].map((s) => `6767${s}`).join(""),
    );
  });

  it("decodes a Navtelecom conversation: log-in and negotiation answered, then each FLEX message", () => {
    const frames = [NAVTELECOM_CONVERSATION.hello, ...NAVTELECOM_CONVERSATION.frames];
    const out = decodeForCli("navtelecom", Buffer.concat(frames).toString("hex"));
    expect(out.error).toBeUndefined();
    expect(out.imei).toBe(NAVTELECOM_IMEI);
    expect(out.positions.map((p) => p.valid)).toEqual([true, true, false, true]);
    // *<S, *<FLEX (headers with the ids swapped), then ~A 2, ~T 3, ~C, each with its CRC-8.
    expect(out.ack).toMatch(/^404e544300000000010000000300.{4}2a3c53404e5443.+7e4102..7e5403000000..7e43..$/);
  });

  it("decodes a Galileosky conversation (head packet first) with its answers", () => {
    const out = decodeForCli("galileosky", Buffer.concat(GALILEOSKY_FRAMES).toString("hex"));
    expect(out.error).toBeUndefined();
    expect(out.imei).toBe("868204001234567");
    expect(out.positions).toHaveLength(3);
    expect(out.ack).toHaveLength(GALILEOSKY_FRAMES.length * 6);
  });
});

describe("decodeForCli", () => {
  it("decodes a Teltonika conversation (IMEI + AVL) with both replies", () => {
    const out = decodeForCli("teltonika", WIKI_IMEI + WIKI_CODEC8_1);
    expect(out).toMatchObject({ protocol: "teltonika", imei: "356307042441013", ack: "0100000001" });
    expect(out.error).toBeUndefined();
    expect(Object.keys(out.positions[0] ?? {})).toEqual([
      "ts",
      "lat",
      "lng",
      "alt",
      "spd",
      "course",
      "satt",
      "valid",
      "src",
      "attributes",
    ]);
    // The output is what the CLI prints: it must survive JSON.
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
  });

  it("decodes AVL data alone with imei null", () => {
    const out = decodeForCli("teltonika", WIKI_CODEC8_1);
    expect(out).toMatchObject({ imei: null, ack: "00000001" });
    expect(out.positions).toHaveLength(1);
  });

  it("decodes GT06 login + GPS written with spaces, ACKing only the login", () => {
    const spaced = (CONCOX_LOGIN + CONCOX_GPS_12).replace(/(..)/g, "$1 ");
    const out = decodeForCli("gt06", spaced);
    expect(out.imei).toBe("123456789012345");
    expect(out.ack).toBe("787805010001d9dc0d0a");
    expect(out.positions[0]).toMatchObject({ course: 143, valid: true });
  });

  it("reports heartbeat-only GT06 input with no positions", () => {
    const out = decodeForCli("gt06", DEVICE_LOGIN + DEVICE_STATUS);
    expect(out.positions).toEqual([]);
    expect(out.ack?.length).toBe(40);
  });

  it.each([
    ["/?id=9&lat=1&lon=2&timestamp=1717228800", "9"],
    ["GET /?id=9&lat=1&lon=2&timestamp=1717228800 HTTP/1.1", "9"],
    ["http://localhost:5055/?id=9&lat=1&lon=2&timestamp=1717228800", "9"],
    ["id=9&lat=1&lon=2&timestamp=1717228800", "9"],
    ['{"device_id":"9","location":{"timestamp":1717228800,"coords":{"latitude":1,"longitude":2}}}', "9"],
  ])("decodes OsmAnd input %s", (input, imei) => {
    const out = decodeForCli("osmand", input);
    expect(out).toMatchObject({ protocol: "osmand", imei, ack: null });
    expect(out.positions[0]).toMatchObject({ ts: 1717228800000, lat: 1, lng: 2 });
  });

  it.each([
    ["unknown protocol", "foo", "00", /unknown protocol/],
    ["non-hex", "gt06", "zz", /not hex/],
    ["odd hex", "gt06", "787", /not hex/],
    ["truncated frame", "gt06", CONCOX_LOGIN.slice(0, 20), /incomplete/],
    ["bad osmand", "osmand", "/?lat=1", /id/],
  ])("reports %s as an error", (_n, protocol, input, msg) => {
    expect(decodeForCli(protocol, input).error).toMatch(msg);
  });

  it("keeps what was decoded before an error", () => {
    const out = decodeForCli("teltonika", `${WIKI_IMEI}${WIKI_CODEC8_1}FFFF`);
    expect(out.imei).toBe("356307042441013");
    expect(out.positions).toHaveLength(1);
    expect(out.error).toMatch(/preamble/);
  });
});
