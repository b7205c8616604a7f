import type { Form, WorkerPairing } from "@vigia/domain";
import { DeviceCallError, fetchForms, submitForm, uploadPhoto } from "./device-api.ts";
import type { Draft, FormStorage, QueuedSubmission } from "./form-storage.ts";
import { sendSubmissions } from "./form-upload.ts";
import { fixId } from "./storage.ts";
import { Drainer } from "./upload.ts";

/** How often submissions left waiting by a failed send are tried again, besides the browser's online event. */
const RETRY_MS = 30_000;

export interface FormsState {
  /** The assigned forms, as last read (from the phone when the platform cannot be reached); null until known. */
  forms: Form[] | null;
  /** Whether the list shown is the phone's copy because the platform could not be reached. */
  cached: boolean;
  drafts: number[];
  submissions: QueuedSubmission[];
  sending: boolean;
  /** Why the platform was not reached last time: no connection or no answer, or the device's key refused. */
  problem: "unreachable" | "refused" | null;
}

export interface Position {
  lat: number;
  lng: number;
  accuracy: number | null;
}

/**
 * The Forms tab's one owner of state: the forms list (kept for offline use), drafts and the outbox of submissions.
 * Everything is written to IndexedDB before anything is sent, and the outbox is sent when the phone is online.
 */
export class FormsOutbox {
  private state: FormsState = {
    forms: null,
    cached: false,
    drafts: [],
    submissions: [],
    sending: false,
    problem: null,
  };
  private readonly listeners = new Set<() => void>();
  private readonly drainer = new Drainer(() => this.sendOnce());
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly online = () => {
    void this.load();
    void this.flush();
  };

  constructor(
    private readonly storage: FormStorage,
    private readonly pairing: () => WorkerPairing | null,
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): FormsState => this.state;

  private set(patch: Partial<FormsState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Shows what the phone keeps, reads the list again and sends what waits; again whenever the phone is online. */
  start(): void {
    window.addEventListener("online", this.online);
    this.timer = setInterval(() => {
      if (this.state.submissions.some((s) => s.state === "pending")) void this.flush();
    }, RETRY_MS);
    void this.load();
    void this.flush();
  }

  stop(): void {
    window.removeEventListener("online", this.online);
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Forgets what was shown of the previous device (the phone was paired as another). */
  reset(): void {
    this.set({ forms: null, cached: false, drafts: [], submissions: [], problem: null });
  }

  /** The phone's copy first, then the platform's list (kept for next time); offline the copy stays. */
  async load(): Promise<void> {
    const pairing = this.pairing();
    if (!pairing) return;
    await this.refreshLocal(pairing.deviceId);
    if (this.state.forms === null) {
      const kept = await this.storage.cachedForms(pairing.deviceId);
      if (kept) this.set({ forms: kept, cached: true });
    }
    try {
      const forms = await fetchForms(pairing);
      await this.storage.setCachedForms(pairing.deviceId, forms);
      this.set({ forms, cached: false });
    } catch (error) {
      const kept = await this.storage.cachedForms(pairing.deviceId);
      this.set({ forms: kept ?? [], cached: true, problem: problemOf(error) ?? this.state.problem });
    }
  }

  private async refreshLocal(deviceId: string): Promise<void> {
    this.set({
      drafts: await this.storage.draftIds(deviceId),
      submissions: await this.storage.submissions(deviceId),
    });
  }

  async draft(formId: number): Promise<Draft | null> {
    const pairing = this.pairing();
    return pairing ? this.storage.draft(pairing.deviceId, formId) : null;
  }

  /** Every change of a form being filled: saved before anything else happens. */
  async saveDraft(draft: Draft): Promise<void> {
    const pairing = this.pairing();
    if (!pairing) return;
    await this.storage.saveDraft(pairing.deviceId, draft);
    if (!this.state.drafts.includes(draft.formId)) this.set({ drafts: [...this.state.drafts, draft.formId] });
  }

  async discardDraft(formId: number): Promise<void> {
    const pairing = this.pairing();
    if (!pairing) return;
    await this.storage.discardDraft(pairing.deviceId, formId);
    this.set({ drafts: this.state.drafts.filter((id) => id !== formId) });
  }

  /**
   * "Submit": the draft becomes a pending submission with its fill time and the phone's position, queued in the
   * same transaction that drops the draft; then the outbox is sent if the phone is online.
   */
  async submit(form: Form, draft: Draft, position: Position | null, now: number): Promise<void> {
    const pairing = this.pairing();
    if (!pairing) return;
    const submission: QueuedSubmission = {
      clientId: fixId(now),
      formId: form.id,
      formName: form.name,
      version: draft.version,
      values: draft.values,
      photos: draft.photos,
      files: {},
      ts: now,
      lat: position?.lat ?? null,
      lng: position?.lng ?? null,
      accuracy: position?.accuracy ?? null,
      state: "pending",
      problem: null,
      answeredTs: null,
    };
    await this.storage.queue(pairing.deviceId, submission);
    await this.refreshLocal(pairing.deviceId);
    void this.flush();
  }

  flush(): Promise<unknown> {
    return this.drainer.run();
  }

  private async sendOnce() {
    const pairing = this.pairing();
    if (!pairing) return { stored: [], refused: [], error: null };
    const deviceId = pairing.deviceId;
    this.set({ sending: true });
    const result = await sendSubmissions(
      {
        submissions: () => this.storage.submissions(deviceId),
        update: async (s) => {
          await this.storage.update(deviceId, s);
          await this.refreshLocal(deviceId);
        },
      },
      {
        uploadPhoto: (photo) => uploadPhoto(pairing, photo),
        submit: (formId, body) => submitForm(pairing, formId, body),
      },
      () => Date.now(),
    );
    await this.refreshLocal(deviceId);
    this.set({
      sending: false,
      problem: result.error === null ? null : (problemOf(result.error) ?? "unreachable"),
    });
    return result;
  }
}

function problemOf(error: unknown): FormsState["problem"] {
  if (error instanceof DeviceCallError && error.kind === "unauthorized") return "refused";
  if (error instanceof DeviceCallError && error.kind === "offline") return "unreachable";
  return null;
}
