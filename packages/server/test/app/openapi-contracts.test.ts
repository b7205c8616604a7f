import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Every /fr/v1 route is mounted from its domain contract: the OpenAPI document shows a response schema for each
 * operation the server registered, so the web's typed client and the document cannot drift apart.
 */
let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(async () => {
  await p?.close();
});

type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> } | undefined>;
};

describe("contracts", () => {
  it("gives every registered /fr/v1 operation a response schema in the OpenAPI document", () => {
    const doc = p.app.swagger();
    const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation | undefined>>;
    const missing: string[] = [];
    const api = p.app.routeCatalog.filter(
      (r) => r.url.startsWith("/fr/v1/") && !r.url.startsWith("/fr/v1/docs") && r.method !== "HEAD",
    );
    expect(api.length).toBeGreaterThan(100);
    for (const route of api) {
      const openApiPath = route.url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
      const operation = paths[openApiPath]?.[route.method.toLowerCase()];
      const responses = operation?.responses ?? {};
      const declared = Object.entries(responses).some(
        ([status, body]) => status === "204" || Boolean(body?.content?.["application/json"]?.schema),
      );
      if (!declared) missing.push(`${route.method} ${route.url}`);
    }
    expect(missing).toEqual([]);
  });
});
