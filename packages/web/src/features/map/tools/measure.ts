import { distanceM, EARTH_RADIUS_M } from "@vigia/domain";

type LngLat = [number, number];

/** Lengths (m) of each segment of a polyline of [lng, lat] points, and their sum. Pure. */
export function segmentLengths(points: readonly LngLat[]): { segments: number[]; total: number } {
  const segments: number[] = [];
  for (let i = 1; i < points.length; i++) {
    const [aLng, aLat] = points[i - 1] as LngLat;
    const [bLng, bLat] = points[i] as LngLat;
    segments.push(distanceM({ lat: aLat, lng: aLng }, { lat: bLat, lng: bLng }));
  }
  return { segments, total: segments.reduce((a, b) => a + b, 0) };
}

/** Area (m²) of the closed ring through the points, on the sphere (spherical excess by the trapezoid rule). Pure. */
export function ringAreaM2(points: readonly LngLat[]): number {
  if (points.length < 3) return 0;
  const rad = Math.PI / 180;
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [lng1, lat1] = points[i] as LngLat;
    const [lng2, lat2] = points[(i + 1) % points.length] as LngLat;
    sum += (lng2 - lng1) * rad * (2 + Math.sin(lat1 * rad) + Math.sin(lat2 * rad));
  }
  return Math.abs((sum * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2);
}
