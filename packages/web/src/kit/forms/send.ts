import { isDuplicateEmailError } from "@vigia/domain";
import { ApiError } from "../../platform/api/client.ts";
import { uiStore } from "../../platform/overlays/uiStore.ts";

export type SendResult<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

/**
 * Runs a write. Field errors of a 400/409 come back for the form to show inline; any other error opens the
 * API error dialog, which knows the duplicate e-mail and person-already-assigned texts.
 */
export async function send<T>(call: () => Promise<T>): Promise<SendResult<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fields = fieldsOf(error);
    if (fields && (error.status === 400 || error.status === 409) && !isDuplicateEmailError(error.description))
      return { ok: false, fields };
    if (error.code !== "restricted") uiStore.openApiError(error);
    return { ok: false, fields: {} };
  }
}

function fieldsOf(error: ApiError): Record<string, string> | null {
  try {
    const body = JSON.parse(error.text) as { fields?: Record<string, string> };
    return body.fields ?? null;
  } catch {
    return null;
  }
}

export type InlineResult<T> =
  | { ok: true; value: T }
  | { ok: false; fields: Record<string, string>; error: ApiError };

/**
 * Runs a write for a dialog that shows its own errors:
 * never opens the global error dialog; the caller shows `error` (apiErrorText) and `fields` inline.
 */
export async function sendInline<T>(call: () => Promise<T>): Promise<InlineResult<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, fields: fieldsOf(error) ?? {}, error };
  }
}
