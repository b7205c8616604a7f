import {
  FORM_ATTACHMENT_MAX_BYTES,
  type Form,
  type FormField,
  type FormValues,
  formValuesErrors,
} from "@vigia/domain";
import type { FileService } from "../files/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { badRequest } from "../kernel/errors.ts";
import { versionFields } from "./store.ts";

export type FormsContext = KernelContext & { files: Pick<FileService, "owned"> };

/**
 * Attachment values name files of the store: each must be the company's, and its name, size and type are
 * taken from the store (never from what the client claims), then checked against the field's size cap.
 */
async function withStoredFiles(
  ctx: FormsContext,
  companyId: number,
  fields: readonly FormField[],
  values: FormValues,
): Promise<FormValues> {
  const out: FormValues = { ...values };
  for (const f of fields) {
    const v = values[f.key];
    if (f.type !== "attachment" || v === null || typeof v !== "object" || Array.isArray(v) || !("id" in v))
      continue;
    const [file] = await ctx.files.owned(companyId, [v.id]).catch(() => []);
    if (!file) throw badRequest("validation.failed", { [`values.${f.key}`]: "unknown" });
    if (file.size > (f.maxBytes ?? FORM_ATTACHMENT_MAX_BYTES))
      throw badRequest("validation.failed", { [`values.${f.key}`]: "attachment_tooLarge" });
    out[f.key] = { id: file.id, name: file.name, size: file.size, type: file.mime };
  }
  return out;
}

/**
 * The values of a submission as they are stored, whoever submits (the web or the worker app): checked against
 * the fields of the version they were entered for (400 naming each wrong field), attachments filled from the
 * file store.
 */
export async function checkedValues(
  ctx: FormsContext,
  form: Form,
  version: number | undefined,
  values: FormValues,
): Promise<{ version: number; values: FormValues }> {
  const chosen = version ?? form.version;
  const fields = chosen === form.version ? form.fields : await versionFields(ctx.db, form.id, chosen);
  if (!fields) throw badRequest("validation.failed", { version: "unknown" });
  const errors = formValuesErrors(fields, values);
  if (Object.keys(errors).length > 0) throw badRequest("validation.failed", errors);
  return { version: chosen, values: await withStoredFiles(ctx, form.companyId, fields, values) };
}
