import fastifySwagger from "@fastify/swagger";
import { defineRoute, idParam } from "@vigia/domain";
import Fastify from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { mountRoute } from "./contract.ts";
import type { Principal } from "./tenancy/principal.ts";

const thing = defineRoute({
  method: "PUT",
  path: "/companies/id/:companyId/things/id/:id",
  summary: "Update a thing",
  access: "public",
  params: z.object({ companyId: idParam, id: idParam }),
  query: z.object({ dry: z.enum(["0", "1"]).optional() }),
  body: z.object({ name: z.string().min(1) }),
  response: z.object({ id: z.number(), name: z.string() }),
});
const gone = defineRoute({
  method: "DELETE",
  path: "/companies/id/:companyId/things/id/:id",
  summary: "Delete a thing",
  access: "public",
  params: z.object({ companyId: idParam, id: idParam }),
  response: null,
});

async function appWith(handlerResult: (id: number, name: string) => unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifySwagger, {
    openapi: { info: { title: "t", version: "1" } },
    transform: jsonSchemaTransform,
  });
  await app.register(
    async (company) => {
      mountRoute(company, thing, async (request) => {
        expect(typeof request.params.id).toBe("number");
        return handlerResult(request.params.id, request.body.name) as { id: number; name: string };
      });
      mountRoute(company, gone, async () => undefined);
    },
    { prefix: "/fr/v1/companies/id/:companyId" },
  );
  await app.ready();
  return app;
}

describe("mountRoute", () => {
  it("serves the contract's path under a prefixed plugin, with params parsed by the contract", async () => {
    const app = await appWith((id, name) => ({ id, name, secret: "not in the contract" }));
    const res = await app.inject({
      method: "PUT",
      url: "/fr/v1/companies/id/3/things/id/7",
      payload: { name: "a" },
    });
    expect(res.statusCode).toBe(200);
    // Fields the contract does not list never leave the server.
    expect(res.json()).toEqual({ id: 7, name: "a" });
  });

  it("answers 400 for an id beyond the integer range and for an invalid body", async () => {
    const app = await appWith((id, name) => ({ id, name }));
    const big = await app.inject({
      method: "PUT",
      url: "/fr/v1/companies/id/3/things/id/99999999999",
      payload: { name: "a" },
    });
    expect(big.statusCode).toBe(400);
    const empty = await app.inject({ method: "PUT", url: "/fr/v1/companies/id/3/things/id/7", payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it("refuses to send an answer that breaks the response schema", async () => {
    const app = await appWith(() => ({ id: "seven" }));
    const res = await app.inject({
      method: "PUT",
      url: "/fr/v1/companies/id/3/things/id/7",
      payload: { name: "a" },
    });
    expect(res.statusCode).toBe(500);
  });

  it("answers 204 for a contract without a response body", async () => {
    const app = await appWith((id, name) => ({ id, name }));
    const res = await app.inject({ method: "DELETE", url: "/fr/v1/companies/id/3/things/id/7" });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
  });

  it("lists request and response schemas in the OpenAPI document", async () => {
    const app = await appWith((id, name) => ({ id, name }));
    const doc = app.swagger();
    const put = doc.paths?.["/fr/v1/companies/id/{companyId}/things/id/{id}"]?.put;
    expect(put?.responses?.["200"]).toMatchObject({
      content: { "application/json": { schema: { type: "object", required: ["id", "name"] } } },
    });
  });

  it("refuses a contract mounted under a plugin whose prefix is not its own", async () => {
    const app = Fastify();
    await app.register(
      async (other) => {
        expect(() => mountRoute(other, thing, async () => ({ id: 1, name: "x" }))).toThrow(/mounted under/);
      },
      { prefix: "/fr/v1/resellers" },
    );
    await app.ready();
  });

  it("refuses at start a contract object that declares no access", async () => {
    // @ts-expect-error: `access` is required by the type of defineRoute.
    const bare = defineRoute({
      method: "GET",
      path: "/companies/id/:companyId/bare",
      summary: "x",
      response: null,
    });
    const app = Fastify();
    await app.register(
      async (company) => {
        expect(() => mountRoute(company, bare, async () => undefined)).toThrow(/declares no access/);
      },
      { prefix: "/fr/v1/companies/id/:companyId" },
    );
    await app.ready();
  });
});

const adminThing = defineRoute({ ...thing, access: "admin" });

/** A plugin that signs the caller in from a test header, as the authentication hook does from a token. */
async function guardedApp() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("principal", null);
  await app.register(
    async (company) => {
      company.addHook("onRequest", async (request) => {
        const header = request.headers["x-test-caller"];
        if (typeof header !== "string") return;
        const [role, readOnly] = header.split(",");
        request.principal = {
          userId: 1,
          email: "t@example.test",
          role: role === "ADMIN" ? "ADMIN" : "OPERATOR",
          readOnly: readOnly === "ro",
          companyId: 3,
          resellerId: null,
          selectedCompanyId: null,
          groupIds: [],
          timezone: "UTC",
          restrictions: { timeRange: null, ip: null },
          companyRestrictions: null,
        } satisfies Principal;
      });
      mountRoute(company, adminThing, async (request) => ({
        id: request.params.id,
        name: request.body.name,
      }));
    },
    { prefix: "/fr/v1/companies/id/:companyId" },
  );
  await app.ready();
  return app;
}

describe("mountRoute enforces the contract's access", () => {
  it.each([
    [undefined, 401, "unauthorized"],
    ["OPERATOR", 403, "forbidden"],
    ["ADMIN,ro", 403, "read.only"],
    // Allowed: the body is read and validated, so the empty body is a 400.
    ["ADMIN", 400, undefined],
  ])(
    "caller %s with an invalid body gets %i (%s), decided before the body is read",
    async (caller, status, description) => {
      const app = await guardedApp();
      const res = await app.inject({
        method: "PUT",
        url: "/fr/v1/companies/id/3/things/id/7",
        payload: "not even json",
        headers: { "content-type": "application/json", ...(caller ? { "x-test-caller": caller } : {}) },
      });
      expect(res.statusCode).toBe(status);
      if (description) expect(res.json()).toMatchObject({ message: description });
    },
  );
});
