import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import { fileKindSchema, storedFileSchema } from "../model/files.ts";

const companyParams = z.object({ companyId: idParam });
const oneParams = z.object({ companyId: idParam, id: idParam });
const tags = ["files"] as const;

/**
 * Files of a company. An upload sends the raw bytes as the request body with their content type (no
 * multipart); the answer's id is what entities (revisions, tickets, forms…) store as their attachments.
 */
export const filesApi = {
  upload: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/files",
    access: "tickets",
    summary: "Store one file (raw body; type sniffed from the bytes; photo ≤ 2 MB, document ≤ 10 MB)",
    tags,
    params: companyParams,
    query: z.object({ name: z.string().max(500).default("file"), kind: fileKindSchema.default("document") }),
    response: storedFileSchema,
  }),
  download: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/files/id/:id",
    access: "user",
    summary: "The bytes of a stored file of the company",
    tags,
    params: oneParams,
    query: z.object({ download: z.coerce.boolean().optional() }),
    response: z.string().describe("the file's bytes, with its content type"),
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/files/id/:id",
    access: "tickets",
    summary: "Delete a stored file (its uploader or an administrator)",
    tags,
    params: oneParams,
    response: null,
  }),
};
