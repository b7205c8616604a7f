import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EgressError, EgressGuard, parseEgressAllowance } from "../src/kernel/egress.ts";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "./support/platform.ts";

/** A real HTTP server on a loopback address that counts the requests that reach it. */
async function httpTarget(
  host: string,
  handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end("ok"),
): Promise<{ server: Server; url: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? "");
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, url: `http://${host}:${(server.address() as AddressInfo).port}`, hits };
}

const CAPABILITIES = `<?xml version="1.0"?><WMS_Capabilities version="1.3.0"><Capability><Layer>
  <Name>parcels</Name></Layer></Capability></WMS_Capabilities>`;

let p: TestPlatform;
let acme: number;
let admin: string;
const servers: Server[] = [];

beforeAll(async () => {
  p = await startTestPlatform();
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  admin = await p.api.token("admin@acme.demo");
});
afterAll(async () => {
  for (const server of servers) server.close();
  await p?.close();
});

describe("security: server-side request forgery (issue 13 §3)", () => {
  it("the WMS check refuses a loopback service without reaching it, and answers like a closed port", async () => {
    const wms = await httpTarget("127.0.0.1", (_req, res) =>
      res.writeHead(200, { "content-type": "text/xml" }).end(CAPABILITIES),
    );
    servers.push(wms.server);
    const open = await p.api.post<ErrorBody>(
      `companies/id/${acme}/layers`,
      { url: `${wms.url}/wms`, name: "parcels", title: "Parcels" },
      admin,
    );
    expect(open.status).toBe(400);
    expect(open.body.description).toBe("wms.unreachable");
    expect(wms.hits).toEqual([]);

    // A closed port and the cloud metadata address answer exactly the same.
    const closed = await httpTarget("127.0.0.1");
    await new Promise<void>((resolve) => closed.server.close(() => resolve()));
    for (const url of [`${closed.url}/wms`, "http://169.254.169.254/latest/meta-data/", "http://[::1]:9/"]) {
      const answer = await p.api.post<ErrorBody>(
        `companies/id/${acme}/layers`,
        { url, name: "parcels", title: "P" },
        admin,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.description).toBe("wms.unreachable");
    }
  });

  it("a redirect from an allowed target to a refused one is not followed", async () => {
    const inner = await httpTarget("127.0.0.1");
    const outer = await httpTarget("127.0.0.2", (_req, res) =>
      res.writeHead(302, { location: `${inner.url}/secret` }).end(),
    );
    servers.push(inner.server, outer.server);
    const guard = new EgressGuard({
      allowance: parseEgressAllowance("127.0.0.2/32"),
      resolve: async () => ["127.0.0.2"],
    });
    const outerPort = new URL(outer.url).port;
    await expect(guard.fetch(`http://wms.example.test:${outerPort}/start`)).rejects.toBeInstanceOf(
      EgressError,
    );
    expect(outer.hits).toEqual(["/start"]);
    expect(inner.hits).toEqual([]);
  });

  it("connects to the address it checked, refuses a name with any refused address, bounds redirects and size", async () => {
    const target = await httpTarget("127.0.0.2", (req, res) => {
      if (req.url === "/loop") res.writeHead(302, { location: "/loop" }).end();
      else if (req.url === "/big") res.end(Buffer.alloc(2048, 97));
      else res.end("hello");
    });
    servers.push(target.server);
    const port = new URL(target.url).port;
    const answers = [["127.0.0.2"], ["127.0.0.1"]];
    let calls = 0;
    const guard = new EgressGuard({
      allowance: parseEgressAllowance("127.0.0.2/32"),
      // A rebinding resolver: the first answer is allowed, a later one would point inside.
      resolve: async () => answers[Math.min(calls++, answers.length - 1)]!,
      maxBytes: 1024,
    });
    const ok = await guard.fetch(`http://rebind.example.test:${port}/hello`);
    expect(ok.text()).toBe("hello");
    expect(calls).toBe(1);

    const mixed = new EgressGuard({
      allowance: parseEgressAllowance("127.0.0.2/32"),
      resolve: async () => ["127.0.0.2", "127.0.0.1"],
    });
    await expect(mixed.fetch(`http://mixed.example.test:${port}/hello`)).rejects.toBeInstanceOf(EgressError);

    const before = target.hits.length;
    await expect(guard.fetch(`${target.url}/loop`)).rejects.toBeInstanceOf(EgressError);
    expect(target.hits.length - before).toBe(4);
    await expect(guard.fetch(`${target.url}/big`)).rejects.toBeInstanceOf(EgressError);
    await expect(guard.fetch("file:///etc/passwd")).rejects.toBeInstanceOf(EgressError);
  });
});

describe("security: response headers (issue 13 §10)", () => {
  it("every answer carries the content policy, no-sniff, no framing and the referrer policy", async () => {
    for (const path of ["/healthz", "/fr/v1/auth/token", "/some/client/route"]) {
      const response = await fetch(`${p.url}${path}`);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).toContain("img-src 'self' data: blob: https:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });
});
