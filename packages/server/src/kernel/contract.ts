import {
  isRouteAccess,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
  type ResponseOf,
  type RouteContract,
} from "@vigia/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { routeAccessHook } from "./http/route-access.ts";

/** The request as a contract's handler sees it: params, query and body already parsed by its schemas. */
export type ContractRequest<C extends RouteContract> = Omit<FastifyRequest, "params" | "query" | "body"> & {
  params: ParsedParams<C>;
  query: ParsedQuery<C>;
  body: ParsedBody<C>;
};

/** What a handler returns: the contract's answer, or nothing at all for a 204 route (`response: null`). */
// biome-ignore lint/suspicious/noConfusingVoidType: a 204 handler is a function that returns nothing.
type HandlerResult<C extends RouteContract> = C["response"] extends null ? void : ResponseOf<C>;

export type ContractHandler<C extends RouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<HandlerResult<C> | FastifyReply> | HandlerResult<C> | FastifyReply;

/** The API prefix every contract path sits under. */
export const API_PREFIX = "/fr/v1";

/**
 * Registers a route from its domain contract on a plugin instance. Contract paths are full paths under
 * `/fr/v1`; the plugin's own prefix (for example `/fr/v1/companies/id/:companyId`) is taken off, so plugins
 * keep their hooks (authentication, company scope) and the contract stays the one place the path is written.
 * The contract's `access` is enforced here, before the body is read; a contract without one stops the start.
 */
export function mountRoute<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
): void {
  const full = `${API_PREFIX}${contract.path}`;
  // The type requires `access`; this catches a contract object built around the type checker.
  const access: unknown = contract.access;
  if (!isRouteAccess(access)) {
    throw new Error(
      `contract ${contract.method} ${contract.path} declares no access: add one of ROUTE_ACCESS`,
    );
  }
  if (!full.startsWith(app.prefix)) {
    throw new Error(`contract ${contract.method} ${contract.path} mounted under ${app.prefix}`);
  }
  // The prefix itself is "" here, so the route is the prefix exactly (no second, slash-ended twin).
  const url = full.slice(app.prefix.length);
  const response =
    contract.response === null ? { 204: z.null().describe("No content") } : { 200: contract.response };
  app.route({
    method: contract.method,
    url,
    schema: {
      summary: contract.summary,
      ...(contract.tags ? { tags: [...contract.tags] } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response,
    },
    onRequest: routeAccessHook(access),
    handler: async (request, reply) => {
      // Fastify's validator compiler has already replaced params, query and body with the values these
      // very schemas parsed; this is the one place that re-types them.
      const result = await handler(request as unknown as ContractRequest<C>, reply);
      if (contract.response === null && !reply.sent) return reply.status(204).send();
      return result;
    },
  });
}
