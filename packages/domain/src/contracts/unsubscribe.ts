import { z } from "zod";
import { unsubscribeInfoSchema } from "../api/site.ts";
import { defineRoute } from "../model/contract.ts";

const params = z.object({ key: z.string().min(10).max(200) });
const tags = ["notifications"] as const;

/** The unsubscribe link of notification mails: works without signing in, the key is the credential. */
export const unsubscribeApi = {
  info: defineRoute({
    method: "GET",
    path: "/notifications/unsubscribe/:key",
    access: "public",
    summary: "What the unsubscribe key stops, and whether it already did",
    tags,
    params,
    response: unsubscribeInfoSchema,
  }),
  confirm: defineRoute({
    method: "POST",
    path: "/notifications/unsubscribe/:key",
    access: "public",
    summary: "Stop the notification mails of the key",
    tags,
    params,
    response: null,
  }),
};
