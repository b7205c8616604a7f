import { useState } from "react";
import { saveForm } from "../forms/send.ts";

/** What a draft parses to: a schema's `safeParse` result. */
type Parsed<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** Field ("geometry.topLeft.lat") → message key, the first issue of each field. */
function issuesByField(parsed: Parsed<unknown> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of parsed?.success === false ? parsed.error.issues : []) {
    out[issue.path.map(String).join(".")] ??= issue.message;
  }
  return out;
}

/**
 * The state of a form edited in place (beside a map rather than in a dialog): the draft being edited (null
 * while the list shows), what it parses to, its field issues with the server's on top, and the running Save.
 * `save` sends the parsed value (nothing while it does not parse), shows a refusal's field errors and, once
 * saved, reloads and closes.
 */
export function useDraft<Draft, T>(parse: (draft: Draft) => Parsed<T>) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const parsed = draft === null ? null : parse(draft);
  const output = parsed?.success ? parsed.data : null;
  return {
    draft,
    output,
    valid: output !== null,
    issues: { ...issuesByField(parsed), ...serverErrors },
    setServerErrors,
    busy,
    open(start: Draft) {
      setServerErrors({});
      setDraft(start);
    },
    close: () => setDraft(null),
    patch: (p: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...p } : d)),
    async save(send: (body: T) => Promise<unknown>, reload: () => unknown) {
      setBusy(true);
      try {
        if (await saveForm({ output, setServerErrors }, send, reload)) setDraft(null);
      } finally {
        setBusy(false);
      }
    },
  };
}
