import { M_PER_DEG, mPerDegLng } from "./cells.ts";

/** A straight piece of a named street, as stored in `address_streets`. */
export interface StreetPiece {
  name: string;
  lat1: number;
  lng1: number;
  lat2: number;
  lng2: number;
  /** House numbers at the piece's start and end on each side of its direction, where the source gives them. */
  leftFrom: number | null;
  leftTo: number | null;
  rightFrom: number | null;
  rightTo: number | null;
  /** Demo streets lose to real ones (an import of the same area) at any distance. */
  demo: boolean;
}

/** An address point (an entrance or a building with a house number), as stored in `address_points`. */
export interface AddressPoint {
  lat: number;
  lng: number;
  street: string;
  housenumber: string;
  postcode: string;
  city: string;
}

/** What the street index says about a point, before it is put into words (`address-format.ts`). */
export interface StreetMatch {
  street: string;
  housenumber: string | null;
  postcode: string | null;
  city: string | null;
  /** How far the point is from the street (or the address point), in metres. */
  distanceM: number;
}

/** A vehicle farther than this from every street is not "on" one (a yard, a field): the place name says more. */
export const STREET_RADIUS_M = 100;
/** An address point this near, on the street the point is on, gives its house number. */
export const POINT_RADIUS_M = 60;
/** A postcode is borrowed from an address point of the same street up to this far (within the cells read). */
const POSTCODE_RADIUS_M = 150;

interface Projected {
  distanceM: number;
  /** 0 at the piece's start, 1 at its end. */
  t: number;
  /** Positive when the point lies left of the piece's direction. */
  side: number;
}

/** Distance from a point to a piece in a local flat projection (exact enough over a few hundred metres). */
export function projectOnPiece(lat: number, lng: number, piece: StreetPiece): Projected {
  const kx = mPerDegLng(lat);
  const ax = (piece.lng1 - lng) * kx;
  const ay = (piece.lat1 - lat) * M_PER_DEG;
  const bx = (piece.lng2 - lng) * kx;
  const by = (piece.lat2 - lat) * M_PER_DEG;
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / length2));
  const px = ax + t * dx;
  const py = ay + t * dy;
  // The point is the origin: the cross product of the direction and (point - start) says which side it is on.
  const side = dx * -ay - dy * -ax;
  return { distanceM: Math.hypot(px, py), t, side };
}

function pointDistanceM(lat: number, lng: number, p: { lat: number; lng: number }): number {
  return Math.hypot((p.lng - lng) * mPerDegLng(lat), (p.lat - lat) * M_PER_DEG);
}

/** The house number at fraction `t` of a range, of the parity of its first number; null without a range. */
export function interpolateNumber(from: number | null, to: number | null, t: number): number | null {
  if (from === null || to === null || from <= 0 || to <= 0) return null;
  const raw = from + t * (to - from);
  const parity = from % 2;
  let n = Math.round(raw);
  if (n % 2 !== parity) n += raw >= n ? 1 : -1;
  const low = Math.min(from, to);
  const high = Math.max(from, to);
  return Math.min(high, Math.max(low, n));
}

const sameStreet = (a: string, b: string): boolean =>
  a.localeCompare(b, undefined, { sensitivity: "base" }) === 0;

/**
 * The address of a point from the streets and address points around it. The point belongs to the nearest named
 * street within STREET_RADIUS_M (real streets before demo ones); its house number is that of the nearest address
 * point of the same street within POINT_RADIUS_M, else interpolated along the piece when the street has ranges.
 * Without a street near, the nearest address point within POINT_RADIUS_M answers (a yard, a car park). Pure.
 */
export function matchStreet(
  lat: number,
  lng: number,
  pieces: readonly StreetPiece[],
  points: readonly AddressPoint[],
): StreetMatch | null {
  let best: { piece: StreetPiece; at: Projected } | null = null;
  for (const piece of pieces) {
    if (piece.name === "") continue;
    const at = projectOnPiece(lat, lng, piece);
    if (at.distanceM > STREET_RADIUS_M) continue;
    const better =
      !best ||
      (best.piece.demo && !piece.demo) ||
      (best.piece.demo === piece.demo && at.distanceM < best.at.distanceM);
    if (better) best = { piece, at };
  }
  const byDistance = points
    .map((point) => ({ point, distanceM: pointDistanceM(lat, lng, point) }))
    .sort((a, b) => a.distanceM - b.distanceM);
  if (!best) {
    const nearest = byDistance[0];
    if (!nearest || nearest.distanceM > POINT_RADIUS_M) return null;
    return {
      street: nearest.point.street,
      housenumber: nearest.point.housenumber,
      postcode: nearest.point.postcode || null,
      city: nearest.point.city || null,
      distanceM: nearest.distanceM,
    };
  }
  const street = best.piece.name;
  const onStreet = byDistance.filter((p) => sameStreet(p.point.street, street));
  const house = onStreet.find((p) => p.distanceM <= POINT_RADIUS_M);
  const local = onStreet.find((p) => p.distanceM <= POSTCODE_RADIUS_M && p.point.postcode !== "");
  const left = best.at.side > 0;
  const interpolated = interpolateNumber(
    left ? best.piece.leftFrom : best.piece.rightFrom,
    left ? best.piece.leftTo : best.piece.rightTo,
    best.at.t,
  );
  return {
    street,
    housenumber: house?.point.housenumber ?? (interpolated === null ? null : String(interpolated)),
    postcode: house?.point.postcode || local?.point.postcode || null,
    city: house?.point.city || local?.point.city || null,
    distanceM: best.at.distanceM,
  };
}
