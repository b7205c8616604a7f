import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import {
  deviceCommandInputSchema,
  deviceCommandSchema,
  itemCommandsSchema,
} from "../model/device-commands.ts";

/** Commands to an item's device from the map's item panel. */
const itemParams = z.object({
  companyId: idParam,
  itemType: z.coerce.number().int().min(1).max(3),
  itemId: idParam,
});

export const commandsApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/commands/:itemType/id/:itemId",
    access: "user",
    summary: "The commands the item's device takes and the ones sent to it, newest first",
    tags: ["commands"],
    params: itemParams,
    response: itemCommandsSchema,
  }),
  send: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/commands/:itemType/id/:itemId",
    access: "write",
    summary: "Send a command to the item's device (queued until it connects)",
    tags: ["commands"],
    params: itemParams,
    body: deviceCommandInputSchema,
    response: deviceCommandSchema,
  }),
} as const;
