/**
 * Driver scoring, 0 to 10. Pure and documented so that the score can be explained to a
 * driver:
 *
 *   penalty points per 100 km =
 *       3 × harsh braking + 2 × harsh acceleration + 2 × sharp turns + 10 × crashes    (events, per 100 km)
 *     + 2 × speeding episodes                                                          (per 100 km)
 *     + 1 × idle minutes / 10                                                          (per 100 km)
 *
 *   score = 10 × e^(−penalty / 20), rounded to one decimal.
 *
 * So a clean driver scores 10; one harsh braking every 100 km (3 points) scores about 8.6; a penalty of 20 per
 * 100 km (e.g. four brakings and four speeding episodes) scores about 3.7; the score never goes below 0. Under
 * 10 km of driving there is too little to judge and the score is null (shown as "-").
 */
export interface ScoreInput {
  distanceM: number;
  harshBraking: number;
  harshAcceleration: number;
  sharpTurn: number;
  crash: number;
  speeding: number;
  idleMs: number;
}

export const SCORE_WEIGHTS = {
  harshBraking: 3,
  harshAcceleration: 2,
  sharpTurn: 2,
  crash: 10,
  speeding: 2,
  /** Per 10 minutes of idling. */
  idle10Min: 1,
  /** Penalty per 100 km at which the score falls to 10/e ≈ 3.7. */
  scale: 20,
  minDistanceM: 10_000,
} as const;

export function penaltyPer100Km(x: ScoreInput): number {
  const w = SCORE_WEIGHTS;
  const points =
    w.harshBraking * x.harshBraking +
    w.harshAcceleration * x.harshAcceleration +
    w.sharpTurn * x.sharpTurn +
    w.crash * x.crash +
    w.speeding * x.speeding +
    w.idle10Min * (x.idleMs / 600_000);
  return (points * 100_000) / x.distanceM;
}

export function driverScore(x: ScoreInput): number | null {
  if (x.distanceM < SCORE_WEIGHTS.minDistanceM) return null;
  const score = 10 * Math.exp(-penaltyPer100Km(x) / SCORE_WEIGHTS.scale);
  return Math.round(Math.min(10, Math.max(0, score)) * 10) / 10;
}
