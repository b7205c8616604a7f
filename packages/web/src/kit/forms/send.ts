import { isDuplicateEmailError } from "@vigia/domain";
import { ApiError } from "../../platform/api/client.ts";
import { uiStore } from "../../platform/overlays/ui-store.ts";

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

/** What `saveForm` needs of a form: its parsed value and where a refusal's field errors go. */
export interface SavableForm<T> {
  output: T | null;
  setServerErrors(fields: Record<string, string>): void;
}

/**
 * The Save of a create-or-edit dialog: sends the form's parsed value, puts a refusal's field errors on the form
 * (other errors open the error dialog), and after a success runs `after` (a reload). Resolves whether it saved,
 * which is what `FormModal`'s onSave wants.
 */
export async function saveForm<T>(
  form: SavableForm<T>,
  call: (body: T) => Promise<unknown>,
  after: () => unknown,
): Promise<boolean> {
  const body = form.output;
  if (!body) return false;
  const result = await send(() => call(body));
  if (!result.ok) {
    form.setServerErrors(result.fields);
    return false;
  }
  await after();
  return true;
}
