import { API_ERROR, defineRoute } from "@vigia/domain";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { testApiClient, testClientHooks } from "../../test/api.ts";
import { ApiError, OFFLINE_TEXT } from "./client.ts";
import { apiErrorText } from "./error-text.ts";

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status });
const errorBody = (statusCode: number, description: string) => ({ statusCode, error: "x", description });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

/** Small contracts standing for real routes: the client's transport is the same for every contract. */
const anything = z.unknown();
const putUser = defineRoute({
  method: "PUT",
  path: "/current/user",
  summary: "t",
  access: "user",
  body: z.object({ a: z.number() }),
  response: z.object({ ok: z.number() }),
});
const postAt = <R extends z.ZodType | null>(path: string, response: R) =>
  defineRoute({ method: "POST", path, summary: "t", access: "user", body: z.object({}), response });
const login = postAt("/auth/login", anything);
const logout = postAt("/auth/logout", null);
const getAt = (path: string) =>
  defineRoute({ method: "GET", path, summary: "t", access: "user", response: anything });
const x = getAt("/x");

describe("ApiClient", () => {
  it("sends the Bearer access token and JSON body to the API base", async () => {
    const h = testClientHooks();
    const { api, fetchFn } = testApiClient(json(200, { ok: 1 }), h);
    expect(await api.call(putUser, { body: { a: 1 } })).toEqual({ ok: 1 });
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe("/fr/v1/current/user");
    expect(init.method).toBe("PUT");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer tok");
    expect(init.body).toBe('{"a":1}');
  });

  it("sends no token when the call asks for none (login)", async () => {
    const { api, fetchFn } = testApiClient(json(200, {}));
    await api.call(login, { body: {} }, { token: null });
    expect((fetchFn.mock.calls[0]![1].headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("returns undefined for 204", async () => {
    const { api } = testApiClient(new Response(null, { status: 204 }));
    expect(await api.call(logout, { body: {} })).toBeUndefined();
  });

  it("maps an unreachable network to the offline error", async () => {
    const h = testClientHooks();
    const { api } = testApiClient(new TypeError("Failed to fetch"), h);
    const error = await failure(api.call(x, {}));
    expect(error.code).toBe("offline");
    expect(error.text).toBe(OFFLINE_TEXT);
    expect(error.status).toBe(0);
    expect(h.failed).toHaveBeenCalledWith(error);
  });

  it("fails offline without calling the network when the browser is offline", async () => {
    const { api, fetchFn } = testApiClient(json(200, {}), testClientHooks({ online: () => false }));
    expect((await failure(api.call(x, {}))).code).toBe("offline");
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it("logs out on 401 of an ordinary call, without a toast", async () => {
    const h = testClientHooks();
    const { api } = testApiClient(json(401, errorBody(401, "expired")), h);
    const error = await failure(api.call(getAt("/current/user"), {}));
    expect(error.status).toBe(401);
    expect(h.unauthorized).toHaveBeenCalledTimes(1);
    expect(h.failed).not.toHaveBeenCalled();
  });

  it("tells the logout why the server refused the session (another brand's host)", async () => {
    const h = testClientHooks();
    const { api } = testApiClient(json(401, errorBody(401, "auth.wrongBrand")), h);
    await failure(api.call(getAt("/current/user"), {}));
    expect(h.unauthorized).toHaveBeenCalledWith("auth.wrongBrand");
  });

  it("does not log out on 401 of login (own401)", async () => {
    const h = testClientHooks();
    const { api } = testApiClient(json(401, errorBody(401, "wrong.credentials")), h);
    const error = await failure(api.call(login, { body: {} }, { own401: true, quiet: true }));
    expect(error.description).toBe("wrong.credentials");
    expect(h.unauthorized).not.toHaveBeenCalled();
  });

  it("does not log out on 401 while the unsubscribe screen is shown", async () => {
    const h = testClientHooks({ onUnsubscribeScreen: () => true });
    const { api } = testApiClient(json(401, errorBody(401, "x")), h);
    await failure(api.call(getAt("/notifications/unsubscribe/k"), {}));
    expect(h.unauthorized).not.toHaveBeenCalled();
  });

  it.each([
    ["restriction.timerange", "timerange"],
    ["restriction.fromip", "fromip"],
  ] as const)("opens the restriction modal on 403 %s and shows no toast", async (description, kind) => {
    const h = testClientHooks();
    const { api } = testApiClient(json(403, errorBody(403, description)), h);
    const error = await failure(api.call(getAt("/companies/id/1/info"), {}));
    expect(h.restricted).toHaveBeenCalledWith(kind);
    expect(error.code).toBe("restricted");
    expect(h.failed).not.toHaveBeenCalled();
  });

  it("toasts any other failure with status, text, description and URL", async () => {
    const h = testClientHooks();
    const { api } = testApiClient(json(500, errorBody(500, "boom")), h);
    const error = await failure(api.call(getAt("/companies/id/1/vehicles"), {}));
    expect(error).toMatchObject({ status: 500, description: "boom", url: "/fr/v1/companies/id/1/vehicles" });
    expect(error.text).toContain('"boom"');
    expect(h.failed).toHaveBeenCalledWith(error);
  });

  it("does not toast when the caller shows the error itself", async () => {
    const h = testClientHooks();
    const { api } = testApiClient(json(400, errorBody(400, "bad")), h);
    await failure(api.call(x, {}, { quiet: true }));
    expect(h.failed).not.toHaveBeenCalled();
  });

  it("keeps a non-JSON error body as the description", async () => {
    const { api } = testApiClient(new Response("Bad Gateway", { status: 502 }));
    expect((await failure(api.call(x, {}))).description).toBe("Bad Gateway");
  });
});

describe("apiErrorText", () => {
  /** Knows only the errors.* keys: an apiErrors.* lookup falls back to its default, as for an unknown code. */
  const t = ((key: string, options?: Record<string, unknown>) => {
    if (key.startsWith("apiErrors.")) return key === "apiErrors.personId_already_asigned" ? key : "";
    return options ? `${key}:${JSON.stringify(options)}` : key;
  }) as unknown as TFunction;
  const err = (status: number, description: string) =>
    new ApiError(status, description, "/fr/v1/u", description);

  it("names the duplicate e-mail", () => {
    expect(apiErrorText(err(409, API_ERROR.emailExists), t)).toBe("errors.duplicateEmail");
  });
  it("names the person already assigned", () => {
    expect(apiErrorText(err(400, "personId.already.asigned"), t)).toBe("apiErrors.personId_already_asigned");
  });
  it("explains 406 as a search too extensive", () => {
    expect(apiErrorText(err(406, "x"), t)).toBe("errors.searchTooExtensive");
  });
  it("gives status, description and URL for a code without a text", () => {
    expect(apiErrorText(err(500, "boom"), t)).toBe(
      'errors.generic:{"status":500,"description":"boom","url":"/fr/v1/u"}',
    );
  });
});
