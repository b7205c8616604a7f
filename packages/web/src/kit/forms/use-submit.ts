import { type FormEvent, useState } from "react";

export interface Submit<E> {
  /** True while the work runs: the submit button shows it loading. */
  busy: boolean;
  /** What the last failure left to show; null before the first try and while a new one runs. */
  error: E | null;
  setError(error: E | null): void;
  /** Runs `work`, keeping `busy` and `error` up to date. */
  run(work: () => Promise<unknown>): Promise<void>;
  /** A form's onSubmit that stops the browser's own submit and runs `work`. */
  onSubmit(work: () => Promise<unknown>): (event: FormEvent) => void;
}

/**
 * The send of a form that shows its own failure inline: `describe` turns what the work threw into what to show
 * (null: nothing, as for a failure another part of the app already tells about).
 */
export function useSubmit<E = string>(describe: (error: unknown) => E | null): Submit<E> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<E | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (work: () => Promise<unknown>) => (event: FormEvent) => {
    event.preventDefault();
    void run(work);
  };
  return { busy, error, setError, run, onSubmit };
}
