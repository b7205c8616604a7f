import { createHash, createHmac } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Clock, S3Config } from "../kernel/config.ts";
import { type BlobStore, type Body, checkKey } from "./blob-store.ts";

type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

const sha256 = (data: string | Buffer): string => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string): Buffer => createHmac("sha256", key).update(data).digest();

/** `20260102T030405Z` and `20260102` of a time stamp, as SigV4 writes them. */
export function amzDates(ts: number): { amzDate: string; day: string } {
  const amzDate = new Date(ts)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  return { amzDate, day: amzDate.slice(0, 8) };
}

/**
 * The AWS Signature Version 4 headers of one request without a query string (path-style object URLs).
 * Signed: host, x-amz-content-sha256, x-amz-date, and content-type when there is one.
 */
export function signS3Request(
  s3: S3Config,
  request: { method: string; url: URL; payloadHash: string; contentType?: string },
  ts: number,
): Record<string, string> {
  const { amzDate, day } = amzDates(ts);
  const headers: Record<string, string> = {
    host: request.url.host,
    "x-amz-content-sha256": request.payloadHash,
    "x-amz-date": amzDate,
    ...(request.contentType ? { "content-type": request.contentType } : {}),
  };
  const names = Object.keys(headers).sort();
  const canonical = [
    request.method,
    request.url.pathname,
    "",
    ...names.map((name) => `${name}:${headers[name]}`),
    "",
    names.join(";"),
    request.payloadHash,
  ].join("\n");
  const scope = `${day}/${s3.region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${s3.secretAccessKey}`, day), s3.region), "s3"), "aws4_request");
  const signature = createHmac("sha256", key).update(toSign).digest("hex");
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${s3.accessKeyId}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}`,
  };
}

/**
 * Objects in an S3-compatible bucket (AWS, MinIO, Ceph…), signed with SigV4 over fetch. The endpoint comes
 * from the operator's configuration, never from a user, so it does not go through the egress guard.
 * Uploads are at most a few megabytes (the upload limits), so a body is hashed whole before it is sent.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = "s3";
  constructor(
    private readonly s3: S3Config,
    private readonly clock: Clock,
    private readonly fetchFn: FetchFn = (url, init) => fetch(url, init),
  ) {}

  private url(key: string): URL {
    return new URL(`${this.s3.endpoint}/${encodeURIComponent(this.s3.bucket)}/${checkKey(key)}`);
  }

  private async send(method: string, key: string, body?: Buffer, contentType?: string): Promise<Response> {
    const url = this.url(key);
    const headers = signS3Request(
      this.s3,
      { method, url, payloadHash: sha256(body ?? ""), ...(contentType ? { contentType } : {}) },
      this.clock.now(),
    );
    return this.fetchFn(url.toString(), { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) });
  }

  async put(key: string, body: Body, mime: string): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk));
    const response = await this.send("PUT", key, Buffer.concat(chunks), mime);
    if (!response.ok) throw new Error(`S3 PUT ${key}: ${response.status} ${await response.text()}`);
  }

  async get(key: string): Promise<Readable | null> {
    const response = await this.send("GET", key);
    if (response.status === 404) return null;
    if (!response.ok || !response.body) throw new Error(`S3 GET ${key}: ${response.status}`);
    return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  }

  async delete(key: string): Promise<void> {
    const response = await this.send("DELETE", key);
    if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key}: ${response.status}`);
  }
}
