import "fake-indexeddb/auto";
import type { StoredFile, Submission, WorkerSubmissionInput } from "@vigia/domain";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DeviceCallError } from "./device-api.ts";
import { type Draft, FormStorage, type QueuedSubmission } from "./form-storage.ts";
import { type FormSender, type SubmissionQueue, sendSubmissions } from "./form-upload.ts";
import { fixId, WorkerStorage } from "./storage.ts";

let storage: WorkerStorage;
let forms: FormStorage;
let dbName = 0;

beforeEach(async () => {
  dbName += 1;
  storage = await WorkerStorage.open(`worker-forms-test-${dbName}`);
  forms = new FormStorage(storage.database);
});
afterEach(() => storage.close());

const DEVICE = "phone-1";
const photo = () => ({ name: "door.png", type: "image/png", data: new Uint8Array([137, 80, 78, 71]).buffer });

function draft(): Draft {
  return {
    formId: 7,
    version: 2,
    values: { note: "Door 3 sticks", ok: true },
    photos: { photo: photo() },
    openedTs: 1000,
    updatedTs: 2000,
  };
}

function submission(ts: number, d = draft()): QueuedSubmission {
  return {
    clientId: fixId(ts),
    formId: d.formId,
    formName: "Site visit",
    version: d.version,
    values: d.values,
    photos: d.photos,
    files: {},
    ts,
    lat: 40.4,
    lng: -3.7,
    accuracy: 12,
    state: "pending",
    problem: null,
    answeredTs: null,
  };
}

const queue = (): SubmissionQueue => ({
  submissions: () => forms.submissions(DEVICE),
  update: (s) => forms.update(DEVICE, s),
});

/** A platform that records what it was sent and fails the calls it is told to. */
class FakePlatform implements FormSender {
  uploads: string[] = [];
  submitted: WorkerSubmissionInput[] = [];
  failUploads = 0;
  failSubmits: Error[] = [];
  private nextFile = 100;

  async uploadPhoto(p: { name: string; type: string; data: ArrayBuffer }): Promise<StoredFile> {
    if (this.failUploads > 0) {
      this.failUploads -= 1;
      throw new DeviceCallError("offline", 0);
    }
    this.uploads.push(p.name);
    this.nextFile += 1;
    return { id: this.nextFile, name: p.name, mime: p.type, size: p.data.byteLength, createdTs: 0 };
  }

  async submit(formId: number, body: WorkerSubmissionInput): Promise<Submission> {
    const failure = this.failSubmits.shift();
    if (failure) throw failure;
    this.submitted.push(body);
    return {
      id: this.submitted.length,
      formId,
      formName: "Site visit",
      version: body.version ?? 1,
      itemType: "person",
      itemId: 1,
      itemName: "Worker",
      author: "Worker",
      ts: body.ts,
      lat: body.lat ?? null,
      lng: body.lng ?? null,
      source: "mobile",
      values: body.values,
    };
  }
}

describe("worker forms outbox", () => {
  it("keeps a draft across opens and drops it when the form is queued", async () => {
    await forms.saveDraft(DEVICE, draft());
    storage.close();
    storage = await WorkerStorage.open(`worker-forms-test-${dbName}`);
    forms = new FormStorage(storage.database);
    const kept = await forms.draft(DEVICE, 7);
    expect(kept?.values).toEqual({ note: "Door 3 sticks", ok: true });
    expect(new Uint8Array(kept?.photos.photo?.data ?? new ArrayBuffer(0))).toEqual(
      new Uint8Array([137, 80, 78, 71]),
    );
    expect(await forms.draftIds(DEVICE)).toEqual([7]);
    expect(await forms.draftIds("phone-2")).toEqual([]);

    await forms.queue(DEVICE, submission(5000));
    expect(await forms.draft(DEVICE, 7)).toBeNull();
    expect((await forms.submissions(DEVICE)).map((s) => s.state)).toEqual(["pending"]);
  });

  it("keeps a submission pending until the platform answers, then sends it once with its photo's file", async () => {
    const platform = new FakePlatform();
    await forms.queue(DEVICE, submission(5000));
    platform.failUploads = 1;
    const offline = await sendSubmissions(queue(), platform, () => 9000);
    expect(offline.error).toBeInstanceOf(DeviceCallError);
    expect(platform.submitted).toEqual([]);
    expect((await forms.submissions(DEVICE))[0]?.state).toBe("pending");

    const sent = await sendSubmissions(queue(), platform, () => 9000);
    expect(sent.error).toBeNull();
    expect(platform.uploads).toEqual(["door.png"]);
    expect(platform.submitted).toHaveLength(1);
    expect(platform.submitted[0]).toMatchObject({
      ts: 5000,
      lat: 40.4,
      accuracy: 12,
      values: {
        note: "Door 3 sticks",
        ok: true,
        photo: { id: 101, name: "door.png", size: 4, type: "image/png" },
      },
    });
    const [stored] = await forms.submissions(DEVICE);
    expect(stored).toMatchObject({ state: "sent", answeredTs: 9000, photos: {} });

    await sendSubmissions(queue(), platform, () => 9500);
    expect(platform.submitted).toHaveLength(1);
  });

  it("resends a submission whose answer was lost under the same client id, without uploading its photo again", async () => {
    const platform = new FakePlatform();
    const queued = submission(5000);
    await forms.queue(DEVICE, queued);
    platform.failSubmits = [new DeviceCallError("http", 503)];
    const failed = await sendSubmissions(queue(), platform, () => 9000);
    expect(failed.error).toBeInstanceOf(DeviceCallError);
    expect((await forms.submissions(DEVICE))[0]).toMatchObject({
      state: "pending",
      files: { photo: { id: 101 } },
    });

    await sendSubmissions(queue(), platform, () => 9100);
    expect(platform.uploads).toEqual(["door.png"]);
    expect(platform.submitted.map((b) => b.clientId)).toEqual([queued.clientId]);
    expect((await forms.submissions(DEVICE))[0]?.state).toBe("sent");
  });

  it("marks a submission the platform refused for good, naming the field, and goes on with the next", async () => {
    const platform = new FakePlatform();
    const first = submission(5000);
    const second = submission(6000);
    await forms.queue(DEVICE, first);
    await forms.queue(DEVICE, second);
    platform.failSubmits = [new DeviceCallError("http", 400, { "values.note": "required" })];
    const result = await sendSubmissions(queue(), platform, () => 9000);
    expect(result).toEqual({ stored: [second.clientId], refused: [first.clientId], error: null });
    expect((await forms.submissions(DEVICE)).map((s) => [s.state, s.problem])).toEqual([
      ["refused", "note: required"],
      ["sent", null],
    ]);
  });
});
