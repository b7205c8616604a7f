/**
 * OsmAnd protocol as spoken by the Traccar Client phone app: one HTTP GET per fix with query parameters;
 * any 200 response is the acknowledgement.
 */
export interface OsmandFix {
  id: string;
  timeMs: number;
  lat: number;
  lng: number;
  speedKmh: number;
  bearing: number;
  altitudeM: number;
  accuracyM: number;
  batteryPct: number;
  charging: boolean;
}

const KMH_PER_KNOT = 1.852;

/** Path and query (no host): `/?id=…&timestamp=<unix s>&lat=…&lon=…&speed=<knots>&bearing=…&altitude=…`. */
export function osmandPath(f: OsmandFix): string {
  const q = new URLSearchParams({
    id: f.id,
    timestamp: String(Math.floor(f.timeMs / 1000)),
    lat: f.lat.toFixed(6),
    lon: f.lng.toFixed(6),
    speed: (f.speedKmh / KMH_PER_KNOT).toFixed(2),
    bearing: f.bearing.toFixed(1),
    altitude: f.altitudeM.toFixed(1),
    accuracy: f.accuracyM.toFixed(1),
    batt: f.batteryPct.toFixed(1),
    charge: f.charging ? "true" : "false",
  });
  return `/?${q.toString()}`;
}
