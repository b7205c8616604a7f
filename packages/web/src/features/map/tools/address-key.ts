/** Cache key of a point's address: about 1 m of precision, so the same place asked twice is one lookup. Pure. */
export function addressKey(lat: number, lng: number, lang: string): string {
  return `${lang}:${lat.toFixed(5)},${lng.toFixed(5)}`;
}

/** The points of a list whose address is not cached yet, once each, at most `max` of them. Pure. */
export function missingPoints<P extends { lat: number; lng: number }>(
  points: readonly P[],
  cached: ReadonlySet<string>,
  lang: string,
  max = 500,
): P[] {
  const seen = new Set<string>();
  const out: P[] = [];
  for (const p of points) {
    const key = addressKey(p.lat, p.lng, lang);
    if (cached.has(key) || seen.has(key)) continue;
    seen.add(key);
    out.push(p);
    if (out.length >= max) break;
  }
  return out;
}

/** What a place shows while (or when) its address is unknown. */
export function coordsText(lat: number, lng: number): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}
