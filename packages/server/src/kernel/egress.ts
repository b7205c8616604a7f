import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { addressAllowed, type EgressAllowance, parseEgressAllowance } from "./egress-addresses.ts";

export { type AddressClass, classifyAddress, parseEgressAllowance } from "./egress-addresses.ts";

/**
 * The one way the server fetches a URL that a user, a company or an operator gave (WMS services, the
 * geocoder, the SMS gateway, alarm-receiving centres, web-push endpoints). Every hop's host name is
 * resolved, every address it resolves to is checked against the egress policy, and the connection goes to
 * the checked address itself, so a second DNS answer cannot swap in an internal one. Redirects are followed
 * by hand and checked the same way; time and body size are bounded. Every refusal and failure is the same
 * `EgressError`, so a caller cannot tell a refused address from a closed port or a dead host.
 */
export class EgressError extends Error {
  constructor(
    /** For the server log only; never shown to the user who gave the URL. */
    readonly reason: string,
  ) {
    super("egress.refused");
  }
}

export interface EgressRequest {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Overall time for every hop, headers and body; defaults to the guard's. */
  timeoutMs?: number;
  /** Longest body read; a longer one fails. Defaults to the guard's. */
  maxBytes?: number;
}

export interface EgressResponse {
  status: number;
  /** Where the answer came from, after redirects. */
  url: string;
  body: Buffer;
  text(): string;
}

/** Every address a host name resolves to; injectable so tests can point a name anywhere. */
export type Resolver = (hostname: string) => Promise<string[]>;

const systemResolver: Resolver = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

export interface EgressOptions {
  allowance?: EgressAllowance;
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class EgressGuard {
  private readonly allowance: EgressAllowance;
  private readonly resolve: Resolver;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly maxRedirects: number;

  constructor(options: EgressOptions = {}) {
    this.allowance = options.allowance ?? parseEgressAllowance(null);
    this.resolve = options.resolve ?? systemResolver;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxBytes = options.maxBytes ?? 4 * 1024 * 1024;
    this.maxRedirects = options.maxRedirects ?? 3;
  }

  async fetch(url: string | URL, request: EgressRequest = {}): Promise<EgressResponse> {
    const signal = AbortSignal.timeout(request.timeoutMs ?? this.timeoutMs);
    let current = new URL(url);
    let method = request.method ?? "GET";
    let body = request.body;
    for (let hop = 0; ; hop++) {
      const address = await this.check(current);
      const answer = await this.send(current, address, { ...request, method, body }, signal);
      const location = answer.location;
      if (!REDIRECTS.has(answer.status) || location === undefined) return answer.response;
      if (hop >= this.maxRedirects) throw new EgressError("too many redirects");
      current = new URL(location, current);
      // 303, and 301/302 after a POST as browsers do, continue as a GET without the body.
      if (answer.status === 303 || (method === "POST" && answer.status !== 307 && answer.status !== 308)) {
        method = "GET";
        body = undefined;
      }
    }
  }

  /**
   * For a connection that is not an HTTP fetch (an MQTT broker a company forwards to): the address to connect
   * to, once every address of the host passed the same policy. Connect to that address, never the name again.
   */
  async pinHost(hostname: string): Promise<string> {
    return (await this.check(new URL(`http://${hostname.includes(":") ? `[${hostname}]` : hostname}/`)))
      .address;
  }

  /** The address to connect to for this URL, once every address of its host passed the policy. */
  private async check(url: URL): Promise<{ address: string; family: 4 | 6 }> {
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new EgressError(`scheme ${url.protocol}`);
    if (url.username || url.password) throw new EgressError("credentials in URL");
    const host = url.hostname.replace(/^\[|\]$/g, "");
    let addresses: string[];
    try {
      addresses = /^[\d.]+$|:/.test(host) ? [host] : await this.resolve(host);
    } catch {
      throw new EgressError(`cannot resolve ${host}`);
    }
    if (addresses.length === 0) throw new EgressError(`no address for ${host}`);
    const refused = addresses.find((a) => !addressAllowed(a, this.allowance));
    if (refused !== undefined) throw new EgressError(`address ${refused} of ${host} refused`);
    const address = addresses[0] as string;
    return { address, family: address.includes(":") ? 6 : 4 };
  }

  private send(
    url: URL,
    pinned: { address: string; family: 4 | 6 },
    request: EgressRequest & { method: "GET" | "POST" },
    signal: AbortSignal,
  ): Promise<{ status: number; location: string | undefined; response: EgressResponse }> {
    const maxBytes = request.maxBytes ?? this.maxBytes;
    // The connection goes to the address that was checked, whatever the resolver would answer now.
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const client = url.protocol === "https:" ? https : http;
    return new Promise((resolve, reject) => {
      const fail = (reason: string) => reject(new EgressError(reason));
      const req = client.request(
        url,
        { method: request.method, headers: request.headers, lookup, signal, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              res.destroy();
              fail("body too large");
              return;
            }
            chunks.push(chunk);
          });
          res.on("error", (error) => fail(error.message));
          res.on("end", () => {
            const body = Buffer.concat(chunks);
            const location = res.headers.location;
            resolve({
              status: res.statusCode ?? 0,
              location: typeof location === "string" ? location : undefined,
              response: {
                status: res.statusCode ?? 0,
                url: url.toString(),
                body,
                text: () => body.toString("utf8"),
              },
            });
          });
        },
      );
      req.on("error", (error) => fail(error.message));
      req.end(request.body);
    });
  }
}
