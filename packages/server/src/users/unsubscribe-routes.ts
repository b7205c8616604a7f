import { unsubscribeApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { notFound } from "../kernel/errors.ts";
import { unsubscribeKey, useUnsubscribeKey } from "./store.ts";

/** The unsubscribe screen works without signing in: the key itself is the credential. */
export function unsubscribeRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, unsubscribeApi.info, async (request) => {
      const info = await unsubscribeKey(ctx.db, request.params.key);
      if (!info) throw notFound("invalid.key");
      return info;
    });

    mountRoute(app, unsubscribeApi.confirm, async (request) => {
      const key = request.params.key;
      const found = await ctx.db.transaction((tx) => useUnsubscribeKey(tx, key, ctx.clock.now()));
      if (!found) throw notFound("invalid.key");
    });
  };
}
