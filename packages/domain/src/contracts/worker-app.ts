import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import { storedFileSchema } from "../model/files.ts";
import { formSchema, submissionSchema } from "../model/forms.ts";
import { itineraryProgressSchema } from "../model/itineraries.ts";
import { ticketSchema } from "../model/tickets.ts";
import {
  workerAckSchema,
  workerCommentSchema,
  workerSubmissionSchema,
  workerUploadSchema,
} from "../model/worker-app.ts";

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
  itinerary: defineRoute({
    method: "GET",
    path: "/device/itinerary",
    access: "public",
    summary:
      "The worker app's itineraries for today: those assigned to the device's item on this weekday, each waypoint with its planned time and how far it went (device credentials as for the upload)",
    tags: ["itineraries"],
    query: credentialQuery,
    response: z.array(itineraryProgressSchema),
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
  forms: defineRoute({
    method: "GET",
    path: "/device/forms",
    access: "public",
    summary:
      "The worker app's forms: the active forms assigned to the device's item, directly or through its group (device credentials as for the upload)",
    tags: ["forms"],
    query: credentialQuery,
    response: z.array(formSchema),
  }),
  submit: defineRoute({
    method: "POST",
    path: "/device/forms/id/:id/submissions",
    access: "public",
    summary:
      "The worker app submits one of its forms for the device's item, with the time and position it was filled at; a resend with the same clientId answers the stored submission instead of storing it twice",
    tags: ["forms"],
    params: z.object({ id: idParam }),
    query: credentialQuery,
    body: workerSubmissionSchema,
    response: submissionSchema,
  }),
  file: defineRoute({
    method: "POST",
    path: "/device/files",
    access: "public",
    summary:
      "The worker app stores a form attachment of the device's company (raw body; type sniffed from the bytes; photo ≤ 2 MB, document ≤ 10 MB); the answer's id goes into the submission",
    tags: ["files"],
    query: credentialQuery.extend({
      name: z.string().max(500).default("file"),
      kind: z.enum(["photo", "document"]).default("photo"),
    }),
    response: storedFileSchema,
  }),
};
