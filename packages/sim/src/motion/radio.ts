/**
 * The simulated radio world: one serving cell and two Wi-Fi access points per square of the grid below (about
 * 500 m), derived from the place alone. Devices report what is around them from it, and the demo seeds the
 * server's cell and access-point tables from the same function, so the towers a watch reports indoors are ones
 * the server can resolve, without a second copy of the numbers.
 */

/** Grid squares per degree: 200 along longitude and 220 along latitude give roughly 500 m squares in Spain. */
const LNG_STEPS = 200;
const LAT_STEPS = 220;
const MCC = 214;
const MNC = 1;
/** What the table says of a tower's reach: the square's half diagonal, rounded up. */
export const SIM_CELL_RANGE_M = 400;
export const SIM_AP_RANGE_M = 60;

export interface SimCell {
  mcc: number;
  mnc: number;
  lac: number;
  cid: number;
}
export interface SimTower extends SimCell {
  lat: number;
  lng: number;
}
export interface SimAp {
  mac: string;
  lat: number;
  lng: number;
}

const squareOf = (lat: number, lng: number) => ({
  cx: Math.floor((lng + 180) * LNG_STEPS),
  cy: Math.floor((lat + 90) * LAT_STEPS),
});

const mac = (n: number) =>
  [0x02, (n >> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff, 0x01]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join(":");

function square(cx: number, cy: number): { tower: SimTower; aps: SimAp[] } {
  const cid = ((cx * 7919) ^ (cy * 104729)) & 0xfffffff;
  const lat = (cy + 0.5) / LAT_STEPS - 90;
  const lng = (cx + 0.5) / LNG_STEPS - 180;
  const quarter = 0.25 / LAT_STEPS;
  return {
    tower: { mcc: MCC, mnc: MNC, lac: 1000 + ((cx >> 4) & 0x3fff), cid, lat, lng },
    // Two access points in the square, north and south of its centre.
    aps: [
      { mac: mac(cid), lat: lat + quarter, lng },
      { mac: mac(cid + 1), lat: lat - quarter, lng },
    ],
  };
}

/** The serving cell and the access points a device at this place hears, with plausible signal levels. */
export function radioAt(lat: number, lng: number) {
  const { cx, cy } = squareOf(lat, lng);
  const { tower, aps } = square(cx, cy);
  const { mcc, mnc, lac, cid } = tower;
  return {
    cells: [{ mcc, mnc, lac, cid, rssi: 140 }],
    wifi: aps.map((ap, i) => ({ mac: ap.mac, rssi: i === 0 ? -60 : -78 })),
  };
}

/** Every tower and access point within `halfM` metres (north, south, east, west) of a centre. */
export function radioTable(
  center: { lat: number; lng: number },
  halfM: number,
): { towers: SimTower[]; aps: SimAp[] } {
  const dLat = halfM / 111_320;
  const dLng = halfM / (111_320 * Math.cos((center.lat * Math.PI) / 180));
  const from = squareOf(center.lat - dLat, center.lng - dLng);
  const to = squareOf(center.lat + dLat, center.lng + dLng);
  const towers: SimTower[] = [];
  const aps: SimAp[] = [];
  for (let cx = from.cx; cx <= to.cx; cx++)
    for (let cy = from.cy; cy <= to.cy; cy++) {
      const s = square(cx, cy);
      towers.push(s.tower);
      aps.push(...s.aps);
    }
  return { towers, aps };
}
