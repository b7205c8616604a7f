import { type Form, formFileSchema, formSchema, formValueSchema } from "@vigia/domain";
import type { IDBPDatabase } from "idb";
import { z } from "zod";
import { deviceRange, readDeviceValues, type WorkerDb } from "./storage.ts";

/**
 * The worker app's forms on the phone, in the same IndexedDB as the fixes' queue: the list of assigned forms as
 * last read (so they open offline), one draft per form saved on every change, and the submissions pressed
 * "Submit" on, kept until the platform answered them. Photos are kept as bytes until they are uploaded.
 * Everything read back is parsed again: the database outlives versions of the app.
 */

const bytes = z.custom<ArrayBuffer>(
  (v) => v instanceof ArrayBuffer || Object.prototype.toString.call(v) === "[object ArrayBuffer]",
);

/** A photo taken for an attachment field, not yet in the file store. */
export const keptPhotoSchema = z.object({
  name: z.string(),
  type: z.string(),
  data: bytes,
});
export type KeptPhoto = z.infer<typeof keptPhotoSchema>;

/** A form being filled: the values entered (photos apart), and when it was opened and last changed. */
export const draftSchema = z.object({
  formId: z.number().int(),
  version: z.number().int(),
  values: z.record(z.string(), formValueSchema),
  photos: z.record(z.string(), keptPhotoSchema),
  openedTs: z.number(),
  updatedTs: z.number(),
});
export type Draft = z.infer<typeof draftSchema>;

/**
 * A submitted form: pending until the platform stored it (sent) or refused it for good (refused, with the reason);
 * `files` holds the photos already in the file store, so a retry does not upload them again.
 */
export const queuedSubmissionSchema = z.object({
  clientId: z.string(),
  formId: z.number().int(),
  formName: z.string(),
  version: z.number().int(),
  values: z.record(z.string(), formValueSchema),
  photos: z.record(z.string(), keptPhotoSchema),
  files: z.record(z.string(), formFileSchema),
  ts: z.number(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  accuracy: z.number().nullable(),
  state: z.enum(["pending", "sent", "refused"]),
  problem: z.string().nullable(),
  answeredTs: z.number().nullable(),
});
export type QueuedSubmission = z.infer<typeof queuedSubmissionSchema>;

/** How many answered submissions stay listed (with their state) after they were sent or refused. */
export const ANSWERED_KEPT = 20;

const FORMS = (deviceId: string) => `forms ${deviceId}`;
const key = (deviceId: string, id: string | number) => `${deviceId} ${id}`;

export class FormStorage {
  constructor(private readonly db: IDBPDatabase<WorkerDb>) {}

  /** The device's forms as last read from the platform, or null before the first read. */
  async cachedForms(deviceId: string): Promise<Form[] | null> {
    const parsed = z.array(formSchema).safeParse(await this.db.get("settings", FORMS(deviceId)));
    return parsed.success ? parsed.data : null;
  }

  async setCachedForms(deviceId: string, forms: Form[]): Promise<void> {
    await this.db.put("settings", forms, FORMS(deviceId));
  }

  async draft(deviceId: string, formId: number): Promise<Draft | null> {
    const parsed = draftSchema.safeParse(await this.db.get("drafts", key(deviceId, formId)));
    return parsed.success ? parsed.data : null;
  }

  /** The form ids with a draft on this device. */
  async draftIds(deviceId: string): Promise<number[]> {
    const keys = await this.db.getAllKeys("drafts", deviceRange(deviceId));
    return keys.map((k) => Number(k.slice(deviceId.length + 1))).filter(Number.isInteger);
  }

  async saveDraft(deviceId: string, draft: Draft): Promise<void> {
    await this.db.put("drafts", draft, key(deviceId, draft.formId));
  }

  async discardDraft(deviceId: string, formId: number): Promise<void> {
    await this.db.delete("drafts", key(deviceId, formId));
  }

  /** Queues a submission and drops its draft in one transaction: the values are never in both, nor in neither. */
  async queue(deviceId: string, submission: QueuedSubmission): Promise<void> {
    const tx = this.db.transaction(["drafts", "submissions"], "readwrite");
    await Promise.all([
      tx.objectStore("submissions").put(submission, key(deviceId, submission.clientId)),
      tx.objectStore("drafts").delete(key(deviceId, submission.formId)),
      tx.done,
    ]);
  }

  /** The device's submissions in the order submitted (client ids begin with the time); broken ones are dropped. */
  async submissions(deviceId: string): Promise<QueuedSubmission[]> {
    return readDeviceValues(this.db, "submissions", deviceId, queuedSubmissionSchema);
  }

  /**
   * Saves a submission's progress. Once answered its photos' bytes go (the file store has them, or they were
   * refused), and only the newest answered ones stay listed.
   */
  async update(deviceId: string, submission: QueuedSubmission): Promise<void> {
    const answered = submission.state !== "pending";
    await this.db.put(
      "submissions",
      answered ? { ...submission, photos: {} } : submission,
      key(deviceId, submission.clientId),
    );
    if (!answered) return;
    const old = (await this.submissions(deviceId))
      .filter((s) => s.state !== "pending")
      .sort((a, b) => (b.answeredTs ?? 0) - (a.answeredTs ?? 0))
      .slice(ANSWERED_KEPT);
    if (old.length === 0) return;
    const tx = this.db.transaction("submissions", "readwrite");
    await Promise.all([...old.map((s) => tx.store.delete(key(deviceId, s.clientId))), tx.done]);
  }
}
