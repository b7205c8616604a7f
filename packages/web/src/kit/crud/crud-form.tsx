import type { ReactNode } from "react";
import { FormModal } from "../forms/form-modal.tsx";
import { type SavableForm, saveForm } from "../forms/send.ts";

/**
 * The create-or-edit dialog a `CrudList` opens: Save sends the form's parsed value through `send` (the caller
 * picks create or update), shows a refusal's field errors on the form and, once saved, reloads (`onSaved`) and
 * closes. The screens only give the fields.
 */
export function CrudForm<T>({
  form,
  title,
  readOnly,
  size,
  send,
  onClose,
  onSaved,
  children,
}: {
  form: SavableForm<T> & { valid: boolean };
  title: string;
  /** Shows the row without Save (a read-only user opened it). */
  readOnly: boolean;
  size?: string;
  send(body: T): Promise<unknown>;
  onClose(): void;
  onSaved(): unknown;
  children: ReactNode;
}) {
  return (
    <FormModal
      opened
      title={title}
      readOnly={readOnly}
      onClose={onClose}
      onSave={() => saveForm(form, send, onSaved)}
      valid={form.valid}
      size={size}
    >
      {children}
    </FormModal>
  );
}
