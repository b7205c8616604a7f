/** Distances over 1000 m in km with one decimal (spec 01 §9); metres below. Pure. */
export function formatDistance(metres: number): string {
  return metres > 1000 ? `${(metres / 1000).toFixed(1)} km` : `${Math.round(metres)} m`;
}

/** A duration as h:mm (driving hours over a period can pass a day). Pure. */
export function formatHours(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")} h`;
}

/** Fuel with one decimal, trailing zeros trimmed (spec 02 §9). Pure. */
export function formatFuel(litres: number): string {
  return `${Number(litres.toFixed(1))} L`;
}
