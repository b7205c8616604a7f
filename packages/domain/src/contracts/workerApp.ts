import { z } from "zod";
import { defineRoute } from "../contract.ts";
import { workerAckSchema, workerUploadSchema } from "../workerApp.ts";

/** The worker app's own calls, authenticated as its device (id and key), like the OsmAnd HTTP ingest. */
export const workerAppApi = {
  upload: defineRoute({
    method: "POST",
    path: "/device/positions",
    access: "public",
    summary:
      "The worker app uploads queued fixes with its device credentials (HTTP basic auth: device id and key); the answer lists the fixes stored and refused",
    tags: ["appconfig"],
    query: z.object({ id: z.string().max(64).optional(), key: z.string().max(64).optional() }),
    body: workerUploadSchema,
    response: workerAckSchema,
  }),
};
