/**
 * One contract per route: method, path, params, query, body and response as zod schemas. The server registers
 * its routes from these objects (request validation, response serialisation and the OpenAPI document), and the
 * web app calls them through the one client that reads the same objects. A route's shape is written once, here.
 */
import { z } from "zod";
import type { RouteAccess } from "./access.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteContract {
  method: HttpMethod;
  /** Full path under `/fr/v1`, Fastify style: `/companies/id/:companyId/groups/id/:id`. */
  path: string;
  /** One line for the OpenAPI document. */
  summary: string;
  tags?: readonly string[];
  /** Who may call the route (`access.ts`): the server refuses everyone else before reading the body. */
  access: RouteAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The 200 answer. Response schemas are plain data (no `.transform`): the server encodes the handler's result
   * with them, which also strips fields the contract does not list. `null`: the route answers 204, no body.
   */
  response: z.ZodType | null;
}

/** Declares a contract; `const` keeps the literal path so its parameter names are known to the type checker. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

/** A database id in a path: a positive 32-bit integer, so an id out of range is a 400, never a 500. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters a caller gives, by name from the path itself. */
export type PathParams<C extends RouteContract> = { [K in ParamNames<C["path"]>]: string | number };
export type QueryOf<C extends RouteContract> = C["query"] extends z.ZodType ? z.input<C["query"]> : undefined;
export type BodyOf<C extends RouteContract> = C["body"] extends z.ZodType ? z.input<C["body"]> : undefined;
export type ResponseOf<C extends RouteContract> = C["response"] extends z.ZodType
  ? z.output<C["response"]>
  : undefined;

/** What a handler receives after the server validated the request with the contract. */
export type ParsedParams<C extends RouteContract> = C["params"] extends z.ZodType
  ? z.output<C["params"]>
  : Record<string, never>;
export type ParsedQuery<C extends RouteContract> = C["query"] extends z.ZodType
  ? z.output<C["query"]>
  : Record<string, never>;
export type ParsedBody<C extends RouteContract> = C["body"] extends z.ZodType
  ? z.output<C["body"]>
  : undefined;

/** What a caller passes: params when the path has any, query when declared, body when declared. */
export type CallInput<C extends RouteContract> = ([ParamNames<C["path"]>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<C> }) &
  (C["query"] extends z.ZodType ? { query?: QueryOf<C> } : { query?: undefined }) &
  (C["body"] extends z.ZodType ? { body: BodyOf<C> } : { body?: undefined });

/** Fills `:name` segments from `params`, encoding each value; a missing parameter is a programming error. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`path parameter ${name} missing for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Query string of defined values; arrays repeat the key, as Fastify's parser reads them back. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
