import type { FormFile, StoredFile, Submission, WorkerSubmissionInput } from "@vigia/domain";
import { DeviceCallError } from "./device-api.ts";
import type { KeptPhoto, QueuedSubmission } from "./form-storage.ts";
import type { DrainResult } from "./upload.ts";

/** One device's submissions on the phone (form-storage.ts keeps each device's apart). */
export interface SubmissionQueue {
  submissions(): Promise<QueuedSubmission[]>;
  update(submission: QueuedSubmission): Promise<void>;
}

/** The platform, as the device: the file store for photos, then the submission. */
export interface FormSender {
  uploadPhoto(photo: KeptPhoto): Promise<StoredFile>;
  submit(formId: number, body: WorkerSubmissionInput): Promise<Submission>;
}

/**
 * Whether the platform refused a request for good: the values, the form or the photo will not do better when sent
 * again. Anything else (no network, the server unavailable, the key refused) leaves the submission waiting.
 */
function refusedForGood(error: unknown): error is DeviceCallError {
  if (!(error instanceof DeviceCallError) || error.kind !== "http") return false;
  // Too slow or too many: the same request may pass later.
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/** What a refusal says, for the list: the first field named and its error key, or the answer's status. */
function problemOf(error: DeviceCallError): string {
  const [field, key] = Object.entries(error.fields)[0] ?? [];
  return field && key ? `${field.replace(/^values\./, "")}: ${key}` : `http ${error.status}`;
}

/** The body of a submission whose photos are all in the file store. */
export function submissionBody(s: QueuedSubmission): WorkerSubmissionInput {
  const values: Record<string, QueuedSubmission["values"][string] | FormFile> = { ...s.values, ...s.files };
  return {
    clientId: s.clientId,
    version: s.version,
    values,
    ts: s.ts,
    lat: s.lat,
    lng: s.lng,
    accuracy: s.accuracy,
  };
}

/**
 * Sends the pending submissions oldest first: each one's photos (each kept as uploaded before the next, so a retry
 * does not store it twice), then the submission itself under its client id, which the platform stores once
 * however often it comes. A submission stays pending until the platform answered it; the first failure that is not
 * a refusal stops the drain, and the rest waits for the next try.
 */
export async function sendSubmissions(
  queue: SubmissionQueue,
  send: FormSender,
  now: () => number,
): Promise<DrainResult> {
  const result: DrainResult = { stored: [], refused: [], error: null };
  for (const queued of await queue.submissions()) {
    if (queued.state !== "pending") continue;
    let current = queued;
    try {
      for (const [fieldKey, photo] of Object.entries(current.photos)) {
        if (current.files[fieldKey]) continue;
        const file = await send.uploadPhoto(photo);
        current = {
          ...current,
          files: {
            ...current.files,
            [fieldKey]: { id: file.id, name: file.name, size: file.size, type: file.mime },
          },
        };
        await queue.update(current);
      }
      await send.submit(current.formId, submissionBody(current));
      await queue.update({ ...current, state: "sent", answeredTs: now() });
      result.stored.push(current.clientId);
    } catch (error) {
      if (!refusedForGood(error)) {
        result.error = error;
        return result;
      }
      await queue.update({ ...current, state: "refused", problem: problemOf(error), answeredTs: now() });
      result.refused.push(current.clientId);
    }
  }
  return result;
}
