/**
 * Value sizes of the Galileosky tags, from the tag table of the vendor's protocol description ("GalileoSky
 * protocol tags" in the GalileoSky terminal user manuals, e.g. GLONASS/GPS Satellite v4.0 and v5.1, firmware 0223).
 * The size is the only way to step over a tag, so a tag missing here stops the reading of its packet: the packet
 * is then quarantined before it is answered (see `undecoded` in types.ts). Sizes that are the device's own
 * (0xE1, 0xEA, 0xFE) are computed by `tagSize`.
 */
const FIXED = new Map<number, number>();
const sizes = (from: number, to: number, size: number) => {
  for (let t = from; t <= to; t++) FIXED.set(t, size);
};
sizes(0x01, 0x02, 1); // hardware, firmware version
FIXED.set(0x03, 15); // IMEI, ASCII
FIXED.set(0x04, 2); // device id
FIXED.set(0x10, 2); // record number in the archive
FIXED.set(0x20, 4); // time, Unix seconds UTC
FIXED.set(0x21, 2); // milliseconds of the time
FIXED.set(0x30, 9); // satellites/validity, latitude, longitude
FIXED.set(0x33, 4); // speed 0.1 km/h, course 0.1°
FIXED.set(0x34, 2); // height, m (signed)
FIXED.set(0x35, 1); // HDOP × 10
FIXED.set(0x40, 2); // device status
sizes(0x41, 0x42, 2); // supply voltage, battery voltage, mV
FIXED.set(0x43, 1); // inside temperature, °C (signed)
FIXED.set(0x44, 4); // acceleration
sizes(0x45, 0x46, 2); // outputs, inputs
FIXED.set(0x47, 4); // EcoDrive acceleration/braking
FIXED.set(0x48, 2); // extended status
FIXED.set(0x49, 1); // transmission channel
sizes(0x50, 0x57, 2); // analog/discrete inputs 0-7
sizes(0x58, 0x59, 2); // RS232 0-1
sizes(0x60, 0x62, 2); // RS485 fuel level sensors 0-2
sizes(0x63, 0x6f, 3); // RS485 fuel level sensors 3-15: level u16 + temperature i8
sizes(0x70, 0x77, 2); // thermometers 0-7: identifier u8 + temperature i8
sizes(0x80, 0x87, 3); // DS1923 sensors 0-7: identifier, temperature, humidity
sizes(0x88, 0x8f, 1); // RS232 / RS485 sensor temperatures, °C (signed)
FIXED.set(0x90, 4); // first iButton key
sizes(0xa0, 0xaf, 1); // CAN8BITR15-30
sizes(0xb0, 0xb9, 2); // CAN16BITR5-14
sizes(0xc0, 0xc3, 4); // CAN_A0, CAN_A1, CAN_B0, CAN_B1
sizes(0xc4, 0xd2, 1); // CAN8BITR0-14
FIXED.set(0xd3, 4); // second iButton key
FIXED.set(0xd4, 4); // total mileage by GPS, m
FIXED.set(0xd5, 1); // iButton keys state
sizes(0xd6, 0xda, 2); // CAN16BITR0-4 (or axle loads, OBD codes)
sizes(0xdb, 0xdf, 4); // CAN32BITR0-4
FIXED.set(0xe0, 4); // command number (answers to server commands)
sizes(0xe2, 0xe9, 4); // user data 0-7
sizes(0xf0, 0xf9, 4); // CAN32BITR5-14

/**
 * Bytes the value of the tag at `at` takes (after the tag byte), or undefined for a tag the table lacks or a
 * length that cannot be read within `end`. Three tags carry their own length: 0xE1 (command answer) and 0xEA
 * (user data array) a length byte, 0xFE (extended tags) a little-endian u16.
 */
export function tagSize(frame: Buffer, at: number, end: number): number | undefined {
  const tag = frame[at];
  if (tag === undefined) return undefined;
  if (tag === 0xe1 || tag === 0xea) return at + 1 < end ? 1 + frame.readUInt8(at + 1) : undefined;
  if (tag === 0xfe) return at + 2 < end ? 2 + frame.readUInt16LE(at + 1) : undefined;
  return FIXED.get(tag);
}
