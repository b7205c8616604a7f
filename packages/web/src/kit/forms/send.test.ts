import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../../platform/api/client.ts";
import { uiStore } from "../../platform/overlays/ui-store.ts";
import { saveForm, send } from "./send.ts";

const apiError = (status: number, body: unknown, code: ApiError["code"] = "http") => {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const description =
    typeof body === "object" && body !== null && "description" in body ? String(body.description) : text;
  return new ApiError(status, text, "/fr/v1/x", description, code);
};

const failWith = (error: unknown) => () => Promise.reject(error);

afterEach(() => uiStore.closeApiError());

describe("send", () => {
  it("hands back the value of a successful write", async () => {
    expect(await send(() => Promise.resolve({ id: 7 }))).toEqual({ ok: true, value: { id: 7 } });
    expect(uiStore.get().apiError).toBeNull();
  });

  it.each([400, 409])("returns the field errors of a %i for the form to show inline", async (status) => {
    const error = apiError(status, { description: "invalid", fields: { plate: "invalidPlate" } });
    expect(await send(failWith(error))).toEqual({ ok: false, fields: { plate: "invalidPlate" } });
    expect(uiStore.get().apiError).toBeNull();
  });

  it.each([
    { why: "a 400 without field errors", error: apiError(400, { description: "bad request" }) },
    { why: "a 400 whose body is not JSON", error: apiError(400, "Bad Request") },
    { why: "a 500, even with fields", error: apiError(500, { description: "x", fields: { a: "b" } }) },
    {
      why: "a duplicate e-mail (the dialog has its own text for it)",
      error: apiError(409, { description: "email.exists", fields: { email: "exists" } }),
    },
    { why: "being offline", error: apiError(0, "No internet connection", "offline") },
  ])("opens the API error dialog for $why", async ({ error }) => {
    expect(await send(failWith(error))).toEqual({ ok: false, fields: {} });
    expect(uiStore.get().apiError).toBe(error);
  });

  it("leaves a restriction to its own modal: no error dialog on top", async () => {
    const error = apiError(403, { description: "restriction" }, "restricted");
    expect(await send(failWith(error))).toEqual({ ok: false, fields: {} });
    expect(uiStore.get().apiError).toBeNull();
  });

  it("rethrows what is not an API error (a bug must not look like a failed save)", async () => {
    await expect(send(failWith(new TypeError("bug")))).rejects.toThrow("bug");
    expect(uiStore.get().apiError).toBeNull();
  });
});

describe("saveForm", () => {
  const form = (output: { name: string } | null) => {
    const errors: Record<string, string>[] = [];
    return { output, errors, setServerErrors: (fields: Record<string, string>) => errors.push(fields) };
  };

  it("sends the parsed value and reloads after a success", async () => {
    const f = form({ name: "Iberia" });
    const sent: unknown[] = [];
    let reloaded = 0;
    const saved = await saveForm(
      f,
      async (body) => sent.push(body),
      () => {
        reloaded++;
      },
    );
    expect({ saved, sent, reloaded, errors: f.errors }).toEqual({
      saved: true,
      sent: [{ name: "Iberia" }],
      reloaded: 1,
      errors: [],
    });
  });

  it("puts a refusal's field errors on the form and does not reload", async () => {
    const f = form({ name: "Iberia" });
    let reloaded = 0;
    const error = apiError(409, { description: "brand.hostTaken", fields: { hosts: "brand.hostTaken" } });
    const saved = await saveForm(f, failWith(error), () => {
      reloaded++;
    });
    expect({ saved, reloaded, errors: f.errors }).toEqual({
      saved: false,
      reloaded: 0,
      errors: [{ hosts: "brand.hostTaken" }],
    });
  });

  it("sends nothing while the form is invalid", async () => {
    let called = false;
    const saved = await saveForm(
      form(null),
      async () => {
        called = true;
      },
      () => undefined,
    );
    expect({ saved, called }).toEqual({ saved: false, called: false });
  });
});
