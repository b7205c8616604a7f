import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryBlobStore } from "../../src/files/blob-store.ts";
import { S3BlobStore } from "../../src/files/s3-store.ts";
import { FileService } from "../../src/files/service.ts";
import { ManualClock } from "../../src/kernel/config.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5f7a8a10000000049454e44ae426082",
  "hex",
);

let p: TestPlatform;
let acme: number;
let globex: number;
let admin: string;
let operator: string;
let viewer: string;
let globexAdmin: string;

beforeAll(async () => {
  p = await startTestPlatform();
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  globex = companies.find((c) => c.name === "Globex Security")!.id;
  admin = await p.api.token("admin@acme.demo");
  operator = await p.api.token("operator@acme.demo");
  viewer = await p.api.token("viewer@acme.demo");
  globexAdmin = await p.api.token("admin@globex.demo");
});
afterAll(async () => {
  await p?.close();
});

async function upload(companyId: number, token: string, body: Buffer, query = "name=photo.png&kind=photo") {
  const response = await fetch(`${p.url}/fr/v1/companies/id/${companyId}/files?${query}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
    body: new Uint8Array(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("file storage", () => {
  it("stores an upload with the sniffed type and serves it back to its company only", async () => {
    const saved = await upload(acme, operator, PNG, "name=..%2F..%2Fetc%2Fpasswd.png&kind=photo");
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: "passwd.png", mime: "image/png", size: PNG.length });
    const id = saved.body.id as number;

    const own = await fetch(`${p.url}/fr/v1/companies/id/${acme}/files/id/${id}`, {
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect(own.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.from(await own.arrayBuffer()).equals(PNG)).toBe(true);

    const foreign = await fetch(`${p.url}/fr/v1/companies/id/${globex}/files/id/${id}`, {
      headers: { authorization: `Bearer ${globexAdmin}` },
    });
    expect(foreign.status).toBe(404);
    const crossed = await fetch(`${p.url}/fr/v1/companies/id/${acme}/files/id/${id}`, {
      headers: { authorization: `Bearer ${globexAdmin}` },
    });
    expect([403, 404]).toContain(crossed.status);
  });

  it("refuses a type the bytes do not prove, whatever the name says, and a photo over 2 MB", async () => {
    const text = await upload(acme, admin, Buffer.from("hello, not an image"), "name=fake.png&kind=photo");
    expect(text.status).toBe(415);
    expect(text.body.description).toBe("file.type");
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const large = await upload(acme, admin, big);
    expect(large.status).toBe(413);
    expect(large.body.description).toBe("file.tooLarge");
    const empty = await upload(acme, admin, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    // A PDF is a document, not a photo.
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    expect((await upload(acme, admin, pdf, "name=a.pdf&kind=photo")).status).toBe(415);
    expect((await upload(acme, admin, pdf, "name=a.pdf&kind=document")).body.mime).toBe("application/pdf");
  });

  it("takes an SVG floor plan only as a floor plan, stored sanitised", async () => {
    const hostile = Buffer.from(
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" onload="alert(1)">` +
        `<script>alert(2)</script><foreignObject><p>x</p></foreignObject>` +
        `<image href="https://evil.test/t.png" width="1" height="1"/><rect width="40" height="30" fill="#eee"/></svg>`,
    );
    expect((await upload(acme, admin, hostile, "name=plan.svg&kind=photo")).status).toBe(415);
    const saved = await upload(acme, admin, hostile, "name=plan.svg&kind=floorPlan");
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: "plan.svg", mime: "image/svg+xml" });
    const served = await fetch(`${p.url}/fr/v1/companies/id/${acme}/files/id/${saved.body.id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(served.headers.get("content-type")).toContain("image/svg+xml");
    const text = await served.text();
    expect(text).toContain("<rect");
    expect(text).not.toMatch(/onload|script|alert|foreignObject|evil/i);
    expect(saved.body.size).toBe(Buffer.byteLength(text));
    const notSvg = await upload(
      acme,
      admin,
      Buffer.from("<html><script>1</script></html>"),
      "kind=floorPlan",
    );
    expect(notSvg.status).toBe(415);
    // PNG and JPEG plans are still plans.
    expect((await upload(acme, admin, PNG, "name=plan.png&kind=floorPlan")).body.mime).toBe("image/png");
  }, 60_000);

  it("lets a read-only user upload nothing; only the uploader or an admin deletes", async () => {
    expect((await upload(acme, viewer, PNG)).status).toBe(403);
    const saved = await upload(acme, admin, PNG);
    const remove = (token: string) =>
      p.api.request("DELETE", `companies/id/${acme}/files/id/${saved.body.id}`, { token });
    expect((await remove(operator)).status).toBe(403);
    expect([403, 404]).toContain((await remove(globexAdmin)).status);
    expect((await remove(admin)).status).toBe(204);
    expect((await p.api.get(`companies/id/${acme}/files/id/${saved.body.id}`, admin)).status).toBe(404);
  });
});

/** An S3-compatible server on a local port answering with `handle`, and our S3 store pointed at it. */
async function s3Stub(
  handle: (request: IncomingMessage, key: string, body: Buffer) => { status?: number; body?: Buffer },
) {
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const answer = handle(request, request.url ?? "", Buffer.concat(chunks));
    if (answer.status) response.statusCode = answer.status;
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const clock = new ManualClock(Date.UTC(2026, 0, 2, 3, 4, 5));
  const store = new S3BlobStore(
    {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: "vigia",
      region: "eu-west-1",
      accessKeyId: "AKID",
      secretAccessKey: "secret",
    },
    clock,
  );
  return { store, clock, close: () => server.close() };
}

describe("S3 blob store", () => {
  it("puts, gets and deletes objects with SigV4-signed path-style requests", async () => {
    const objects = new Map<string, Buffer>();
    const seen: IncomingMessage["headers"][] = [];
    const { store, close } = await s3Stub((request, key, body) => {
      seen.push(request.headers);
      if (request.method === "PUT") objects.set(key, body);
      if (request.method === "DELETE") objects.delete(key);
      if (request.method === "GET") return objects.has(key) ? { body: objects.get(key) } : { status: 404 };
      return {};
    });
    const key = "7/0b2c1f7e-3f0a-4c55-9a0e-7d7b2e3c4d5e";
    try {
      await store.put(key, [PNG], "image/png");
      expect(objects.get(`/vigia/${key}`)?.equals(PNG)).toBe(true);
      expect(seen[0]?.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKID\/20260102\/eu-west-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
      );
      expect(seen[0]?.["x-amz-date"]).toBe("20260102T030405Z");
      const body = await store.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of body!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(PNG)).toBe(true);
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
      await expect(store.put("../escape", [PNG], "image/png")).rejects.toThrow(/not a storage key/);
    } finally {
      close();
    }
  });

  it("bytes the store refuses to delete are kept aside and deleted on a later try, without failing the deletion", async () => {
    const objects = new Map<string, Buffer>();
    let down = true;
    const { store, clock, close } = await s3Stub((request, key, body) => {
      if (request.method === "PUT") objects.set(key, body);
      if (request.method === "DELETE") {
        if (down) return { status: 503 };
        objects.delete(key);
      }
      return {};
    });
    const files = new FileService(p.ctx.db, clock, store);
    const key = "7/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
    const leftovers = async () =>
      (
        await p.ctx.db.query<{ storage_key: string; attempts: number }>(
          "select storage_key, attempts from blob_leftovers where storage_key = $1",
          [key],
        )
      ).map((r) => [r.storage_key, r.attempts]);
    try {
      await store.put(key, [PNG], "image/png");
      expect(objects.has(`/vigia/${key}`)).toBe(true);
      // The store is down: the deletion (its rows already committed) still completes, the key is kept aside.
      expect(await files.deleteBlobs([key])).toBe(1);
      expect(objects.has(`/vigia/${key}`)).toBe(true);
      expect(await leftovers()).toEqual([[key, 1]]);
      expect(await files.retryLeftovers()).toBe(1);
      expect(await leftovers()).toEqual([[key, 2]]);
      down = false;
      expect(await files.retryLeftovers()).toBe(0);
      expect(objects.has(`/vigia/${key}`)).toBe(false);
      expect(await leftovers()).toEqual([]);
    } finally {
      close();
    }
  });

  it("the memory store refuses keys it did not make", async () => {
    const store = new MemoryBlobStore();
    await expect(store.put("1/../../x", [PNG], "image/png")).rejects.toThrow(/not a storage key/);
  });
});
