import type { TFunction } from "i18next";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { sendInline } from "../forms/send.ts";

/**
 * The Delete of a management list: deletes one row, reloads what it changed (even when the delete failed: the
 * list may be stale) and resolves what `CrudPage` shows: true, or the text of why not.
 */
export async function removeRow(
  remove: () => Promise<unknown>,
  reload: () => Promise<unknown>,
  t: TFunction,
): Promise<true | string> {
  const res = await sendInline(remove);
  await reload();
  return res.ok ? true : apiErrorText(res.error, t);
}
