import { defineRoute, idParam } from "@vigia/domain";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { testApiClient } from "../../test/api.ts";
import { ApiError } from "./client.ts";

const update = defineRoute({
  method: "PUT",
  path: "/companies/id/:companyId/things/id/:id",
  summary: "Update a thing",
  access: "user",
  params: z.object({ companyId: idParam, id: idParam }),
  query: z.object({ from: z.number().optional(), ids: z.array(z.number()).optional() }),
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.number(), name: z.string() }),
});
const remove = defineRoute({
  method: "DELETE",
  path: "/things/id/:id",
  summary: "Delete a thing",
  access: "user",
  params: z.object({ id: idParam }),
  response: null,
});

describe("ApiClient.call", () => {
  it("fills the path, writes the query and body, and parses the answer with the contract", async () => {
    const { api, fetchFn } = testApiClient(new Response(JSON.stringify({ id: 7, name: "a", extra: 1 })));
    const answer = await api.call(update, {
      params: { companyId: 3, id: 7 },
      query: { from: 10, ids: [1, 2] },
      body: { name: "a" },
    });
    expect(answer).toEqual({ id: 7, name: "a" });
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe("/fr/v1/companies/id/3/things/id/7?from=10&ids=1&ids=2");
    expect(init.method).toBe("PUT");
    expect(init.body).toBe('{"name":"a"}');
  });

  it("fails with response.invalid when the answer does not match the contract", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { api, h } = testApiClient(new Response(JSON.stringify({ id: "7" })));
    const error = await api.call(update, { params: { companyId: 3, id: 7 }, body: { name: "a" } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error instanceof ApiError && error.description).toBe("response.invalid");
    expect(h.failed).toHaveBeenCalledOnce();
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it("resolves to undefined for a 204 contract", async () => {
    const { api, fetchFn } = testApiClient(new Response(null, { status: 204 }));
    expect(await api.call(remove, { params: { id: 5 } })).toBeUndefined();
    expect(fetchFn.mock.calls[0]![0]).toBe("/fr/v1/things/id/5");
  });
});
