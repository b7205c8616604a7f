import { z } from "zod";
import { defineRoute, idParam } from "../contract.ts";
import { ticketSchema } from "../tickets.ts";
import { workerAckSchema, workerCommentSchema, workerUploadSchema } from "../workerApp.ts";

const credentialQuery = z.object({ id: z.string().max(64).optional(), key: z.string().max(64).optional() });

/** The worker app's own calls, authenticated as its device (id and key), like the OsmAnd HTTP ingest. */
export const workerAppApi = {
  upload: defineRoute({
    method: "POST",
    path: "/device/positions",
    access: "public",
    summary:
      "The worker app uploads queued fixes with its device credentials (HTTP basic auth: device id and key); the answer lists the fixes stored and refused",
    tags: ["appconfig"],
    query: credentialQuery,
    body: workerUploadSchema,
    response: workerAckSchema,
  }),
  tickets: defineRoute({
    method: "GET",
    path: "/device/tickets",
    access: "public",
    summary:
      "The worker app's tasks: the tickets not closed that are linked to the device's person, with their comments (device credentials as for the upload)",
    tags: ["tickets"],
    query: credentialQuery,
    response: z.array(ticketSchema),
  }),
  comment: defineRoute({
    method: "POST",
    path: "/device/tickets/id/:id/comments",
    access: "public",
    summary: "The worker app comments on a ticket linked to its person, signed with the person's name",
    tags: ["tickets"],
    params: z.object({ id: idParam }),
    query: credentialQuery,
    body: workerCommentSchema,
    response: ticketSchema,
  }),
};
