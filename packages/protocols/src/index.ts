/**
 * @vigia/protocols — the device protocols, encoded and decoded in one place: Teltonika (Codec 8/8E/16, Codec 12
 * commands), GT06 / Concox (with 0x80 commands), OsmAnd (Traccar Client), MQTT JSON, and the text protocols H02,
 * GPS103, TK103, watch ([SG*…]) and Wialon IPS. The server decodes with
 * them, the simulator encodes with them, and the tests build their frames with the same encoders.
 */

export * from "./atrack/codec.ts";
export { atrackCommandSize, readAtrackCommand } from "./atrack/commands.ts";
export * from "./calamp/codec.ts";
export * from "./cellocator/codec.ts";
export * from "./device-commands.ts";
export * from "./eelink/codec.ts";
export * from "./egts/codec.ts";
export {
  CC_ERROR as EGTS_CC_ERROR,
  CC_ILL as EGTS_CC_ILL,
  CC_INPROG as EGTS_CC_INPROG,
  CC_OK as EGTS_CC_OK,
} from "./egts/command-data.ts";
export { encodeEgtsCommand, encodeEgtsCommandAnswer, readEgtsCommand } from "./egts/commands.ts";
export { egtsPacketSize, writeEgtsPacket, writeEgtsRecord } from "./egts/frame.ts";
export * from "./galileosky/codec.ts";
export * from "./gl200/codec.ts";
export * from "./gps103/codec.ts";
export * from "./gt06/codec.ts";
export * from "./gt06/commands.ts";
export * from "./gt06/frame.ts";
export { createGt06Session } from "./gt06/session.ts";
export * from "./h02/codec.ts";
export * from "./jt808/codec.ts";
export { encodeJt808LocationBlock } from "./jt808/location.ts";
export * from "./meitrack/ccc.ts";
export * from "./meitrack/codec.ts";
export * from "./mqtt/json.ts";
export * from "./navtelecom/codec.ts";
export {
  encodeNavtelecomAnswer,
  navtelecomIdsOf,
  readNavtelecomCommand,
} from "./navtelecom/commands.ts";
export * from "./navtelecom/encode.ts";
export * from "./osmand/codec.ts";
export * from "./registry.ts";
export * from "./ruptela/codec.ts";
export { crc16Ibm, crc16Kermit, crc16Modbus, crc16X25 } from "./shared/crc.ts";
export * from "./shared/reception-time.ts";
export { createFramedSession, type FrameStep } from "./shared/session.ts";
export * from "./shared/text.ts";
export * from "./shared/text-config-commands.ts";
export * from "./shared/tracker-config.ts";
export * from "./shared/types.ts";
export * from "./suntech/codec.ts";
export * from "./teltonika/beacons.ts";
export * from "./teltonika/codec.ts";
export * from "./teltonika/commands.ts";
export { mapTeltonikaIo } from "./teltonika/io.ts";
export { createTeltonikaSession } from "./teltonika/session.ts";
export { formatNmea, KNOTS_TO_KMH, nmeaDegrees, num } from "./text/fields.ts";
export { createTextSession, type TextProtocol } from "./text/session.ts";
export * from "./tk103/codec.ts";
export * from "./topflytech/codec.ts";
export * from "./watch/codec.ts";
export * from "./wialon/codec.ts";
