import type { ReactNode } from "react";
import { FormModal } from "../forms/form-modal.tsx";
import { type SavableForm, saveForm } from "../forms/send.ts";

/**
 * The create-or-edit dialog a `CrudList` (or a page's own editing state) opens: Save sends the form's parsed
 * value through `send` (the caller picks create or update), shows a refusal's field errors on the form and, once
 * saved, reloads (`onSaved`) and closes. The screens only give the fields.
 */
export function CrudForm<T>({
  form,
  title,
  readOnly,
  valid,
  size,
  error,
  send,
  onClose,
  onSaved,
  children,
}: {
  form: SavableForm<T> & { valid: boolean };
  title: string;
  /** Shows the row without Save (a read-only user opened it). */
  readOnly?: boolean;
  /** Save is offered only while this holds; the form's own validity by default (a screen adds its checks). */
  valid?: boolean;
  size?: string;
  /** A form-level error shown above the buttons. */
  error?: string;
  send(body: T): Promise<unknown>;
  onClose(): void;
  /** Runs once saved, before the dialog closes (a reload). */
  onSaved?(): unknown;
  children: ReactNode;
}) {
  return (
    <FormModal
      opened
      title={title}
      readOnly={readOnly}
      onClose={onClose}
      onSave={() => saveForm(form, send, () => onSaved?.())}
      valid={valid ?? form.valid}
      size={size}
      error={error}
    >
      {children}
    </FormModal>
  );
}
