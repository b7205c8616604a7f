import { z } from "zod";
import { formValueSchema } from "./forms.ts";
import { distanceM } from "./places-geometry.ts";

/**
 * The worker app (the installable web app under /app): what a phone sends of its own positions and what the
 * platform answers. Pure: the app and the server parse the same shapes.
 */

/** What a phone is doing, guessed from its speed (the web cannot read the phone's motion sensors in the background). */
export const WORKER_ACTIVITIES = ["still", "walking", "running", "bicycle", "vehicle"] as const;
export type WorkerActivity = (typeof WORKER_ACTIVITIES)[number];

/** Upper speed of each activity, km/h: below 1 still, below 7 walking, below 15 running, below 30 bicycle. */
const ACTIVITY_LIMITS: readonly [WorkerActivity, number][] = [
  ["still", 1],
  ["walking", 7],
  ["running", 15],
  ["bicycle", 30],
];

/** The activity a speed (km/h) suggests; an unknown speed (null) counts as still. */
export function activityFromSpeed(kmh: number | null): WorkerActivity {
  if (kmh === null || !Number.isFinite(kmh)) return "still";
  for (const [activity, below] of ACTIVITY_LIMITS) if (kmh < below) return activity;
  return "vehicle";
}

/** Where and when a phone was, with the radius the browser is 68 % sure of (null when it did not say). */
export interface MeasuredPlace {
  ts: number;
  lat: number;
  lng: number;
  accuracy: number | null;
}

/**
 * Faster than anything a phone rides in: between two fixes it is the position jumping (the network's guess
 * replaced by the satellites'), not a movement, and the speed stays unknown rather than absurd.
 */
export const PLAUSIBLE_KMH_MAX = 1000;

/**
 * The speed (km/h) a phone moved at between two fixes, for browsers that measure no speed (desktop, Wi-Fi and
 * network positions): without it a walk or a drive would be stored at 0 km/h and make no trip. A move no larger
 * than the two fixes' accuracy radii is the position wandering, not the phone, and counts as standing still.
 * Null when the fixes are not in time order or the move is faster than any vehicle.
 */
export function speedBetween(previous: MeasuredPlace, next: MeasuredPlace): number | null {
  const seconds = (next.ts - previous.ts) / 1000;
  if (!(seconds > 0)) return null;
  const metres = distanceM(previous, next);
  const wander = (previous.accuracy ?? 0) + (next.accuracy ?? 0);
  if (metres <= wander) return 0;
  const kmh = Math.round((metres / seconds) * 3.6 * 10) / 10;
  return kmh > PLAUSIBLE_KMH_MAX ? null : kmh;
}

/** Fixes one upload carries at most; a phone that was offline for a day sends its queue in several. */
export const WORKER_BATCH_MAX = 200;

/** One fix as the phone measured it. `id` is the phone's own name for it, echoed in the answer. */
export const workerFixSchema = z.object({
  id: z.string().min(1).max(64),
  /** When the phone measured it, epoch milliseconds. */
  ts: z.number().int().positive(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** Metres, the radius the browser is 68 % sure of. */
  accuracy: z.number().min(0).max(1_000_000).nullable(),
  /** km/h; null when the browser did not say. */
  speed: z.number().min(0).max(2000).nullable(),
  /** Degrees from north; null when standing or unknown. */
  heading: z.number().min(0).max(360).nullable(),
  altitude: z.number().min(-1000).max(100_000).nullable(),
  /** Battery percentage, where the browser tells it. */
  battery: z.number().min(0).max(100).nullable(),
  charging: z.boolean().nullable(),
  activity: z.enum(WORKER_ACTIVITIES),
  /** The panic button: this fix carries an SOS. */
  sos: z.boolean().optional(),
});
export type WorkerFix = z.infer<typeof workerFixSchema>;

export const workerUploadSchema = z.object({
  fixes: z.array(workerFixSchema).min(1).max(WORKER_BATCH_MAX),
});
export type WorkerUpload = z.infer<typeof workerUploadSchema>;

/**
 * The answer once the upload is durable: `stored` are the fixes kept as positions; `refused` those the platform
 * will never store (a time in the future, say), kept in the device's quarantine. Both may leave the phone's queue;
 * a fix in neither list was not taken and is sent again.
 */
export const workerAckSchema = z.object({
  stored: z.array(z.string()),
  refused: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type WorkerAck = z.infer<typeof workerAckSchema>;

/** Where the worker app lives on the platform's own origin. */
export const WORKER_APP_PATH = "/app/";

/** A device the phone reports as: its identifier and key, the credential of the OsmAnd ingest. */
export interface WorkerPairing {
  deviceId: string;
  key: string;
}

/**
 * The link a device's QR code holds for the worker app: opening it on the phone pairs the app as that device. The
 * credential rides in the fragment, which the browser never sends to the server nor to a referred site.
 */
export function workerPairingLink(origin: string, pairing: WorkerPairing): string {
  const fragment = new URLSearchParams({ pair: pairing.deviceId, key: pairing.key }).toString();
  return `${origin}${WORKER_APP_PATH}#${fragment}`;
}

const pairingSchema = z.object({
  pair: z.string().regex(/^[\x21-\x7e]{1,64}$/),
  key: z.string().min(1).max(64),
});

/** The pairing a link's fragment (`#pair=…&key=…`) carries, or null when it is none. */
export function parsePairingFragment(hash: string): WorkerPairing | null {
  const params = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
  const parsed = pairingSchema.safeParse({ pair: params.get("pair"), key: params.get("key") });
  return parsed.success ? { deviceId: parsed.data.pair, key: parsed.data.key } : null;
}

/** A comment the worker app adds to one of its person's tickets. */
export const workerCommentSchema = z.object({
  text: z.string().trim().min(1, "required").max(4000, "tooLong"),
});

/**
 * A form the worker app submits. `clientId` is made on the phone when "Submit" is pressed and sent again with
 * every retry, so a submission whose answer was lost is stored once; `ts` is when it was filled on the phone
 * (a draft filled offline is sent later with its own time); the position is the phone's at that moment, if known.
 */
export const workerSubmissionSchema = z.object({
  clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "invalid"),
  /** The form version the values were entered for; the current one when absent. */
  version: z.number().int().positive().optional(),
  values: z.record(z.string(), formValueSchema),
  ts: z.number().int().nonnegative(),
  lat: z.number().min(-90).max(90).nullable().default(null),
  lng: z.number().min(-180).max(180).nullable().default(null),
  accuracy: z.number().nonnegative().nullable().default(null),
});
export type WorkerSubmission = z.output<typeof workerSubmissionSchema>;
export type WorkerSubmissionInput = z.input<typeof workerSubmissionSchema>;
