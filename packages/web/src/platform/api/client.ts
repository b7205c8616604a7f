import {
  API_ERROR,
  type ApiErrorBody,
  type CallInput,
  fillPath,
  queryString,
  type ResponseOf,
  type RouteContract,
} from "@vigia/domain";

/** The one error type every call rejects with: status code, response text and URL. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** Raw response text (or the offline text). */
    readonly text: string,
    readonly url: string,
    /** `description` of the JSON error body, or the text when the body was not JSON. */
    readonly description: string,
    readonly code: "offline" | "http" | "restricted" = "http",
  ) {
    super(`${status} ${description} (${url})`);
    this.name = "ApiError";
  }
}

export const OFFLINE_TEXT = "No internet connection";

/** Why the server refuses the session: outside its hours, from another network, or its company is blocked. */
export type Restriction = "timerange" | "fromip" | "blocked";

export interface ClientHooks {
  accessToken(): string | null;
  /** Whether the page shown now is the unsubscribe screen, where a 401 must not log out. */
  onUnsubscribeScreen(): boolean;
  /** 401 on an ordinary call: log out and reload; `description` says why (an ended session, another brand). */
  unauthorized(description: string): void;
  /** 403 restriction: open the restriction modal. */
  restricted(kind: Restriction): void;
  /** Any other failure: show a toast. */
  failed(error: ApiError): void;
  online(): boolean;
}

/** How one call treats its session and its errors. */
export interface CallOptions {
  /** Token to send instead of the access token (the refresh call), or null for none (login). */
  token?: string | null;
  /** Login and refresh handle their own 401 instead of logging out. */
  own401?: boolean;
  /** The caller shows the error itself (login messages, form dialogs): no toast. */
  quiet?: boolean;
}

/** How the calls before sign-in go (sign-in, password reset and change): no session, their own 401 and error text. */
export const SIGNED_OUT_CALL: CallOptions = { token: null, own401: true, quiet: true };

type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

/** The path a call goes to: the contract's path with its params filled in, then its query. */
function pathOf<C extends RouteContract>(contract: C, input: CallInput<C>): string {
  return fillPath(contract.path, input.params) + queryString(input.query ?? undefined);
}

export class ApiClient {
  constructor(
    private readonly base: string,
    private readonly hooks: ClientHooks,
    private readonly fetchFn: FetchFn = (input, init) => fetch(input, init),
  ) {}

  /**
   * Calls a route through its domain contract: the path is filled from `params`, the query and body go as
   * the contract declares them, and the answer is parsed with the contract's response schema (a response
   * that does not match fails like any other error, with the description `response.invalid`).
   */
  async call<C extends RouteContract>(
    contract: C,
    input: CallInput<C>,
    options: CallOptions = {},
  ): Promise<ResponseOf<C>> {
    const path = pathOf(contract, input);
    const { response, text } = await this.send(contract.method, path, { ...options, body: input.body });
    return this.answer(contract, path, response, text, options);
  }

  /**
   * Fetches a file route (a contract whose answer is a streamed file, not JSON): the bytes and the file name
   * from Content-Disposition. Errors are handled like every other call.
   */
  async download<C extends RouteContract>(
    contract: C,
    input: CallInput<C>,
    options: CallOptions = {},
  ): Promise<{ blob: Blob; fileName: string }> {
    const path = pathOf(contract, input);
    const { response, blob } = await this.send(contract.method, path, { ...options, asBlob: true });
    const disposition = response.headers.get("content-disposition") ?? "";
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "download";
    return { blob: blob ?? new Blob([]), fileName };
  }

  /**
   * Sends raw bytes as the body (file uploads: the server sniffs the type) and parses the answer with the
   * contract like `call`.
   */
  async upload<C extends RouteContract>(
    contract: C,
    input: CallInput<C>,
    file: Blob,
    options: CallOptions = {},
  ): Promise<ResponseOf<C>> {
    const path = pathOf(contract, input);
    const { response, text } = await this.send(contract.method, path, { ...options, raw: file });
    return this.answer(contract, path, response, text, options);
  }

  /** The answer read with the contract's response schema; one that does not match fails as `response.invalid`. */
  private answer<C extends RouteContract>(
    contract: C,
    path: string,
    response: Response,
    text: string,
    options: CallOptions,
  ): ResponseOf<C> {
    const schema = contract.response;
    if (schema === null || response.status === 204) return undefined as ResponseOf<C>;
    const parsed = schema.safeParse(text === "" ? undefined : JSON.parse(text));
    if (!parsed.success) {
      console.error(
        `response of ${contract.method} ${contract.path} does not match its contract`,
        parsed.error,
      );
      throw this.fail(new ApiError(response.status, text, response.url || path, "response.invalid"), options);
    }
    return parsed.data as ResponseOf<C>;
  }

  /** The bytes a GET route answers (stored files, exports), with the session's token. */
  async blob<C extends RouteContract>(
    contract: C,
    input: CallInput<C>,
    options: CallOptions = {},
  ): Promise<Blob> {
    const path = pathOf(contract, input);
    const { blob } = await this.send(contract.method, path, { ...options, asBlob: true });
    return blob ?? new Blob([]);
  }

  private async send(
    method: string,
    path: string,
    options: CallOptions & { body?: unknown; raw?: Blob; asBlob?: boolean },
  ): Promise<{ response: Response; text: string; blob?: Blob }> {
    const url = `${this.base}/${path.replace(/^\//, "")}`;
    const headers: Record<string, string> = { Accept: options.asBlob ? "*/*" : "application/json" };
    const token = options.token === undefined ? this.hooks.accessToken() : options.token;
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers["Content-Type"] = "application/json";
    if (options.raw) headers["Content-Type"] = options.raw.type || "application/octet-stream";

    if (!this.hooks.online()) throw this.fail(offlineError(url), options);
    let response: Response;
    try {
      response = await this.fetchFn(url, {
        method,
        headers,
        body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      });
    } catch {
      // fetch only rejects when no response arrived at all: treat it as being offline.
      throw this.fail(offlineError(url), options);
    }
    if (response.ok && options.asBlob) return { response, text: "", blob: await response.blob() };
    const text = await response.text();
    if (response.ok) return { response, text };

    const description = readDescription(text);
    if (response.status === 401 && !options.own401 && !this.hooks.onUnsubscribeScreen()) {
      this.hooks.unauthorized(description);
      throw new ApiError(401, text, url, description);
    }
    const restriction = restrictionOf(response.status, description);
    if (restriction) {
      // The modal is the whole answer; the caller gets an error it must not show again.
      this.hooks.restricted(restriction);
      throw new ApiError(403, text, url, description, "restricted");
    }
    throw this.fail(new ApiError(response.status, text, url, description), options);
  }

  private fail(error: ApiError, options: CallOptions): ApiError {
    if (!options.quiet) this.hooks.failed(error);
    return error;
  }
}

function offlineError(url: string): ApiError {
  return new ApiError(0, OFFLINE_TEXT, url, OFFLINE_TEXT, "offline");
}

function readDescription(text: string): string {
  try {
    const body = JSON.parse(text) as Partial<ApiErrorBody>;
    if (typeof body.description === "string") return body.description;
    if (typeof body.error === "string") return body.error;
  } catch {
    // Not JSON: the text itself is the description.
  }
  return text;
}

export function restrictionOf(status: number, description: string): Restriction | null {
  if (status !== 403) return null;
  if (description.includes(API_ERROR.restrictionTimeRange)) return "timerange";
  if (description.includes(API_ERROR.restrictionFromIp)) return "fromip";
  if (description === API_ERROR.companyBlocked) return "blocked";
  return null;
}
